import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as serveFile } from "@/app/api/files/[...key]/route";
import {
  dailyJobPlanWalks,
  dailyJobPlans,
  franchisees,
  leaveRequestWalks,
  leaveRequests,
  notifications,
  positions,
  storedFiles,
  userPets,
  users,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { WALK_FILE_ENTITY, WALK_MESSAGES } from "@/lib/jobs/walks";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { IMAGE_REFUSED } from "@/lib/platform/files";
import { getStorage } from "@/lib/platform/storage";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor, userId } from "../support/fixtures";

// Walks for the apps (issue 22), through the real /api: a customer's own walks, a walker's assigned ones, start and
// complete with selfies and photos, the report card, the rating, moved walks, the photos' access and the walker's
// own calendar.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let fA: number;
let png: Buffer;
const tag = `wk${Date.now().toString(36)}`;

type Person = { id: number; token: string; first: string };
let walkerA: Person;
let walkerB: Person;
let c1: Person;
let c2: Person;
let adminToken: string;
let faToken: string;
let wagToken: string;

/** YYYY-MM-DD of India's today plus `days`. */
const day = (days: number) => {
  const d = new Date(`${indiaNow().date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let n = 0;
async function person(first: string, o: { franchiseeId?: number | null; customer?: boolean }) {
  const [pos] = o.customer
    ? await db
        .select({ id: positions.id })
        .from(positions)
        .where(
          and(
            eq(positions.company_id, happyId),
            eq(positions.name, POSITION.CUSTOMER),
            isNull(positions.deleted_at),
          ),
        )
    : [];
  const [u] = await db
    .insert(users)
    .values({
      company_id: happyId,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: o.franchiseeId ?? null,
      position_id: pos?.id ?? null,
      first_name: first,
      last_name: tag,
      user_name: `${first} ${tag}`,
      email: `${first.toLowerCase()}.${tag}.${++n}@walks.test`,
      password_hash: "!unset",
    })
    .returning({ id: users.id });
  return { id: u.id, token: await issueApiToken(u.id), first };
}

async function petOf(owner: Person, name: string) {
  const [p] = await db
    .insert(userPets)
    .values({
      company_id: happyId,
      user_id: owner.id,
      name: `${name} ${tag}`,
      temperament: "Pulls on the lead",
      vet_phone: "+91 98200 11111",
    })
    .returning({ id: userPets.id });
  return p.id;
}

/** A plan of the customer on `date` with walks at these timeslots, all the walker's. */
async function planWith(
  c: Person,
  petId: number,
  walker: Person,
  date: string,
  slots: string[],
  o: { status?: number; completedAt?: Date } = {},
) {
  const [plan] = await db
    .insert(dailyJobPlans)
    .values({
      company_id: happyId,
      user_id: c.id,
      franchisee_id: fA,
      walker_id: walker.id,
      user_pet_id: petId,
      date,
    })
    .returning({ id: dailyJobPlans.id });
  const walks = await db
    .insert(dailyJobPlanWalks)
    .values(
      slots.map((timeslot, i) => ({
        company_id: happyId,
        daily_job_plan_id: plan.id,
        franchisee_id: fA,
        walker_id: walker.id,
        date,
        walk_no: i + 1,
        timeslot,
        status: o.status ?? 0,
        completed_at: o.completedAt ?? null,
        started_at: o.completedAt ? new Date(o.completedAt.getTime() - 30 * 60_000) : null,
      })),
    )
    .returning({ id: dailyJobPlanWalks.id });
  return { planId: plan.id, walkIds: walks.map((w) => w.id) };
}

const image = (name = "photo.png") => new File([new Uint8Array(png)], name, { type: "image/png" });

function completeForm(photos: File[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    distance_covered: "2.4",
    calories_burnt: "120",
    duration: "32",
    ...fields,
  }))
    form.set(k, v);
  for (const f of photos) form.append("photos", f);
  return form;
}

async function fetchFile(url: string, token: string) {
  const key = decodeURIComponent(url.replace(/^\/api\/files\//, ""));
  const res = await serveFile(
    new Request(`http://localhost${url}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({ key: key.split("/") }) },
  );
  return res.status;
}

