import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { banners, idempotencyKeys, users } from "@/db/schema";
import { bannersCrud } from "@/lib/operations/banners";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { REUSED_MESSAGE } from "@/lib/platform/idempotency";
import { StaleVersion, versionOf } from "@/lib/platform/versions";
import { IDEMPOTENCY_FIELD, VERSION_FIELD } from "@/lib/platform/write-fields";
import { adminEmail, api, ctxFor, seeded, tokenFor, userId } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/banners/actions");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let admin: Ctx;
let token: string;
let adminName: string;
let happyId: number;

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  const [u] = await db
    .select({ user_name: users.user_name, first: users.first_name, last: users.last_name })
    .from(users)
    .where(eq(users.id, await userId(adminEmail)));
  adminName = u.user_name?.trim() || `${u.first} ${u.last}`;
});

async function newBanner(title: string) {
  return bannersCrud.create(admin, { title, is_active: 1 });
}

const bannerRows = (title: string) =>
  db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.title, title), eq(banners.company_id, happyId)));

describe("optimistic locking: a stale save never overwrites", () => {
  it("20 concurrent PATCHes carrying one version: exactly one 200, the other 19 answer 412 naming who and when", async () => {
    const b = await newBanner("Locked banner");
    const etag = `"${versionOf(b)}"`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api("PATCH", `banners/${b.id}`, {
          token,
          body: { title: `Locked banner ${i}` },
          headers: { "if-match": etag },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!;
    const [row] = await db.select().from(banners).where(eq(banners.id, b.id));
    // The one that won is what is stored: nobody's edit was overwritten silently.
    expect(row.title).toBe((winner.json.data as { title: string }).title);
    const loser = answers.find((a) => a.status === 412)!;
    expect(loser.json.message).toMatch(
      new RegExp(`^This record was changed by ${adminName} at \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} [AP]M\\.$`),
    );
    // The refusal names who and when; the client reads the record again (its ETag) and retries.
    expect(loser.json.message).not.toContain(versionOf(row)!);
  });

  it("the kernel's update with a version: 20 at once give one save and 19 × 409 (StaleVersion)", async () => {
    const b = await newBanner("Kernel locked banner");
    const version = versionOf(b)!;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        bannersCrud.update(admin, { id: b.id, title: `Kernel locked ${i}` }, { version }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r) => r.status === "rejected").map((r) => r.reason as AppError);
    expect(refused).toHaveLength(19);
    for (const e of refused) {
      expect(e).toBeInstanceOf(StaleVersion);
      expect(e.status).toBe(409);
    }
  });

  it("ETag on GET matches the record's version and changes with an update; a current If-Match saves", async () => {
    const b = await newBanner("Etag banner");
    const first = await api("GET", `banners/${b.id}`, { token });
    expect(first.status).toBe(200);
    const etag = first.res.headers.get("etag");
    expect(etag).toBe(`"${versionOf(b)}"`);
    expect(etag).toBe(`"${(first.json.data as { updated_at: string }).updated_at}"`);
    const saved = await api("PATCH", `banners/${b.id}`, {
      token,
      body: { title: "Etag banner, edited" },
      headers: { "if-match": etag! },
    });
    expect(saved.status).toBe(200);
    const next = saved.res.headers.get("etag");
    expect(next).not.toBe(etag);
    const again = await api("GET", `banners/${b.id}`, { token });
    expect(again.res.headers.get("etag")).toBe(next);
    // The old version is stale now.
    const stale = await api("PATCH", `banners/${b.id}`, {
      token,
      body: { title: "Etag banner, overwritten?" },
      headers: { "if-match": etag! },
    });
    expect(stale.status).toBe(412);
    expect(String(stale.json.message)).toContain(`changed by ${adminName} at `);
    // A weak tag of the current version, or *, matches too; no If-Match keeps last-write-wins for today's apps.
    const weak = await api("PATCH", `banners/${b.id}`, {
      token,
      body: { title: "Etag banner, weak" },
      headers: { "if-match": `W/${next}` },
    });
    expect(weak.status).toBe(200);
    expect(
      (await api("PATCH", `banners/${b.id}`, { token, body: { title: "Any" }, headers: { "if-match": "*" } }))
        .status,
    ).toBe(200);
    expect((await api("PATCH", `banners/${b.id}`, { token, body: { title: "No header" } })).status).toBe(200);
  });

  it("two saves within one millisecond still give two versions (the second is a millisecond past the first)", async () => {
    const b = await newBanner("Fast banner");
    const one = await bannersCrud.update(admin, { id: b.id, title: "Fast 1" }, { version: versionOf(b) });
    const two = await bannersCrud.update(admin, { id: b.id, title: "Fast 2" }, { version: versionOf(one) });
    expect(versionOf(two)! > versionOf(one)!).toBe(true);
    await expect(
      bannersCrud.update(admin, { id: b.id, title: "Fast 3" }, { version: versionOf(one) }),
    ).rejects.toBeInstanceOf(StaleVersion);
  });

  it("the form's server action: a stale version answers 409 with the message and the current version", async () => {
    const b = await newBanner("Form banner");
    const opaque = (await actions.createBannerAction({
      title: "Form banner 2",
      is_active: 1,
    })) as { ok: true; data: { id: string } };
    expect(opaque.ok).toBe(true);
    const version = versionOf(b)!;
    const tabA = await actions.updateBannerAction(encodeId(b.id), {
      title: "Tab A",
      [VERSION_FIELD]: version,
    });
    expect(tabA.ok).toBe(true);
    const tabB = await actions.updateBannerAction(encodeId(b.id), {
      title: "Tab B",
      [VERSION_FIELD]: version,
    });
    expect(tabB.ok).toBe(false);
    if (tabB.ok) return;
    expect(tabB.status).toBe(409);
    expect(tabB.message).toContain(`This record was changed by ${adminName} at `);
    const [row] = await db.select().from(banners).where(eq(banners.id, b.id));
    expect(row.title).toBe("Tab A");
    expect(tabB.version).toBe(versionOf(row));
    // Keep mine: the same values with the current version save over theirs, knowingly.
    const mine = await actions.updateBannerAction(encodeId(b.id), {
      title: "Tab B",
      [VERSION_FIELD]: tabB.version,
    });
    expect(mine.ok).toBe(true);
  });
});

describe("Idempotency-Key: a repeated create makes one record", () => {
  it("a repeated key answers the first answer (status and body) and writes no second row", async () => {
    const key = `banner-${Date.now()}`;
    const body = { title: "Idempotent banner", is_active: 1 };
    const first = await api("POST", "banners", { token, body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(200);
    const again = await api("POST", "banners", { token, body, headers: { "idempotency-key": key } });
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);
    expect(again.res.headers.get("idempotent-replayed")).toBe("true");
    expect(await bannerRows("Idempotent banner")).toHaveLength(1);
    // Without a key, a second create is a second record (today's behaviour).
    await api("POST", "banners", { token, body: { title: "Keyless banner", is_active: 1 } });
    await api("POST", "banners", { token, body: { title: "Keyless banner", is_active: 1 } });
    expect(await bannerRows("Keyless banner")).toHaveLength(2);
  });

  it("the same key with another body is refused (422) and writes nothing", async () => {
    const key = `banner-other-${Date.now()}`;
    await api("POST", "banners", {
      token,
      body: { title: "Key body one" },
      headers: { "idempotency-key": key },
    });
    const other = await api("POST", "banners", {
      token,
      body: { title: "Key body two" },
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(422);
    expect(other.json.message).toBe(REUSED_MESSAGE);
    expect(await bannerRows("Key body two")).toHaveLength(0);
  });

  it("20 concurrent creates with one key: one row, every answer the same record", async () => {
    const key = `banner-race-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("POST", "banners", {
          token,
          body: { title: "Raced banner", is_active: 1 },
          headers: { "idempotency-key": key },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => (a.json.data as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await bannerRows("Raced banner")).toHaveLength(1);
  });

  it("a refused create keeps no key: corrected, the same key creates; a bad key is 400", async () => {
    const key = `banner-fix-${Date.now()}`;
    const refused = await api("POST", "banners", {
      token,
      body: { title: "" },
      headers: { "idempotency-key": key },
    });
    expect(refused.status).toBe(422);
    const fixed = await api("POST", "banners", {
      token,
      body: { title: "Fixed banner" },
      headers: { "idempotency-key": key },
    });
    expect(fixed.status).toBe(200);
    const bad = await api("POST", "banners", {
      token,
      body: { title: "Bad key" },
      headers: { "idempotency-key": "x".repeat(256) },
    });
    expect(bad.status).toBe(400);
  });

  it("the create form's action: a double submit with the form's key makes one record", async () => {
    const key = `form-${Date.now()}`;
    const values = { title: "Double-clicked banner", is_active: 1, [IDEMPOTENCY_FIELD]: key };
    // One after the other (a second click once the first answered, or a retry after a lost answer); the concurrent
    // case is the /api test above and the browser's double click (tests/e2e/writes.spec.ts).
    const a = await actions.createBannerAction(values);
    const b = await actions.createBannerAction(values);
    expect([a, b]).toMatchObject([{ ok: true }, { ok: true }]);
    if (!a.ok || !b.ok) return;
    expect(a.data.id).toBe(b.data.id);
    expect(decodeId(a.data.id)).toBeGreaterThan(0);
    expect(await bannerRows("Double-clicked banner")).toHaveLength(1);
    const [stored] = await db
      .select({ company: idempotencyKeys.company_id, entity: idempotencyKeys.entity })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(stored).toEqual({ company: happyId, entity: "banners" });
  });

  it("keys older than 24 hours are pruned and free again", async () => {
    const { pruneIdempotencyKeys } = await import("@/lib/platform/idempotency");
    const key = `old-${Date.now()}`;
    await api("POST", "banners", {
      token,
      body: { title: "Old key banner" },
      headers: { "idempotency-key": key },
    });
    await db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    await pruneIdempotencyKeys();
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});

describe("OpenAPI documents the headers", () => {
  it("an update takes If-Match and may answer 412; a create takes Idempotency-Key; a record answers an ETag", async () => {
    const { openApiDocument } = await import("@/lib/api/openapi");
    const doc = openApiDocument() as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; responses: Record<string, unknown> }>
      >;
    };
    const names = (op: { parameters?: { name: string }[] }) => (op.parameters ?? []).map((p) => p.name);
    const patch = doc.paths["/banners/{id}"].patch;
    expect(names(patch)).toContain("If-Match");
    expect(patch.responses["412"]).toBeDefined();
    expect(patch.responses["200"]).toMatchObject({ headers: { ETag: {} } });
    const post = doc.paths["/banners"].post;
    expect(names(post)).toContain("Idempotency-Key");
    expect(post.responses["200"]).toMatchObject({ headers: { "Idempotent-Replayed": {} } });
    expect(doc.paths["/banners/{id}"].get.responses["200"]).toMatchObject({ headers: { ETag: {} } });
  });
});
