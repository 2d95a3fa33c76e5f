import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, outlets, pjps, positions, users } from "@/db/schema";
import { pjpMasters } from "@/lib/operations/pjp-masters";
import { PJP_MESSAGES, pjpsCrud } from "@/lib/operations/pjps";
import { currentMonthYear } from "@/lib/operations/week-parity";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { GET as download } from "@/app/api/download/route";
import { adminEmail, api, ctxFor, linkRequest, seeded, tokenFor } from "../support/fixtures";
import { readXlsx, sheetRows } from "../support/xlsx";

const { list, get, create, update, upsert, delete: del, restore } = pjpsCrud;

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/pjps/actions");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let wagId: number;
let admin: Ctx;
let token: string;
let wagToken: string;
/** Two staff users of Happy Paws made for these tests (role USER, live, active), and one of Wag Nation. */
let asha: number, ravi: number, wagUser: number;
/** Outlets of Happy Paws (A, B, C live and active; off inactive; gone deleted) and one of Wag Nation. */
let A: number, B: number, C: number, off: number, gone: number, wagOutlet: number;
let seq = 0;

async function newUser(companyId: number, name: string, o: { role?: number; active?: number } = {}) {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), eq(positions.name, "CUSTOMER")));
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: o.role ?? ROLE_IDS.USER,
      position_id: p.id,
      first_name: name,
      last_name: "Test",
      user_name: `${name} Test`,
      email: `${name.toLowerCase()}.${++seq}@pjps.test`,
      password_hash: "!unset:test",
      is_active: o.active ?? 1,
    })
    .returning({ id: users.id });
  return u.id;
}

async function newOutlet(companyId: number, name: string, o: { active?: number; deleted?: boolean } = {}) {
  const [row] = await db
    .insert(outlets)
    .values({
      company_id: companyId,
      name: `${name} ${++seq}`,
      is_active: o.active ?? 1,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: outlets.id });
  return row.id;
}

/** The 422 field errors a domain call throws (fails the test when it does not throw one). */
async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

async function statusOf(p: Promise<unknown>): Promise<number> {
  return p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : 500),
  );
}

const pjp = (over: Record<string, unknown> = {}) => ({
  name: `Round ${++seq}`,
  location: "Andheri",
  user_id: asha,
  date: "2026-06-10",
  description: "Display audit",
  pjp_outlets: [{ outlet_id: A }],
  ...over,
});

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
  wagToken = await tokenFor("admin@wagnation.test");
  asha = await newUser(happyId, "Asha");
  ravi = await newUser(happyId, "Ravi");
  wagUser = await newUser(wagId, "Wagger");
  A = await newOutlet(happyId, "Alpha Store");
  B = await newOutlet(happyId, "Beta Store");
  C = await newOutlet(happyId, "Gamma Store");
  off = await newOutlet(happyId, "Closed Store", { active: 0 });
  gone = await newOutlet(happyId, "Gone Store", { deleted: true });
  wagOutlet = await newOutlet(wagId, "Wag Store");
});

