import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  plans,
  positions,
  userAddresses,
  userPets,
  users,
} from "@/db/schema";
import { masterIds } from "@/lib/seed/demo-franchise";
import { indiaNow } from "@/lib/jobs/common";
import { MONTHLY_MESSAGES, nearestFranchisee } from "@/lib/jobs/monthly-requests";
import { monthLabel } from "@/lib/jobs/walk-notices";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor, userId } from "../support/fixtures";

// Issue 22: a monthly request made without a franchisee reaches the nearest one covering its address (or the
// company's admins), its zone follows the franchisee, only customers ask, and everyone hears what happens in words
// that name who and which franchisee. Through the real /api.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let mf: Ctx;
let adminToken: string;
let mfToken: string;
let adminId: number;
let customerPos: number;
let staffPos: number;
let plan: number;
let breed: number;
let zoneA: number;
let zoneB: number;

let n = 0;
const tag = () => `rr${Date.now().toString(36)}${++n}`;

// A point far from the demo's Mumbai franchisees (Bengaluru), and offsets in degrees of latitude (~111 km each).
const LAT = 12.9716;
const LON = 77.5946;

function nextMonth() {
  const today = indiaNow().date;
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7)) + 1;
  if (m === 13) [y, m] = [y + 1, 1];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { month: m, year: y, start: `${y}-${mm}-01`, end: `${y}-${mm}-${days}`, days };
}
const NEXT = nextMonth();
const MONTH = monthLabel(NEXT.month, NEXT.year);

async function newUser(o: { role?: string; franchisee?: number | null; position?: number | null } = {}) {
  const t = tag();
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[(o.role ?? ROLE.USER) as keyof typeof ROLE_IDS],
      franchisee_id: o.franchisee ?? null,
      position_id: o.position ?? null,
      first_name: "Route",
      last_name: t,
      user_name: `Route ${t}`,
      email: `route.${t}@test.test`,
      phone: `+91 97${String(Date.now()).slice(-8)}`,
      password_hash: `!unset:${t}`,
    })
    .returning();
  return u;
}

async function newFranchisee(o: {
  dLat: number;
  status?: number;
  active?: number;
  deleted?: boolean;
  zone?: number | null;
  radius?: number;
  name?: string;
}) {
  const [f] = await db
    .insert(franchisees)
    .values({
      company_id: happy.id,
      name: o.name ?? `Route Franchisee ${tag()}`,
      latitude: LAT + o.dLat,
      longitude: LON,
      service_radius_km: o.radius ?? 10,
      status: o.status ?? 1,
      is_active: o.active ?? 1,
      zone_id: o.zone ?? null,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning();
  return f;
}

/** A customer (CUSTOMER position) with one pet and an address at lat/long (or none), and their token. */
async function newCustomer(at: { lat: number; long: number } | null) {
  const u = await newUser({ position: customerPos });
  const [p] = await db
    .insert(userPets)
    .values({
      company_id: happy.id,
      user_id: u.id,
      name: `Bruno ${u.id}`,
      breed_id: breed,
      weight: 20,
      age: 4,
    })
    .returning({ id: userPets.id });
  const [a] = await db
    .insert(userAddresses)
    .values({
      company_id: happy.id,
      user_id: u.id,
      address: `${u.id} Indiranagar 100 Feet Road`,
      latitude: at?.lat ?? null,
      longitude: at?.long ?? null,
    })
    .returning({ id: userAddresses.id });
  return { user: u, pet: p.id, address: a.id, token: await issueApiToken(u.id) };
}

type Customer = Awaited<ReturnType<typeof newCustomer>>;
type RequestRow = {
  id: number;
  franchisee_id: number | null;
  zone_id: number | null;
  user_id: number;
  [k: string]: unknown;
};

async function ask(c: Customer, body: Record<string, unknown> = {}) {
  return api("POST", "user_monthly_job_requests", {
    token: c.token,
    body: {
      user_address_id: c.address,
      user_pet_ids: [c.pet],
      plan_id: plan,
      start_date: NEXT.start,
      end_date: NEXT.end,
      ...body,
    },
  });
}

async function notes(userId: number) {
  return db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(notifications.id);
}

beforeAll(async () => {
  ({ db, happy } = await seeded());
  mf = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]);
  adminToken = await tokenFor(adminEmail);
  mfToken = await tokenFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]);
  adminId = await userId(adminEmail);
  const pos = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(eq(positions.company_id, happy.id));
  customerPos = pos.find((p) => p.name === POSITION.CUSTOMER)!.id;
  staffPos = pos.find((p) => p.name === POSITION.FRANCHISEE_STAFF)!.id;
  const [p] = await db
    .insert(plans)
    .values({ company_id: happy.id, no_of_dogs: 1, no_of_walks: 1, original_amount: 3000, days: 30 })
    .returning({ id: plans.id });
  plan = p.id;
  breed = [...(await masterIds(db, happy.id, "BREEDS")).values()][0];
  const zones = [...(await masterIds(db, happy.id, "ZONES")).values()];
  zoneA = zones.find((z) => !mf.zoneIds!.includes(z))!;
  zoneB = mf.zoneIds![0];
  expect(zoneA).toBeDefined();
});