const walkRow = async (id: number) =>
  (await db.select().from(dailyJobPlanWalks).where(eq(dailyJobPlanWalks.id, id)))[0];
const planRow = async (id: number) =>
  (await db.select().from(dailyJobPlans).where(eq(dailyJobPlans.id, id)))[0];
type Walk = {
  id: number;
  date: string;
  timeslot: string;
  status: number;
  status_label: string;
  pets: { name: string; temperament: string | null; vet_phone: string | null }[];
  walker: { id: number; first_name: string; photo_url?: string | null } | null;
  owner: { first_name: string };
  covering_for: { first_name: string } | null;
  report: null | {
    photo_urls: string[];
    start_selfie_url: string | null;
    end_selfie_url: string | null;
    distance_covered: number | null;
    calories_burnt: number | null;
    duration_minutes: number | null;
    note: string | null;
    rating: number | null;
  };
};
const list = async (p: Person, q = "") => {
  const r = await api("GET", `walks?rowsPerPage=100${q}`, { token: p.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Walk[];
};

// The walks the tests share.
let today: { planId: number; walkIds: number[] }; // c1, walker A: today 07:00 and 18:00
let tomorrow: { planId: number; walkIds: number[] }; // c1, walker A
let past: { planId: number; walkIds: number[] }; // c1, walker A: completed 2 days ago
let old: { planId: number; walkIds: number[] }; // c1, walker A: completed 8 days ago
let other: { planId: number; walkIds: number[] }; // c2, walker B: today

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  png = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  const [fa] = await db
    .select({ f: users.franchisee_id })
    .from(users)
    .where(eq(users.id, await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN])));
  fA = fa.f!;
  walkerA = await person("Arjun", { franchiseeId: fA });
  walkerB = await person("Bela", { franchiseeId: fA });
  c1 = await person("Chitra", { customer: true });
  c2 = await person("Dev", { customer: true });
  adminToken = await tokenFor(adminEmail);
  faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  wagToken = await tokenFor("admin@wagnation.test");
  const pet1 = await petOf(c1, "Bruno");
  const pet2 = await petOf(c2, "Coco");
  today = await planWith(c1, pet1, walkerA, day(0), ["07:00", "18:00"]);
  tomorrow = await planWith(c1, pet1, walkerA, day(1), ["07:00"]);
  past = await planWith(c1, pet1, walkerA, day(-2), ["07:00"], {
    status: 2,
    completedAt: new Date(Date.now() - 2 * 86_400_000),
  });
  old = await planWith(c1, pet1, walkerA, day(-8), ["07:00"], {
    status: 2,
    completedAt: new Date(Date.now() - 8 * 86_400_000),
  });
  other = await planWith(c2, pet2, walkerB, day(0), ["07:00"]);
});

