import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { loadCustomerPage, SECTION_ROWS } from "@/lib/jobs/customer-page";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, ctxFor, DEMO_LOGINS, seeded } from "../support/fixtures";

// The back office's customer page (issue 22): its loader answers 404 outside the caller's reach (a franchisee admin:
// customers with a request of their franchisee; a master franchisee: in their zones), 403 to app users, and shows
// the customer whole: profile, pets, addresses, requests with the reschedule quota, walks with their report cards,
// walk requests and notifications.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/customers/[customerId]/actions");

type Db = Awaited<ReturnType<typeof seeded>>["db"];
let db: Db;
let happyId: number;
let wagId: number;
let admin: Ctx;
let fa: Ctx;
let mf: Ctx;
/** A customer with a request of the franchisee admin's franchisee, and one with requests only elsewhere. */
let inside: number;
let outside: number;
let walkId: number;

async function failure(p: Promise<unknown>): Promise<number> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return (e as AppError).status;
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  admin = await ctxFor(adminEmail, happyId);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN], happyId);
  mf = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE], happyId);
  const requests = await db
    .select({ user: userMonthlyJobRequests.user_id, franchisee: userMonthlyJobRequests.franchisee_id })
    .from(userMonthlyJobRequests)
    .where(and(eq(userMonthlyJobRequests.company_id, happyId), isNull(userMonthlyJobRequests.deleted_at)))
    .orderBy(asc(userMonthlyJobRequests.id));
  inside = requests.find((r) => r.franchisee === fa.franchiseeId)!.user;
  outside = requests.find(
    (r) => !requests.some((x) => x.user === r.user && x.franchisee === fa.franchiseeId),
  )!.user;

  // A completed walk of the inside customer, of the franchisee admin's franchisee, with its report card.
  const [walker] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, happyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        eq(users.franchisee_id, fa.franchiseeId!),
      ),
    )
    .limit(1);
  const [plan] = await db
    .insert(dailyJobPlans)
    .values({
      company_id: happyId,
      user_id: inside,
      franchisee_id: fa.franchiseeId,
      walker_id: walker.id,
      date: "2001-01-01",
    })
    .returning({ id: dailyJobPlans.id });
  const [walk] = await db
    .insert(dailyJobPlanWalks)
    .values({
      company_id: happyId,
      daily_job_plan_id: plan.id,
      franchisee_id: fa.franchiseeId,
      walker_id: walker.id,
      date: "2001-01-01",
      timeslot: "07:00",
      status: 2,
      started_at: new Date("2001-01-01T01:30:00Z"),
      completed_at: new Date("2001-01-01T02:05:00Z"),
      actual_duration_minutes: 35,
      distance_covered: 2.4,
      calories_burnt: 120,
      walker_note: "Chased a squirrel, drank plenty of water.",
      photo_paths: ["walks/report-one.png"],
      rating: 5,
      feedback: "Lovely",
    })
    .returning({ id: dailyJobPlanWalks.id });
  walkId = walk.id;
  await db.insert(notifications).values({ company_id: happyId, user_id: inside, title: "Your walk is done" });
});