describe("the nearest franchisee covering the address", () => {
  let near: typeof franchisees.$inferSelect;
  let far: typeof franchisees.$inferSelect;
  let nearAdmin: number;

  beforeAll(async () => {
    // ~2.2 km and ~5.6 km north, both covering 10 km; nearer ones that may not take requests.
    near = await newFranchisee({ dLat: 0.02, zone: zoneA, name: "Route Near Paws" });
    far = await newFranchisee({ dLat: 0.05, zone: zoneB, name: "Route Far Paws" });
    await newFranchisee({ dLat: 0.004, status: 0 });
    await newFranchisee({ dLat: 0.005, active: 0 });
    await newFranchisee({ dLat: 0.006, deleted: true });
    // Near, but its radius (0.5 km) does not reach the address.
    await newFranchisee({ dLat: 0.01, radius: 0.5 });
    nearAdmin = (await newUser({ role: ROLE.FRANCHISEE_ADMIN, franchisee: near.id })).id;
  });

  it("two in range: the nearest wins (unapproved, inactive, deleted and out-of-radius nearer ones skipped); zone follows; its admin hears", async () => {
    const c = await newCustomer({ lat: LAT, long: LON });
    const r = await ask(c);
    expect(r.status).toBe(200);
    const row = r.json.data as RequestRow;
    expect(row).toMatchObject({ franchisee_id: near.id, zone_id: zoneA, user_id: c.user.id });
    // The franchisee's admin hears, naming the customer, the month and the plan.
    const told = (await notes(nearAdmin)).filter((x) => x.title === MONTHLY_MESSAGES.newRequest);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(c.user.user_name!);
    expect(told[0].body).toContain(MONTH);
    expect(told[0].body).toContain("1 dog");
    // An address nearer the far one (~5 km north): the far one is now nearest.
    const [a2] = await db
      .insert(userAddresses)
      .values({
        company_id: happy.id,
        user_id: c.user.id,
        address: "Hebbal",
        latitude: LAT + 0.045,
        longitude: LON,
      })
      .returning({ id: userAddresses.id });
    const r2 = await ask(c, { user_address_id: a2.id });
    expect(r2.json.data).toMatchObject({ franchisee_id: far.id, zone_id: zoneB });
    // An explicit franchisee keeps its choice, and the zone is still its own.
    const r3 = await ask(c, { franchisee_id: far.id, zone_id: zoneA });
    expect(r3.json.data).toMatchObject({ franchisee_id: far.id, zone_id: zoneB });
  });

  it("a tie goes by name", async () => {
    const x = await newFranchisee({ dLat: -0.03, name: "Route Zebra" });
    const y = await newFranchisee({ dLat: -0.03, name: "Route Alpha" });
    const [a] = await db
      .insert(userAddresses)
      .values({
        company_id: happy.id,
        user_id: adminId,
        address: "Tie",
        latitude: LAT - 0.03,
        longitude: LON,
      })
      .returning({ id: userAddresses.id });
    const hit = await nearestFranchisee(db, happy.id, a.id);
    expect(hit?.id).toBe(y.id);
    expect(hit?.id).not.toBe(x.id);
  });

  it("out of every radius: stored without a franchisee, and the company's admins hear, naming customer and address", async () => {
    const c = await newCustomer({ lat: LAT + 0.5, long: LON });
    const r = await ask(c);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ franchisee_id: null, zone_id: null });
    const told = (await notes(adminId)).filter(
      (x) => x.title === MONTHLY_MESSAGES.noFranchisee && x.body?.includes(c.user.user_name!),
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain("Indiranagar 100 Feet Road");
    expect(told[0].body).toContain("no active franchisee's service area covers");
  });

  it("an address without coordinates: stored without a franchisee, admins told; an admin's reassignment brings the zone, and the zone's master franchisee lists it", async () => {
    const c = await newCustomer(null);
    const r = await ask(c);
    expect(r.status).toBe(200);
    const row = r.json.data as RequestRow;
    expect(row).toMatchObject({ franchisee_id: null, zone_id: null });
    const told = (await notes(adminId)).filter(
      (x) => x.title === MONTHLY_MESSAGES.noFranchisee && x.body?.includes(c.user.user_name!),
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain("no coordinates");
    // The master franchisee does not see it yet (no zone).
    const before = await api("GET", `user_monthly_job_requests/${row.id}`, { token: mfToken });
    expect(before.status).toBe(404);
    const p = await api("PATCH", `user_monthly_job_requests/${row.id}`, {
      token: adminToken,
      body: { franchisee_id: far.id },
    });
    expect(p.status).toBe(200);
    expect(p.json.data).toMatchObject({ franchisee_id: far.id, zone_id: zoneB });
    const list = await api("GET", `user_monthly_job_requests?user_id=${c.user.id}`, { token: mfToken });
    expect(list.status).toBe(200);
    expect((list.json.data as RequestRow[]).map((x) => x.id)).toEqual([row.id]);
  });
});