describe("pjps list", () => {
  it("shows the current month (India) when no month is asked, on /api and in the domain function", async () => {
    const month = currentMonthYear();
    const now = await create(admin, pjp({ date: `${month}-15`, name: "This Month Round" }));
    const june = await create(admin, pjp({ date: "2026-06-15", name: "June Round" }));
    const byDefault = await list(admin, { rowsPerPage: "1000" });
    const ids = byDefault.data.map((r) => r.id);
    expect(ids).toContain(now.id);
    expect(ids).not.toContain(june.id);
    expect(byDefault.data.every((r) => r.date.startsWith(month))).toBe(true);

    const r = await api("GET", "pjps?rowsPerPage=1000", { token });
    expect(r.status).toBe(200);
    expect((r.json.data as { id: number }[]).map((x) => x.id)).toEqual(ids);

    const inJune = await api("GET", "pjps?month_year=2026-06&search_keyword=june round", { token });
    expect((inJune.json.data as { id: number; user_name: string }[]).map((x) => x.id)).toEqual([june.id]);
    expect((inJune.json.data as { user_name: string }[])[0].user_name).toBe("Asha Test");
  });

  it("refuses a month that is not YYYY-MM (422 on month_year)", async () => {
    for (const bad of ["2026-13", "June", "2026-6"]) {
      const r = await api("GET", `pjps?month_year=${bad}`, { token });
      expect(r.status).toBe(422);
      expect(r.json.errors).toHaveProperty("month_year");
    }
  });

  it("filters by user (plain or opaque id), status and search, sorts by date, pages, and opens the trash", async () => {
    const month = "2026-07";
    const made = [];
    for (const [user_id, date, is_active, name] of [
      [asha, "2026-07-20", 1, "Late Visit"],
      [asha, "2026-07-03", 1, "Early Visit"],
      [ravi, "2026-07-10", 1, "Ravi Visit"],
      [asha, "2026-07-11", 0, "Paused Visit"],
    ] as const)
      made.push(await create(admin, pjp({ user_id, date, is_active, name })));
    const base = { month_year: month };

    const all = await list(admin, base);
    expect(all.count).toBe(4);
    expect(all.data.map((r) => r.date)).toEqual(["2026-07-03", "2026-07-10", "2026-07-11", "2026-07-20"]);
    const latestFirst = await list(admin, { ...base, sort: "-date" });
    expect(latestFirst.data[0].name).toBe("Late Visit");

    const ashas = await list(admin, { ...base, user_id: encodeId(asha) });
    expect(ashas.data.map((r) => r.name).sort()).toEqual(["Early Visit", "Late Visit", "Paused Visit"]);
    const viaApi = await api("GET", `pjps?month_year=${month}&user_id=${ravi}`, { token });
    expect((viaApi.json.data as { name: string }[]).map((r) => r.name)).toEqual(["Ravi Visit"]);

    expect((await list(admin, { ...base, is_active: "0" })).data.map((r) => r.name)).toEqual([
      "Paused Visit",
    ]);
    expect((await list(admin, { ...base, search_keyword: "ravi" })).data.map((r) => r.name)).toEqual([
      "Ravi Visit",
    ]);

    const page2 = await list(admin, { ...base, page: "2", rowsPerPage: "3" });
    expect(page2.data.map((r) => r.name)).toEqual(["Late Visit"]);
    expect(page2.count).toBe(4);

    await del(admin, { id: made[2].id });
    expect((await list(admin, base)).count).toBe(3);
    const trash = await api("GET", `pjps?month_year=${month}&show_deleted=1`, { token });
    expect((trash.json.data as { name: string }[]).map((r) => r.name)).toEqual(["Ravi Visit"]);
  });

  it("never shows another company's PJPs", async () => {
    const r = await api("GET", "pjps?month_year=2026-07", { token: wagToken });
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(0);
  });
});