describe("GET /api/walks", () => {
  it("gives a customer their own walks only: today first, then the days ahead, then the past", async () => {
    const mine = await list(c1);
    expect(mine.map((w) => w.id)).toEqual([
      ...today.walkIds,
      ...tomorrow.walkIds,
      ...past.walkIds,
      ...old.walkIds,
    ]);
    const [first] = mine;
    expect(first).toMatchObject({
      date: day(0),
      timeslot: "07:00",
      status: 0,
      status_label: "Pending",
      walker: { id: walkerA.id, first_name: "Arjun" },
      owner: { first_name: "Chitra" },
      report: null,
    });
    expect(first.pets.map((p) => p.name)).toEqual([`Bruno ${tag}`]);
    expect((await list(c2)).map((w) => w.id)).toEqual(other.walkIds);
  });

  it("gives a walker the walks assigned to them, with the pets' notes and the owner's first name", async () => {
    const a = await list(walkerA);
    expect(a.map((w) => w.id)).toEqual([
      ...today.walkIds,
      ...tomorrow.walkIds,
      ...past.walkIds,
      ...old.walkIds,
    ]);
    expect(a[0].pets[0]).toMatchObject({ temperament: "Pulls on the lead", vet_phone: "+91 98200 11111" });
    expect(a[0].owner).toEqual({ first_name: "Chitra" });
    expect(JSON.stringify(a)).not.toContain(`Chitra ${tag}`);
    expect((await list(walkerB)).map((w) => w.id)).toEqual(other.walkIds);
  });

  it("filters by date, status and monthly request (422 on a bad value)", async () => {
    expect((await list(c1, `&from_date=${day(0)}&to_date=${day(1)}`)).length).toBe(3);
    expect((await list(c1, "&status=2")).map((w) => w.id)).toEqual([...past.walkIds, ...old.walkIds]);
    expect(await list(c1, "&user_monthly_job_request_id=999999")).toEqual([]);
    const bad = await api("GET", "walks?from_date=25-11-2026&status=9", { token: c1.token });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveProperty("from_date");
  });

  it("gives the back office the walks of its scope; another company none of ours", async () => {
    const fa = await api("GET", `walks?rowsPerPage=100&from_date=${day(0)}&to_date=${day(0)}`, {
      token: faToken,
    });
    expect(fa.status).toBe(200);
    const ids = (fa.json.data as Walk[]).map((w) => w.id);
    expect(ids).toEqual(expect.arrayContaining([...today.walkIds, ...other.walkIds]));
    const wag = await api("GET", `walks?rowsPerPage=100&from_date=${day(0)}&to_date=${day(0)}`, {
      token: wagToken,
    });
    expect((wag.json.data as Walk[]).map((w) => w.id)).not.toContain(today.walkIds[0]);
    expect((await api("GET", `walks/${today.walkIds[0]}`, { token: wagToken })).status).toBe(404);
  });

  it("gives a master franchisee the walks of their zones' franchisees only", async () => {
    const mfEmail = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];
    const zones = (await ctxFor(mfEmail)).zoneIds ?? [];
    expect(zones.length).toBeGreaterThan(0);
    const [out] = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(
        and(
          eq(franchisees.company_id, happyId),
          isNull(franchisees.deleted_at),
          sql`${franchisees.zone_id} is not null and ${franchisees.zone_id} not in (${sql.join(
            zones.map((z) => sql`${z}::int`),
            sql`, `,
          )})`,
        ),
      )
      .limit(1);
    const [plan] = await db
      .insert(dailyJobPlans)
      .values({ company_id: happyId, user_id: c2.id, franchisee_id: out.id, date: day(0) })
      .returning({ id: dailyJobPlans.id });
    const [walk] = await db
      .insert(dailyJobPlanWalks)
      .values({
        company_id: happyId,
        daily_job_plan_id: plan.id,
        franchisee_id: out.id,
        date: day(0),
        timeslot: "09:00",
      })
      .returning({ id: dailyJobPlanWalks.id });
    const mf = await tokenFor(mfEmail);
    expect((await api("GET", `walks/${walk.id}`, { token: mf })).status).toBe(404);
    const r = await api("GET", `walks?rowsPerPage=100&from_date=${day(0)}&to_date=${day(0)}`, { token: mf });
    expect(r.status).toBe(200);
    const ids = (r.json.data as Walk[]).map((w) => w.id);
    expect(ids).not.toContain(walk.id);
    if (ids.length) {
      const rows = await db
        .select({ zone: franchisees.zone_id })
        .from(dailyJobPlanWalks)
        .innerJoin(franchisees, eq(franchisees.id, dailyJobPlanWalks.franchisee_id))
        .where(inArray(dailyJobPlanWalks.id, ids));
      for (const row of rows) expect(zones).toContain(row.zone);
    }
    // The admin sees it.
    expect((await api("GET", `walks/${walk.id}`, { token: adminToken })).status).toBe(200);
  });

  it("answers another user's walk 404 on GET, start, complete and rating", async () => {
    const id = today.walkIds[0];
    expect((await api("GET", `walks/${id}`, { token: c1.token })).status).toBe(200);
    expect((await api("GET", `walks/${id}`, { token: c2.token })).status).toBe(404);
    expect((await api("GET", `walks/${id}`, { token: walkerB.token })).status).toBe(404);
    expect((await api("POST", `walks/${id}/start`, { token: walkerB.token })).status).toBe(404);
    expect((await api("POST", `walks/${id}/start`, { token: c1.token })).status).toBe(404);
    expect(
      (await api("POST", `walks/${id}/complete`, { token: walkerB.token, form: completeForm([image()]) }))
        .status,
    ).toBe(404);
    const pastId = past.walkIds[0];
    expect(
      (await api("POST", `walks/${pastId}/rating`, { token: c2.token, body: { rating: 5 } })).status,
    ).toBe(404);
    expect(
      (await api("POST", `walks/${pastId}/rating`, { token: walkerA.token, body: { rating: 5 } })).status,
    ).toBe(404);
    expect((await walkRow(id)).status).toBe(0);
  });
});