describe("who may ask", () => {
  it("a walker (a staff position) with an address and pets gets 403; no position either", async () => {
    const [f] = await db.select({ id: franchisees.id }).from(franchisees).limit(1);
    for (const position of [staffPos, null]) {
      const u = await newUser({ franchisee: position ? f.id : null, position });
      const [p] = await db
        .insert(userPets)
        .values({ company_id: happy.id, user_id: u.id, name: "Walker's dog" })
        .returning({ id: userPets.id });
      const [a] = await db
        .insert(userAddresses)
        .values({ company_id: happy.id, user_id: u.id, address: "Walker's home" })
        .returning({ id: userAddresses.id });
      const r = await ask({ user: u, pet: p.id, address: a.id, token: await issueApiToken(u.id) });
      expect(r.status).toBe(403);
      expect(r.json.message).toBe(MONTHLY_MESSAGES.customersOnly);
    }
  });
});

describe("what everyone hears, and the spec's shapes", () => {
  let f: typeof franchisees.$inferSelect;
  let faToken: string;
  let w1: typeof users.$inferSelect;
  let w2: typeof users.$inferSelect;
  let c: Customer;
  let requestId: number;

  beforeAll(async () => {
    f = await newFranchisee({ dLat: 3, zone: zoneA, name: "Route Hears Paws" });
    const fa = await newUser({ role: ROLE.FRANCHISEE_ADMIN, franchisee: f.id });
    faToken = await issueApiToken(fa.id);
    w1 = await newUser({ franchisee: f.id, position: staffPos });
    w2 = await newUser({ franchisee: f.id, position: staffPos });
    c = await newCustomer({ lat: LAT + 3, long: LON });
    const r = await ask(c);
    requestId = (r.json.data as RequestRow).id;
    expect((r.json.data as RequestRow).franchisee_id).toBe(f.id);
  });

  it("acceptance and final approval read differently; the walker hears of the first assignment", async () => {
    const acc = await api("PATCH", `user_monthly_job_requests/${requestId}`, {
      token: faToken,
      body: { franchisee_approval_status: 1, walker_id: w1.id, timeslot: "07:30" },
    });
    expect(acc.status).toBe(200);
    let told = await notes(c.user.id);
    expect(told.map((x) => x.title)).toEqual([MONTHLY_MESSAGES.customerAccepted]);
    expect(told[0].body).toContain(
      `Route Hears Paws accepted your request for ${MONTH}; awaiting final approval.`,
    );
    expect(told[0].body).toContain(w1.user_name!);
    // The walker: one notification for the month's walks, naming the customer and the franchisee.
    const heard = await notes(w1.id);
    expect(heard.map((x) => x.title)).toEqual([MONTHLY_MESSAGES.walksAssigned(NEXT.days)]);
    expect(heard[0].body).toContain(c.user.user_name!);
    expect(heard[0].body).toContain("Route Hears Paws");
    expect(heard[0].body).toContain("07:30");

    const fin = await api("POST", `user_monthly_job_requests/approve/${requestId}`, {
      token: adminToken,
      body: {},
    });
    expect(fin.status).toBe(200);
    told = await notes(c.user.id);
    expect(told.map((x) => x.title)).toEqual([
      MONTHLY_MESSAGES.customerAccepted,
      MONTHLY_MESSAGES.customerApproved,
    ]);
    expect(told[1].body).toContain(
      `Your walks for ${MONTH} are confirmed: ${w1.user_name} (Route Hears Paws), 07:30`,
    );
  });

  it("a walker change: the customer hears who walks now, the new walker gets the walks, the old one hears they were taken", async () => {
    const r = await api("PATCH", `user_monthly_job_requests/${requestId}`, {
      token: faToken,
      body: { walker_id: w2.id },
    });
    expect(r.status).toBe(200);
    const told = (await notes(c.user.id)).filter((x) => x.title === MONTHLY_MESSAGES.walkerChanged);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(`${w2.user_name} (Route Hears Paws) now walks`);
    expect(told[0].body).toContain(`instead of ${w1.user_name}`);
    const moved = await notes(w2.id);
    expect(moved.map((x) => x.title)).toEqual([MONTHLY_MESSAGES.walksMoved(NEXT.days)]);
    const taken = (await notes(w1.id)).filter((x) => x.title === MONTHLY_MESSAGES.walksTaken(NEXT.days));
    expect(taken).toHaveLength(1);
    expect(taken[0].body).toContain(w2.user_name!);
  });

  it("walks withdrawn by the admin's rejection: the walker hears once that they are no longer theirs", async () => {
    const r = await ask(c);
    const id = (r.json.data as RequestRow).id;
    await api("PATCH", `user_monthly_job_requests/${id}`, {
      token: faToken,
      body: { franchisee_approval_status: 1, walker_id: w1.id, timeslot: "16:00" },
    });
    const no = await api("POST", `user_monthly_job_requests/reject/${id}`, { token: adminToken, body: {} });
    expect(no.status).toBe(200);
    const taken = (await notes(w1.id)).filter(
      (x) => x.title === MONTHLY_MESSAGES.walksTaken(NEXT.days) && x.body?.includes("declined"),
    );
    expect(taken).toHaveLength(1);
    expect(taken[0].body).toContain(c.user.user_name!);
    const told = (await notes(c.user.id)).filter((x) => x.body === `Your request for ${MONTH} was declined.`);
    expect(told).toHaveLength(1);
  });

  it("a franchisee's rejection reaches the customer with its reason", async () => {
    const r2 = await ask(c);
    const id = (r2.json.data as RequestRow).id;
    const rej = await api("POST", `user_monthly_job_requests/reject/${id}`, {
      token: faToken,
      body: { remark: "No walker free mornings" },
    });
    expect(rej.status).toBe(200);
    const told = (await notes(c.user.id)).filter(
      (x) => x.title === MONTHLY_MESSAGES.customerRejected && x.body?.startsWith("Route Hears Paws"),
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toBe(`Route Hears Paws declined your request for ${MONTH}: No walker free mornings`);
  });

  it("the list and the item answer spec 002 §3's user, user_address and pets' user_pet", async () => {
    const expected = {
      user: { id: c.user.id, user_name: c.user.user_name },
      user_address: {
        id: c.address,
        address: `${c.user.id} Indiranagar 100 Feet Road`,
        lat: LAT + 3,
        long: LON,
      },
    };
    const one = await api("GET", `user_monthly_job_requests/${requestId}`, { token: c.token });
    expect(one.status).toBe(200);
    const item = one.json.data as Record<string, unknown>;
    expect(item).toMatchObject(expected);
    const pets = item.user_monthly_job_request_pets as { user_pet: Record<string, unknown> }[];
    expect(pets[0].user_pet).toMatchObject({ name: `Bruno ${c.user.id}`, weight: 20, age: 4 });
    expect((pets[0].user_pet.breed as { description: string }).description).toEqual(expect.any(String));
    const list = await api("GET", "user_monthly_job_requests", { token: c.token });
    const row = (list.json.data as RequestRow[]).find((x) => x.id === requestId)!;
    expect(row).toMatchObject(expected);
    expect((row.user_monthly_job_request_pets as typeof pets)[0].user_pet).toEqual(pets[0].user_pet);
  });

  /** The request's walks, by date. */
  async function walksOf() {
    return db
      .select({
        id: dailyJobPlanWalks.id,
        date: dailyJobPlanWalks.date,
        walker_id: dailyJobPlanWalks.walker_id,
      })
      .from(dailyJobPlanWalks)
      .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, dailyJobPlanWalks.daily_job_plan_id))
      .where(
        and(eq(dailyJobPlans.user_monthly_job_request_id, requestId), isNull(dailyJobPlanWalks.deleted_at)),
      )
      .orderBy(dailyJobPlanWalks.date);
  }

  it("a reschedule approved: the customer hears the new time, who walks it and for which franchisee; the walker hears too", async () => {
    const [first] = await walksOf();
    const r = await api("POST", "customer_walk_requests", {
      token: c.token,
      body: { walk_id: first.id, request_type: "reschedule", new_date: NEXT.start, new_timeslot: "18:00" },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = (r.json.data as { id: number }).id;
    // Spec 002 §3's shapes: no one processed it yet; refund eligibility is a boolean.
    expect(r.json.data).toMatchObject({ processed_by: null, refund_eligibility: false });
    const ok = await api("POST", `customer_walk_requests/${id}/approve`, { token: faToken, body: {} });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const told = (await notes(c.user.id)).filter(
      (x) => x.title === "Your walk reschedule request was approved",
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain("18:00");
    expect(told[0].body).toContain(`with ${w2.user_name} (Route Hears Paws)`);
    expect(told[0].body).toContain(`Bruno ${c.user.id}`);
    const walker = (await notes(w2.id)).filter((x) => x.title === "A walk of yours was rescheduled");
    expect(walker).toHaveLength(1);
    expect(walker[0].body).toContain(c.user.user_name!);
    // The item and the list answer processed_by {first_name, last_name} and a boolean refund_eligibility.
    const one = await api("GET", `customer_walk_requests/${id}`, { token: c.token });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({
      processed_by: { first_name: "Route", last_name: expect.any(String) },
      processed_by_id: expect.any(Number),
      refund_eligibility: false,
    });
    const list = await api("GET", "customer_walk_requests", { token: c.token });
    const row = (list.json.data as { id: number }[]).find((x) => x.id === id);
    expect(row).toMatchObject({
      processed_by: { first_name: "Route" },
      refund_eligibility: false,
    });
  });

  it("a cancellation rejected reaches the customer with its reason", async () => {
    const walks = await walksOf();
    const r = await api("POST", "customer_walk_requests", {
      token: c.token,
      body: { walk_id: walks[walks.length - 1].id, request_type: "cancel", reason: "Travelling" },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(typeof (r.json.data as { refund_eligibility: unknown }).refund_eligibility).toBe("boolean");
    const id = (r.json.data as { id: number }).id;
    const no = await api("POST", `customer_walk_requests/${id}/reject`, {
      token: faToken,
      body: { admin_remarks: "Past the cut-off" },
    });
    expect(no.status).toBe(200);
    const told = (await notes(c.user.id)).filter(
      (x) => x.title === "Your walk cancellation request was rejected",
    );
    expect(told).toHaveLength(1);
    expect(told[0].body).toMatch(
      /^Your request to cancel the walk of Bruno \d+ on .+ was declined: Past the cut-off$/,
    );
  });

  it("a leave replacement moving the walks: the customer hears once who walks them, covering for whom", async () => {
    const walks = await walksOf();
    const day = walks[10].date;
    const leave = await api("POST", "leave_requests", {
      token: await issueApiToken(w2.id),
      body: { date: day, leave_type: "full_day", reason: "Wedding" },
    });
    expect(leave.status, JSON.stringify(leave.json)).toBe(200);
    const id = (leave.json.data as { id: number }).id;
    const ok = await api("POST", `leave_requests/${id}/approve-with-replacement`, {
      token: faToken,
      body: { replacement_user_id: w1.id, admin_remarks: null },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const told = (await notes(c.user.id)).filter((x) => x.title.startsWith("Your walker changed for"));
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain(`will be walked by ${w1.user_name} (Route Hears Paws), covering for`);
    expect(told[0].body).toContain("Route");
    const onLeave = (await notes(w2.id)).filter((x) => x.title === "Leave approved");
    expect(onLeave[0].body).toContain(`1 walk goes to ${w1.user_name}`);
  });
});