describe("pjps save", () => {
  it("names the required fields, the date and the outlet rows' own errors", async () => {
    expect(await fieldErrorsOf(create(admin, {}))).toEqual({
      name: "The name field is required.",
      user_id: "The user field is required.",
      date: "The date field is required.",
      pjp_outlets: "The outlets field is required.",
    });
    const e = await fieldErrorsOf(
      create(admin, pjp({ date: "2026-02-30", pjp_outlets: [{ outlet_id: A }, { outlet_id: "" }, {}] })),
    );
    expect(e).toEqual({
      date: "The date is not a valid date.",
      "pjp_outlets.1.outlet_id": "The outlet field is required.",
      "pjp_outlets.2.outlet_id": "The outlet field is required.",
    });
    // Once every row names an outlet, a repeated one is named by its row.
    expect(
      await fieldErrorsOf(
        create(admin, pjp({ pjp_outlets: [{ outlet_id: A }, { outlet_id: B }, { outlet_id: A }] })),
      ),
    ).toEqual({ "pjp_outlets.2.outlet_id": "The outlet field has a duplicate value." });
    expect(await fieldErrorsOf(create(admin, pjp({ pjp_outlets: [] })))).toEqual({
      pjp_outlets: "The outlets field is required.",
    });
  });

  it("refuses users and outlets the company may not plan with, each under its field", async () => {
    const before = await db.select().from(pjps).where(eq(pjps.company_id, happyId));
    const e = await fieldErrorsOf(
      create(
        admin,
        pjp({
          user_id: wagUser,
          pjp_outlets: [{ outlet_id: A }, { outlet_id: wagOutlet }, { outlet_id: off }, { outlet_id: gone }],
        }),
      ),
    );
    expect(e).toEqual({
      user_id: "The selected user is invalid.",
      "pjp_outlets.1.outlet_id": "The selected outlet is invalid.",
      "pjp_outlets.2.outlet_id": "The selected outlet is invalid.",
      "pjp_outlets.3.outlet_id": "The selected outlet is invalid.",
    });
    // An admin (not role USER) and an inactive staff user are not offered either.
    const adminId = admin.userId;
    const idle = await newUser(happyId, "Idle", { active: 0 });
    for (const user_id of [adminId, idle])
      expect(await fieldErrorsOf(create(admin, pjp({ user_id })))).toEqual({
        user_id: "The selected user is invalid.",
      });
    // Nothing was written.
    expect(await db.select().from(pjps).where(eq(pjps.company_id, happyId))).toHaveLength(before.length);
  });

  it("keeps one PJP per user, date and name among live PJPs", async () => {
    await create(admin, pjp({ name: "Daily Check", date: "2026-08-03" }));
    expect(await fieldErrorsOf(create(admin, pjp({ name: "daily check", date: "2026-08-03" })))).toEqual({
      name: PJP_MESSAGES.taken,
    });
    // Another user, or another date, may have it.
    await create(admin, pjp({ name: "Daily Check", date: "2026-08-03", user_id: ravi }));
    const other = await create(admin, pjp({ name: "Daily Check", date: "2026-08-04" }));
    expect(await fieldErrorsOf(update(admin, { id: other.id, date: "2026-08-03" }))).toEqual({
      name: PJP_MESSAGES.taken,
    });
  });

  it("creates with outlets, answers them with names and the nested user, and updates through POST pjps with an id", async () => {
    const made = await create(
      admin,
      pjp({ name: "Outlet Tour", pjp_outlets: [{ outlet_id: B }, { outlet_id: A }] }),
    );
    expect(made.is_outlet_visited).toBe(0);
    expect(made.is_active).toBe(1);
    const r = await api("GET", `pjps/${made.id}`, { token });
    expect(r.status).toBe(200);
    const loaded = r.json.data as Record<string, unknown> & { pjp_outlets: { outlet_id: number }[] };
    expect(loaded.user).toEqual({ id: asha, user_name: "Asha Test" });
    expect(loaded.pjp_outlets.map((o) => o.outlet_id).sort()).toEqual([A, B].sort());
    expect(loaded.date).toBe("2026-06-10");

    // The edit screen of the earlier client posts the loaded record back, with its changes.
    const saved = await api("POST", "pjps", {
      token,
      body: { ...loaded, is_outlet_visited: 1, pjp_outlets: [{ outlet_id: C }, { outlet_id: A }] },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await get(admin, made.id);
    expect(after.is_outlet_visited).toBe(1);
    expect(after.pjp_outlets.map((o) => o.outlet_id).sort()).toEqual([A, C].sort());

    // The history records the outlet ids before and after.
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entity, "pjps"),
          eq(auditRecords.entity_id, made.id),
          eq(auditRecords.action, "update"),
        ),
      );
    expect((audit.old_json as { pjp_outlets: number[] }).pjp_outlets).toEqual([A, B].sort((x, y) => x - y));
    expect((audit.new_json as { pjp_outlets: number[] }).pjp_outlets).toEqual([A, C].sort((x, y) => x - y));
  });

  it("keeps an outlet and a user the PJP already has when they were deactivated since, but adds no inactive one", async () => {
    const temp = await newOutlet(happyId, "Soon Closed");
    const tempUser = await newUser(happyId, "Leaving");
    const made = await create(admin, pjp({ user_id: tempUser, pjp_outlets: [{ outlet_id: temp }] }));
    await db.update(outlets).set({ is_active: 0 }).where(eq(outlets.id, temp));
    await db.update(users).set({ is_active: 0 }).where(eq(users.id, tempUser));
    const loaded = await get(admin, made.id);
    await upsert(admin, { ...loaded, description: "Still planned", pjp_outlets: [{ outlet_id: temp }] });
    expect((await get(admin, made.id)).description).toBe("Still planned");
    expect(
      await fieldErrorsOf(
        update(admin, { id: made.id, pjp_outlets: [{ outlet_id: temp }, { outlet_id: off }] }),
      ),
    ).toEqual({ "pjp_outlets.1.outlet_id": "The selected outlet is invalid." });
  });

  it("answers 404 for another company's PJP, by /api and by the server actions", async () => {
    const theirs = await create(await ctxFor("admin@wagnation.test"), {
      ...pjp({ user_id: wagUser, pjp_outlets: [{ outlet_id: wagOutlet }] }),
    });
    expect((await api("GET", `pjps/${theirs.id}`, { token })).status).toBe(404);
    expect((await api("POST", "pjps", { token, body: { ...pjp(), id: theirs.id } })).status).toBe(404);
    expect((await api("POST", `pjps/delete/${theirs.id}`, { token })).status).toBe(404);
    session.ctx = admin;
    const r = await actions.updatePjpAction(encodeId(theirs.id), pjp());
    expect(r.ok ? 200 : r.status).toBe(404);
  });

  it("saves through the server actions with the form's string ids, and shows field errors by row", async () => {
    session.ctx = admin;
    const bad = await actions.createPjpAction({
      ...pjp(),
      user_id: String(asha),
      pjp_outlets: [{ outlet_id: String(A) }, { outlet_id: String(wagOutlet) }],
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.fieldErrors).toEqual({ "pjp_outlets.1.outlet_id": "The selected outlet is invalid." });
    const ok = await actions.createPjpAction({
      ...pjp(),
      user_id: String(asha),
      pjp_outlets: [{ outlet_id: String(B) }],
    });
    expect(ok.ok).toBe(true);
  });
});