describe("a walker's day", () => {
  it("starts a walk on its date only (409 otherwise)", async () => {
    const r = await api("POST", `walks/${tomorrow.walkIds[0]}/start`, { token: walkerA.token });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(WALK_MESSAGES.notToday);
    expect((await walkRow(tomorrow.walkIds[0])).status).toBe(0);
  });

  it("refuses to complete a walk not started (409)", async () => {
    const r = await api("POST", `walks/${today.walkIds[1]}/complete`, {
      token: walkerA.token,
      form: completeForm([image()]),
    });
    expect(r.status).toBe(409);
    expect(r.json.message).toContain(WALK_MESSAGES.notStarted);
  });

  it("starts today's walk with a selfie; the plan goes in progress; a second start is 409", async () => {
    const id = today.walkIds[0];
    const bad = new FormData();
    bad.set("selfie", new File(["%PDF-1.4 not a selfie"], "me.png", { type: "image/png" }));
    const refused = await api("POST", `walks/${id}/start`, { token: walkerA.token, form: bad });
    expect(refused.status).toBe(422);
    expect(refused.json.errors?.selfie).toEqual([IMAGE_REFUSED]);
    expect((await walkRow(id)).status).toBe(0);
    const form = new FormData();
    form.set("selfie", image("me.png"));
    const r = await api("POST", `walks/${id}/start`, { token: walkerA.token, form });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.data as Walk).status).toBe(1);
    const row = await walkRow(id);
    expect(row.status).toBe(1);
    expect(row.started_at).not.toBeNull();
    expect(row.start_selfie_path).toMatch(/^walks\//);
    expect((await planRow(today.planId)).status).toBe(1);
    const again = await api("POST", `walks/${id}/start`, { token: walkerA.token });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain(WALK_MESSAGES.notStartable);
  });

  it("refuses a bad completion with field errors, storing nothing", async () => {
    const id = today.walkIds[0];
    const filesBefore = await db.select().from(storedFiles).where(eq(storedFiles.entity_id, id));
    const cases: [FormData, string][] = [
      [completeForm([image(), image(), image(), image()]), "photos"],
      [completeForm([image(), new File(["not an image"], "x.png", { type: "image/png" })]), "photos.1"],
      [completeForm([]), "photos"],
      [completeForm([image()], { distance_covered: "" }), "distance_covered"],
      [completeForm([image()], { distance_covered: "-1" }), "distance_covered"],
      [completeForm([image()], { note: "x".repeat(1001) }), "note"],
    ];
    for (const [form, field] of cases) {
      const r = await api("POST", `walks/${id}/complete`, { token: walkerA.token, form });
      expect(r.status, field).toBe(422);
      expect(r.json.errors, field).toHaveProperty(field);
    }
    const bad = await api("POST", `walks/${id}/complete`, {
      token: walkerA.token,
      form: completeForm([new File(["<svg/>"], "x.svg", { type: "image/svg+xml" })]),
    });
    expect(bad.json.errors?.["photos.0"]).toEqual([IMAGE_REFUSED]);
    const row = await walkRow(id);
    expect(row.status).toBe(1);
    expect(row.photo_paths).toBeNull();
    const filesAfter = await db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.entity, WALK_FILE_ENTITY), eq(storedFiles.entity_id, id)));
    expect(filesAfter.length).toBe(1); // the start selfie
    expect(filesBefore.filter((f) => f.entity === WALK_FILE_ENTITY).length).toBe(1);
  });

  it("completes with photos: the report card reaches the customer; the plan completes with its last walk", async () => {
    const id = today.walkIds[0];
    const r = await api("POST", `walks/${id}/complete`, {
      token: walkerA.token,
      form: completeForm([image("a.png"), image("b.png")], { note: "Bruno loved the park." }),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const walk = r.json.data as Walk;
    expect(walk.status).toBe(2);
    expect(walk.report).toMatchObject({
      distance_covered: 2.4,
      calories_burnt: 120,
      duration_minutes: 32,
      note: "Bruno loved the park.",
    });
    expect(walk.report!.photo_urls).toHaveLength(2);
    expect(walk.report!.end_selfie_url).toBe(walk.report!.photo_urls[0]);
    // One walk of two: the plan stays in progress.
    expect((await planRow(today.planId)).status).toBe(1);
    const [notice] = await db.select().from(notifications).where(eq(notifications.user_id, c1.id));
    expect(notice.title).toContain("report card");
    expect(notice.body).toContain("2.4 km");
    expect(notice.body).toContain("Bruno loved the park.");
    expect(notice.link).toBe(`/api/walks/${id}`);
    // The customer's list shows the same report.
    const [first] = await list(c1);
    expect(first.report).toMatchObject({ note: "Bruno loved the park.", rating: null });

    // The second walk: started and completed (photos[] this time): the plan is completed.
    const second = today.walkIds[1];
    expect((await api("POST", `walks/${second}/start`, { token: walkerA.token })).status).toBe(200);
    const form = completeForm([]);
    form.append("photos[]", image());
    const done = await api("POST", `walks/${second}/complete`, { token: walkerA.token, form });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((await planRow(today.planId)).status).toBe(2);
    expect(
      (await api("POST", `walks/${second}/complete`, { token: walkerA.token, form: completeForm([image()]) }))
        .status,
    ).toBe(409);
  });

  it("serves the photos to the customer, the walker and the back office; 404 to anyone else", async () => {
    const w = await walkRow(today.walkIds[0]);
    const photos = (w.photo_paths ?? []).map((k) => `/api/files/${k}`);
    expect(photos).toHaveLength(2);
    const selfie = `/api/files/${w.start_selfie_path}`;
    for (const url of [...photos, selfie]) {
      expect(await fetchFile(url, c1.token)).toBe(200);
      expect(await fetchFile(url, walkerA.token)).toBe(200);
      expect(await fetchFile(url, adminToken)).toBe(200);
      expect(await fetchFile(url, faToken)).toBe(200);
      expect(await fetchFile(url, c2.token)).toBe(404);
      expect(await fetchFile(url, walkerB.token)).toBe(404);
      expect(await fetchFile(url, wagToken)).toBe(404);
    }
  });
});