describe("the customer page's loader", () => {
  it("shows the admin the customer whole, with a completed walk's report card", async () => {
    const page = await loadCustomerPage(admin, inside);
    expect(page.customer.id).toBe(inside);
    expect(page.customer).toHaveProperty("email");
    expect(page.pets.rows.length).toBeGreaterThan(0);
    expect(page.addresses.rows.length).toBeGreaterThan(0);
    expect(page.monthly_requests.rows.length).toBeGreaterThan(0);
    expect(page.monthly_requests.rows[0].quota).toMatchObject({
      current_quota: page.reschedule_quota,
      reschedules_used: expect.any(Number),
    });
    const past = page.past_walks.rows.find((w) => w.id === walkId);
    // The walk is old: it shows once the newer past walks leave room, else through the list's link (more).
    if (past)
      expect(past.report).toEqual({
        started_at: "2001-01-01T01:30:00.000Z",
        completed_at: "2001-01-01T02:05:00.000Z",
        duration_minutes: 35,
        distance_covered: 2.4,
        calories_burnt: 120,
        note: "Chased a squirrel, drank plenty of water.",
        photo_urls: ["/api/files/walks/report-one.png"],
        start_selfie_url: null,
        end_selfie_url: null,
        rating: 5,
        feedback: "Lovely",
        rated_at: null,
      });
    else expect(page.past_walks.more).toBe(true);
    expect(page.notifications.rows.map((n) => n.title)).toContain("Your walk is done");
    for (const section of [page.pets, page.past_walks, page.upcoming_walks, page.notifications])
      expect(section.rows.length).toBeLessThanOrEqual(SECTION_ROWS);
  });

  it("includes the franchisee admin's walk with its report for their customer", async () => {
    // Make the report walk the newest past walk, so it is on the page.
    const yesterday = new Date(Date.parse(`${indiaNow().date}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await db
      .update(dailyJobPlanWalks)
      .set({ date: yesterday, timeslot: "23:59" })
      .where(eq(dailyJobPlanWalks.id, walkId));
    const page = await loadCustomerPage(fa, inside);
    const walk = page.past_walks.rows[0];
    expect(walk.id).toBe(walkId);
    expect(walk.status_label).toBe("Completed");
    expect(walk.report).toMatchObject({
      duration_minutes: 35,
      distance_covered: 2.4,
      calories_burnt: 120,
      rating: 5,
    });
    expect(walk.report!.photo_urls).toEqual(["/api/files/walks/report-one.png"]);
    // Only their franchisee's requests.
    const own = await db
      .select({ id: userMonthlyJobRequests.id })
      .from(userMonthlyJobRequests)
      .where(
        and(
          eq(userMonthlyJobRequests.user_id, inside),
          eq(userMonthlyJobRequests.franchisee_id, fa.franchiseeId!),
        ),
      );
    expect(page.monthly_requests.rows.every((r) => own.some((o) => o.id === r.id))).toBe(true);
  });

  it("opens a deactivated customer's page too (the users list links to it)", async () => {
    await db.update(users).set({ is_active: 0 }).where(eq(users.id, inside));
    try {
      const page = await loadCustomerPage(admin, inside);
      expect(page.customer.id).toBe(inside);
    } finally {
      await db.update(users).set({ is_active: 1 }).where(eq(users.id, inside));
    }
  });

  it("answers 404 outside the caller's reach, and 403 to an app user", async () => {
    expect(await failure(loadCustomerPage(fa, outside))).toBe(404);
    // Not a customer (a walker), a missing id and another company's customer: 404 for the admin too.
    const [walker] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.company_id, happyId),
          eq(users.role_id, ROLE_IDS[ROLE.USER]),
          isNotNull(users.franchisee_id),
        ),
      )
      .limit(1);
    expect(await failure(loadCustomerPage(admin, walker.id))).toBe(404);
    expect(await failure(loadCustomerPage(admin, 99_999_999))).toBe(404);
    const [wagCustomer] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.company_id, wagId), eq(users.role_id, ROLE_IDS[ROLE.USER]), isNull(users.franchisee_id)),
      )
      .limit(1);
    expect(await failure(loadCustomerPage(admin, wagCustomer.id))).toBe(404);

    // A master franchisee: customers with a request in their zones only.
    const zones = mf.zoneIds!;
    const inZones = await db
      .selectDistinct({ user: userMonthlyJobRequests.user_id })
      .from(userMonthlyJobRequests)
      .where(
        and(eq(userMonthlyJobRequests.company_id, happyId), inArray(userMonthlyJobRequests.zone_id, zones)),
      );
    const outZones = await db
      .selectDistinct({ user: userMonthlyJobRequests.user_id })
      .from(userMonthlyJobRequests)
      .innerJoin(franchisees, eq(franchisees.id, userMonthlyJobRequests.franchisee_id))
      .where(
        and(
          eq(userMonthlyJobRequests.company_id, happyId),
          sql`${userMonthlyJobRequests.zone_id} is not null and ${userMonthlyJobRequests.zone_id} not in (${sql.join(
            zones.map((z) => sql`${z}::int`),
            sql`, `,
          )})`,
        ),
      );
    const mfCustomer = inZones[0].user;
    expect((await loadCustomerPage(mf, mfCustomer)).customer.id).toBe(mfCustomer);
    const stranger = outZones.find((o) => !inZones.some((i) => i.user === o.user));
    expect(stranger, "demo data: a customer with requests only outside the zones").toBeDefined();
    expect(await failure(loadCustomerPage(mf, stranger!.user))).toBe(404);

    const app = await ctxFor((await db.select().from(users).where(eq(users.id, inside)))[0].email, happyId);
    expect(await failure(loadCustomerPage(app, inside))).toBe(403);
  });
});

describe("the customer page's dialogs (server actions)", () => {
  it("adds and corrects a pet and an address for the customer, with field errors kept for the form", async () => {
    session.ctx = fa;
    const customer = encodeId(inside);
    const bad = await actions.savePetAction(customer, null, {
      name: "",
      weight: "-1",
      breed_id: "",
      gender: "",
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { name: "The name field is required.", weight: expect.stringContaining("weight") },
    });
    const made = await actions.savePetAction(customer, null, {
      name: "Phoned In",
      weight: "7.5",
      breed_id: "",
      gender: "MALE",
      age: "",
      date_of_birth: "",
      temperament: "",
      medical_notes: "",
      vet_phone: "",
      photo_path: null,
    });
    expect(made.ok).toBe(true);
    const petId = (made as { ok: true; data: { id: string } }).data.id;
    const fixed = await actions.savePetAction(customer, petId, { name: "Phoned In", weight: "8" });
    expect(fixed.ok).toBe(true);
    const page = await loadCustomerPage(fa, inside);
    expect(page.pets.rows.find((p) => p.name === "Phoned In")?.weight).toBe(8);
    // A pet of another customer, named through this customer's page: 404.
    const [foreignPet] = await db
      .select({ id: userPets.id })
      .from(userPets)
      .where(and(ne(userPets.user_id, inside), eq(userPets.company_id, happyId)))
      .limit(1);
    const wrong = await actions.savePetAction(customer, encodeId(foreignPet.id), { name: "Taken" });
    expect(wrong).toMatchObject({ ok: false, status: 404 });

    const address = await actions.saveAddressAction(customer, null, {
      address: "Phoned-in address",
      latitude: "19.1",
      longitude: "72.9",
      state_id: "",
      pin_code: "400001",
    });
    expect(address.ok).toBe(true);
    const refused = await actions.saveAddressAction(customer, null, { address: "x", pin_code: "12" });
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { pin_code: "The pin code must be 6 digits." },
    });
    // Outside the franchisee admin's reach: 404.
    const out = await actions.savePetAction(encodeId(outside), null, { name: "Nope" });
    expect(out).toMatchObject({ ok: false, status: 404 });
  });
});