describe("pjps delete and restore", () => {
  it("deletes into the trash and restores, with the spec's texts", async () => {
    const made = await create(admin, pjp({ name: "Trash Me" }));
    const d = await api("POST", `pjps/delete/${made.id}`, { token });
    expect(d.json).toEqual({ message: "Pjp deleted successfully." });
    expect(await statusOf(get(admin, made.id))).toBe(404);
    const r = await api("POST", `pjps/restore/${made.id}`, { token });
    expect(r.json).toEqual({ message: "Pjp restored successfully." });
    expect((await get(admin, made.id)).name).toBe("Trash Me");
  });

  it("refuses to restore while a live PJP took its user, date and name (409)", async () => {
    const first = await create(admin, pjp({ name: "Twice", date: "2026-09-01" }));
    await del(admin, { id: first.id });
    await create(admin, pjp({ name: "Twice", date: "2026-09-01" }));
    const e = await restore(admin, { id: first.id }).catch((err: AppError) => err);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(409);
    expect((e as AppError).message).toBe(PJP_MESSAGES.taken);
  });
});

describe("pjps masters", () => {
  it("offers live, active role-USER users and live, active outlets of the acting company", async () => {
    const m = await pjpMasters(admin);
    const userIds = m.users.map((u) => u.id);
    expect(userIds).toContain(asha);
    expect(userIds).not.toContain(wagUser);
    expect(userIds).not.toContain(admin.userId);
    const outletIds = m.outlets.map((o) => o.id);
    expect(outletIds).toEqual(expect.arrayContaining([A, B, C]));
    for (const no of [off, gone, wagOutlet]) expect(outletIds).not.toContain(no);

    const r = await api("GET", "pjps/masters", { token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.data as object).sort()).toEqual(["outlets", "users"]);
    const refs = await api("GET", "pjps/masters?requirements=pjp_references", { token });
    expect(refs.json).toEqual(r.json);
  });

  it("opens to either the PJP screens' or the reference screens' permissions, as asked", async () => {
    const only = (names: string[]) => ({ ...admin, permissions: new Set(names) }) as Ctx;
    expect(await statusOf(pjpMasters(only([])))).toBe(403);
    expect(await statusOf(pjpMasters(only(["pjp_references.create"])))).toBe(403);
    expect(await statusOf(pjpMasters(only(["pjp_references.create"]), { forReferences: true }))).toBe(200);
    expect(await statusOf(pjpMasters(only(["pjps.copy"])))).toBe(200);
    expect(await statusOf(pjpMasters(only(["pjps.copy"]), { forReferences: true }))).toBe(403);
  });
});

describe("pjps export", () => {
  it("exports the month's PJPs in date order with the list's columns", async () => {
    await create(admin, pjp({ name: "Export Late", date: "2026-10-20", user_id: ravi }));
    await create(admin, pjp({ name: "Export Early", date: "2026-10-02", pjp_outlets: [{ outlet_id: B }] }));
    await create(admin, pjp({ name: "Export Elsewhere", date: "2026-11-02" }));
    const r = await api("GET", "pjp_exports?month_year=2026-10", { token });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, token));
    expect(res.status).toBe(200);
    const ws = await readXlsx(Buffer.from(await res.arrayBuffer()));
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Id",
      "Status",
      "Name",
      "Location",
      "User",
      "Date",
      "Description",
      "Is Outlet Visited",
    ]);
    expect(sheetRows(ws).map((row) => (row.values as unknown[]).slice(3, 7))).toEqual([
      ["Export Early", "Andheri", "Asha Test", "2026-10-02"],
      ["Export Late", "Andheri", "Ravi Test", "2026-10-20"],
    ]);
  });
});