describe("the walker's photo", () => {
  it("reaches the customers they walk for, not the walker's record, and nobody else", async () => {
    // The walker's photo, stored as a user's image is (owned by their user record).
    const key = `users/${walkerA.id}/image_path-walker-photo.png`;
    await getStorage().put(key, png, "image/png");
    await db.insert(storedFiles).values({
      key,
      company_id: happyId,
      entity: "users",
      entity_id: walkerA.id,
      content_type: "image/png",
      size: png.length,
    });
    await db.update(users).set({ image_path: key }).where(eq(users.id, walkerA.id));
    const [walk] = (await list(c1)).filter((x) => x.walker?.id === walkerA.id);
    expect(walk.walker!.photo_url).toBe(`/api/files/${key}`);
    expect(await fetchFile(walk.walker!.photo_url!, c1.token)).toBe(200);
    expect(await fetchFile(walk.walker!.photo_url!, walkerA.token)).toBe(200);
    expect(await fetchFile(walk.walker!.photo_url!, adminToken)).toBe(200);
    // Walker B's customer has no walk by A; nor has a customer of another company.
    expect(await fetchFile(walk.walker!.photo_url!, c2.token)).toBe(404);
    expect(await fetchFile(walk.walker!.photo_url!, wagToken)).toBe(404);
    // Seeing the photo is not seeing the walker's record.
    expect((await api("GET", `users/${walkerA.id}`, { token: c1.token })).status).toBe(403);
  });
});

