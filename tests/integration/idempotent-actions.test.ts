import { and, eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dailyJobPlanWalks,
  dailyJobPlans,
  positions,
  storedFiles,
  userPets,
  userTimestamps,
  users,
  valueLists,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { WALK_FILE_ENTITY } from "@/lib/jobs/walks";
import { valuesCrud } from "@/lib/operations/values";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor, userId } from "../support/fixtures";

// Idempotency-Key beyond the kernel's creates (issue 24): the batch save of a master's value lists, a page-time
// record, and a walk's start, completion and rating. A request sent again with the same key (a retry after a lost
// answer, a double submit) answers the first answer and writes nothing more; the same key with another body is 422.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let token: string;
const tag = `idem${Date.now().toString(36)}`;
let n = 0;
const key = () => `${tag}-${++n}`;

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  token = await tokenFor(adminEmail);
});

describe("POST values/:value_id/multiple_value_lists", () => {
  it("a repeat with the same key answers the first save's rows and creates none (it got 422 'code taken')", async () => {
    const admin = await ctxFor(adminEmail);
    const master = (await valuesCrud.create(admin, { name: `Idem master ${tag}` })).id;
    const datas = [
      { description: "Small", code: `S${tag}` },
      { description: "Large", code: `L${tag}` },
    ];
    const k = key();
    const send = (body: unknown) =>
      api("POST", `values/${master}/multiple_value_lists`, {
        token,
        body,
        headers: { "idempotency-key": k },
      });
    const first = await send({ datas });
    expect(first.status).toBe(200);
    const again = await send({ datas });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(first.json.data);
    const rows = await db
      .select({ id: valueLists.id })
      .from(valueLists)
      .where(and(eq(valueLists.value_id, master), isNull(valueLists.deleted_at)));
    expect(rows).toHaveLength(2);
    // Without a key the same save is a new one, refused as before (the codes are taken).
    const plain = await api("POST", `values/${master}/multiple_value_lists`, { token, body: { datas } });
    expect(plain.status).toBe(422);
    // The same key for another body is refused.
    const other = await send({ datas: [{ description: "Medium", code: `M${tag}` }] });
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.json)).toContain("Idempotency-Key");
  });
});

describe("POST user_timestamps", () => {
  it("a repeat with the same key answers the first row's id and adds no row; concurrent repeats too", async () => {
    const body = { from_path: `/idem/${tag}`, from_name: "Idem", timespent: 12 };
    const k = key();
    const send = () => api("POST", "user_timestamps", { token, body, headers: { "idempotency-key": k } });
    const [a, b, c] = await Promise.all([send(), send(), send()]);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    const ids = new Set([a, b, c].map((r) => (r.json.data as { id: number }).id));
    expect(ids.size).toBe(1);
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(userTimestamps)
      .where(eq(userTimestamps.from_path, `/idem/${tag}`));
    expect(count).toBe(1);
  });
});

describe("walk start, complete and rating", () => {
  let walkerToken: string;
  let customerToken: string;
  let walkId: number;
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const [fa] = await db
      .select({ f: users.franchisee_id })
      .from(users)
      .where(eq(users.id, await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN])));
    const [pos] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(
        and(
          eq(positions.company_id, happyId),
          eq(positions.name, POSITION.CUSTOMER),
          isNull(positions.deleted_at),
        ),
      );
    const person = async (first: string, o: { franchiseeId?: number; positionId?: number }) => {
      const [u] = await db
        .insert(users)
        .values({
          company_id: happyId,
          role_id: ROLE_IDS[ROLE.USER],
          franchisee_id: o.franchiseeId ?? null,
          position_id: o.positionId ?? null,
          first_name: first,
          last_name: tag,
          email: `${first.toLowerCase()}.${tag}@idem.test`,
          password_hash: "!unset",
        })
        .returning({ id: users.id });
      return u.id;
    };
    const walker = await person("Walker", { franchiseeId: fa.f! });
    const customer = await person("Owner", { positionId: pos.id });
    walkerToken = await issueApiToken(walker);
    customerToken = await issueApiToken(customer);
    const [pet] = await db
      .insert(userPets)
      .values({ company_id: happyId, user_id: customer, name: `Pet ${tag}` })
      .returning({ id: userPets.id });
    const date = indiaNow().date;
    const [plan] = await db
      .insert(dailyJobPlans)
      .values({
        company_id: happyId,
        user_id: customer,
        franchisee_id: fa.f!,
        walker_id: walker,
        user_pet_id: pet.id,
        date,
      })
      .returning({ id: dailyJobPlans.id });
    const [walk] = await db
      .insert(dailyJobPlanWalks)
      .values({
        company_id: happyId,
        daily_job_plan_id: plan.id,
        franchisee_id: fa.f!,
        walker_id: walker,
        date,
        walk_no: 1,
        timeslot: "07:00",
      })
      .returning({ id: dailyJobPlanWalks.id });
    walkId = walk.id;
  });

  const walkRow = async () =>
    (await db.select().from(dailyJobPlanWalks).where(eq(dailyJobPlanWalks.id, walkId)))[0];

  it("start: a repeat with the same key answers the started walk (without a key: 409), once", async () => {
    const k = key();
    const send = () =>
      api("POST", `walks/${walkId}/start`, { token: walkerToken, headers: { "idempotency-key": k } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const started = await walkRow();
    expect(started.status).toBe(1);
    const again = await send();
    expect(again.status).toBe(200);
    expect((again.json.data as { status: number }).status).toBe(1);
    expect((await walkRow()).started_at?.getTime()).toBe(started.started_at?.getTime());
    expect((await api("POST", `walks/${walkId}/start`, { token: walkerToken })).status).toBe(409);
  });

  it("complete: a repeat with the same key answers the completed walk and stores its photos once", async () => {
    const k = key();
    const form = () => {
      const f = new FormData();
      f.set("distance_covered", "2.4");
      f.set("calories_burnt", "120");
      f.set("duration", "32");
      f.append("photos", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
      return f;
    };
    const send = () =>
      api("POST", `walks/${walkId}/complete`, {
        token: walkerToken,
        form: form(),
        headers: { "idempotency-key": k },
      });
    const files = async () =>
      (
        await db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(and(eq(storedFiles.entity, WALK_FILE_ENTITY), eq(storedFiles.entity_id, walkId)))
      ).length;
    expect((await send()).status).toBe(200);
    const stored = await files();
    expect(stored).toBeGreaterThan(0);
    const again = await send();
    expect(again.status).toBe(200);
    expect((again.json.data as { status: number }).status).toBe(2);
    expect(await files()).toBe(stored);
  });

  it("rating: a repeat with the same key answers the rated walk (without a key: 409 already rated)", async () => {
    const k = key();
    const send = (rating: number) =>
      api("POST", `walks/${walkId}/rating`, {
        token: customerToken,
        body: { rating, feedback: "Lovely" },
        headers: { "idempotency-key": k },
      });
    expect((await send(5)).status).toBe(200);
    const again = await send(5);
    expect(again.status).toBe(200);
    expect((await walkRow()).rating).toBe(5);
    expect((await send(3)).status).toBe(422); // the same key, another body
    const plain = await api("POST", `walks/${walkId}/rating`, { token: customerToken, body: { rating: 5 } });
    expect(plain.status).toBe(409);
  });
});