describe("the customer's rating", () => {
  it("rates a completed walk once, 1-5, within 7 days", async () => {
    const id = past.walkIds[0];
    for (const rating of [0, 6, 2.5, "five"]) {
      const r = await api("POST", `walks/${id}/rating`, { token: c1.token, body: { rating } });
      expect(r.status, String(rating)).toBe(422);
      expect(r.json.errors).toHaveProperty("rating");
    }
    expect((await api("POST", `walks/${id}/rating`, { token: c1.token, body: {} })).status).toBe(422);
    const ok = await api("POST", `walks/${id}/rating`, {
      token: c1.token,
      body: { rating: 5, feedback: "Lovely walk" },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((ok.json.data as Walk).report).toMatchObject({ rating: 5 });
    const row = await walkRow(id);
    expect(row.rating).toBe(5);
    expect(row.feedback).toBe("Lovely walk");
    expect(row.rated_at).not.toBeNull();
    const again = await api("POST", `walks/${id}/rating`, { token: c1.token, body: { rating: 4 } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(WALK_MESSAGES.alreadyRated);
    expect((await walkRow(id)).rating).toBe(5);
  });

  it("refuses a walk not completed, and one completed more than 7 days ago (409)", async () => {
    const pending = await api("POST", `walks/${tomorrow.walkIds[0]}/rating`, {
      token: c1.token,
      body: { rating: 4 },
    });
    expect(pending.status).toBe(409);
    expect(pending.json.message).toBe(WALK_MESSAGES.notCompleted);
    const late = await api("POST", `walks/${old.walkIds[0]}/rating`, {
      token: c1.token,
      body: { rating: 4 },
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(WALK_MESSAGES.rateWindow);
  });
});

describe("a walk moved to another walker", () => {
  it("is no longer the first walker's (404) and shows whom the new walker covers for", async () => {
    const id = tomorrow.walkIds[0];
    const [leave] = await db
      .insert(leaveRequests)
      .values({
        company_id: happyId,
        user_id: walkerA.id,
        franchisee_id: fA,
        date: day(1),
        status: 1,
        replacement_user_id: walkerB.id,
      })
      .returning({ id: leaveRequests.id });
    await db.insert(leaveRequestWalks).values({
      leave_request_id: leave.id,
      walk_id: id,
      original_walker_id: walkerA.id,
      replacement_user_id: walkerB.id,
    });
    await db.update(dailyJobPlanWalks).set({ walker_id: walkerB.id }).where(eq(dailyJobPlanWalks.id, id));
    expect((await api("GET", `walks/${id}`, { token: walkerA.token })).status).toBe(404);
    expect((await api("POST", `walks/${id}/start`, { token: walkerA.token })).status).toBe(404);
    expect((await list(walkerA)).map((w) => w.id)).not.toContain(id);
    const b = await api("GET", `walks/${id}`, { token: walkerB.token });
    expect(b.status).toBe(200);
    expect((b.json.data as Walk).covering_for).toEqual({ first_name: "Arjun", user_name: `Arjun ${tag}` });
    // The customer still sees it, with its new walker.
    const c = await api("GET", `walks/${id}`, { token: c1.token });
    expect((c.json.data as Walk).walker).toMatchObject({ id: walkerB.id, first_name: "Bela" });
  });
});

describe("the walker's own calendar", () => {
  it("answers their own month; another walker's 404", async () => {
    const month = day(0).slice(0, 7);
    const r = await api("GET", `walk_calendar?from=${day(-2)}&to=${day(0)}`, { token: walkerA.token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data as {
      walker_id: number;
      days: { date: string; walks: number; items?: { id: number; customer_name: string | null }[] }[];
    };
    expect(data.walker_id).toBe(walkerA.id);
    const todayRow = data.days.find((d) => d.date === day(0))!;
    expect(todayRow.items!.map((i) => i.id)).toEqual(today.walkIds);
    expect(todayRow.items![0].customer_name).toBe("Chitra");
    const m = await api("GET", `walk_calendar?month=${month}`, { token: walkerB.token });
    expect(m.status).toBe(200);
    expect((m.json.data as { walker_id: number }).walker_id).toBe(walkerB.id);
    const others = await api("GET", `walk_calendar?month=${month}&walker_id=${walkerB.id}`, {
      token: walkerA.token,
    });
    expect(others.status).toBe(404);
  });
});

describe("the back office's daily job plans", () => {
  it("answer the spec's shapes and each completed walk's report card, in the list and the item", async () => {
    const r = await api("GET", `daily_job_plans?rowsPerPage=100&from_date=${day(0)}&to_date=${day(0)}`, {
      token: adminToken,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    type Plan = {
      id: number;
      walker: { id: number; user_name: string | null } | null;
      user_pet: { id: number; name: string; breed: unknown; weight: unknown; age: unknown } | null;
      user_pet_2: unknown;
      walks: { id: number }[];
      daily_job_plan_walks: {
        id: number;
        walker: { id: number; user_name: string | null } | null;
        walker_note: string | null;
        photo_urls: string[];
        actual_duration_minutes: number | null;
        started_at: string | null;
        completed_at: string | null;
      }[];
    };
    const plan = (r.json.data as Plan[]).find((p) => p.id === today.planId)!;
    expect(plan.walker).toEqual({ id: walkerA.id, user_name: `Arjun ${tag}` });
    expect(plan.user_pet).toMatchObject({ name: `Bruno ${tag}`, breed: null });
    expect(plan.user_pet_2).toBeNull();
    expect(plan.daily_job_plan_walks.map((w) => w.id)).toEqual(plan.walks.map((w) => w.id));
    const [first] = plan.daily_job_plan_walks;
    expect(first).toMatchObject({
      walker: { id: walkerA.id, user_name: `Arjun ${tag}` },
      walker_note: "Bruno loved the park.",
      actual_duration_minutes: 32,
    });
    expect(first.photo_urls).toHaveLength(2);
    expect(first.started_at).not.toBeNull();
    expect(first.completed_at).not.toBeNull();

    const item = await api("GET", `daily_job_plans/${today.planId}`, { token: faToken });
    expect(item.status).toBe(200);
    const data = item.json.data as Plan;
    expect(data.walker).toEqual({ id: walkerA.id, user_name: `Arjun ${tag}` });
    expect(data.user_pet).toMatchObject({ id: expect.any(Number), name: `Bruno ${tag}` });
    expect(data.daily_job_plan_walks[0].photo_urls).toHaveLength(2);
  });
});
