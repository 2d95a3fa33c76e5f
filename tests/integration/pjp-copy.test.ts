import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { outlets, pjpOutlets, pjpReferenceOutlets, pjpReferences, pjps, positions, users } from "@/db/schema";
import { copyPjpFromPreviousMonth, copyPjpFromReferences } from "@/lib/operations/pjp-copy";
import { pjpsCrud } from "@/lib/operations/pjps";
import { weekParity } from "@/lib/operations/week-parity";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { asOwner } from "@/lib/platform/db";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

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
let A: number, B: number, C: number, closed: number;
let seq = 0;

async function newUser(companyId: number, name: string) {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), eq(positions.name, "CUSTOMER")));
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS.USER,
      position_id: p.id,
      first_name: name,
      last_name: "Copy",
      user_name: `${name} Copy`,
      email: `${name.toLowerCase()}.${++seq}@copy.test`,
      password_hash: "!unset:test",
    })
    .returning({ id: users.id });
  return u.id;
}

async function newOutlet(name: string, active = 1) {
  const [o] = await db
    .insert(outlets)
    .values({ company_id: happyId, name: `${name} ${++seq}`, is_active: active })
    .returning({ id: outlets.id });
  return o.id;
}

async function newReference(
  user_id: number,
  day: string,
  week: "EVEN" | "ODD",
  outletIds: number[],
  o: { name?: string; active?: number; deleted?: boolean } = {},
) {
  const [r] = await db
    .insert(pjpReferences)
    .values({
      company_id: happyId,
      user_id,
      day,
      week,
      name: o.name ?? `${day} ${week}`,
      location: `${day} side`,
      is_active: o.active ?? 1,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: pjpReferences.id });
  if (outletIds.length)
    await db
      .insert(pjpReferenceOutlets)
      .values(outletIds.map((outlet_id) => ({ pjp_reference_id: r.id, outlet_id })));
  return r.id;
}

async function newPjp(
  user_id: number,
  date: string,
  name: string,
  outletIds: number[],
  o: { active?: number; deleted?: boolean; description?: string } = {},
) {
  const [p] = await db
    .insert(pjps)
    .values({
      company_id: happyId,
      user_id,
      date,
      name,
      location: "Bandra",
      description: o.description ?? null,
      is_active: o.active ?? 1,
      is_outlet_visited: 1,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: pjps.id });
  if (outletIds.length)
    await db.insert(pjpOutlets).values(outletIds.map((outlet_id) => ({ pjp_id: p.id, outlet_id })));
  return p.id;
}

/** The user's live PJPs of a month: date, name and outlets, in date order. */
async function planOf(user_id: number, month: string) {
  const rows = await db
    .select()
    .from(pjps)
    .where(and(eq(pjps.user_id, user_id), isNull(pjps.deleted_at)))
    .orderBy(asc(pjps.date), asc(pjps.name));
  const inMonth = rows.filter((r) => r.date.startsWith(month));
  const links = await db.select().from(pjpOutlets);
  return inMonth.map((r) => ({
    id: r.id,
    date: r.date,
    name: r.name,
    location: r.location,
    description: r.description,
    is_outlet_visited: r.is_outlet_visited,
    outlets: links
      .filter((l) => l.pjp_id === r.id)
      .map((l) => l.outlet_id)
      .sort((x, y) => x - y),
  }));
}

async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
  A = await newOutlet("Copy Alpha");
  B = await newOutlet("Copy Beta");
  C = await newOutlet("Copy Gamma");
  closed = await newOutlet("Copy Closed", 0);
});

describe("copy PJPs from references", () => {
  it("makes one PJP on every date of the month whose weekday and ISO week parity match each reference", async () => {
    const user = await newUser(happyId, "Neha");
    await newReference(user, "Monday", "ODD", [B, A], { name: "Monday Odd" });
    await newReference(user, "Monday", "EVEN", [C], { name: "Monday Even" });
    await newReference(user, "Wednesday", "EVEN", [A], { name: "Wednesday Even" });
    // Neither an inactive nor a deleted reference is copied.
    await newReference(user, "Tuesday", "ODD", [A], { name: "Paused", active: 0 });
    await newReference(user, "Thursday", "ODD", [A], { name: "Deleted", deleted: true });

    const r = await api("POST", "pjps/copy_pjp_from_reference", {
      token,
      body: { user_id: user, month_year: "2026-06" },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ message: "7 PJPs created, 0 skipped", data: { created: 7, skipped: 0 } });

    // June 2026 has five Mondays (1, 8, 15, 22, 29): ISO weeks 23, 24, 25, 26, 27.
    const plan = await planOf(user, "2026-06");
    expect(plan.map((p) => [p.date, p.name])).toEqual([
      ["2026-06-01", "Monday Odd"],
      ["2026-06-08", "Monday Even"],
      ["2026-06-10", "Wednesday Even"],
      ["2026-06-15", "Monday Odd"],
      ["2026-06-22", "Monday Even"],
      ["2026-06-24", "Wednesday Even"],
      ["2026-06-29", "Monday Odd"],
    ]);
    for (const p of plan) expect(weekParity(p.date)).toBe(p.name.includes("Odd") ? "ODD" : "EVEN");
    expect(plan[0]).toMatchObject({
      location: "Monday side",
      is_outlet_visited: 0,
      outlets: [A, B].sort((x, y) => x - y),
    });
    expect(plan[1].outlets).toEqual([C]);
  });

  it("is idempotent: a second run creates nothing and counts what is already there as skipped", async () => {
    const user = await newUser(happyId, "Omar");
    await newReference(user, "Monday", "ODD", [A]);
    await newReference(user, "Monday", "EVEN", [B]);
    const body = { user_id: user, month_year: "2026-06" };
    expect(await copyPjpFromReferences(admin, body)).toEqual({ created: 5, skipped: 0 });
    expect(await copyPjpFromReferences(admin, body)).toEqual({ created: 0, skipped: 5 });
    expect(await planOf(user, "2026-06")).toHaveLength(5);
    // A deleted PJP is not there any more: the next run makes it again, and only it.
    const [june15] = (await planOf(user, "2026-06")).filter((p) => p.date === "2026-06-15");
    await pjpsCrud.delete(admin, { id: june15.id });
    expect(await copyPjpFromReferences(admin, body)).toEqual({ created: 1, skipped: 4 });
    // A PJP the user made by hand with a reference's name on its date counts as already there.
    const july = { user_id: user, month_year: "2026-07" };
    await newPjp(user, "2026-07-13", "monday odd", [C]);
    expect(await copyPjpFromReferences(admin, july)).toEqual({ created: 3, skipped: 1 });
  });

  it("handles the year boundary by ISO weeks (week 53 and week 1 are both ODD) and skips a reference with no live outlet", async () => {
    const user = await newUser(happyId, "Priya");
    await newReference(user, "Monday", "ODD", [A], { name: "Monday Odd" });
    await newReference(user, "Friday", "EVEN", [closed], { name: "Closed Outlet Route" });
    // December 2026: Mondays 7 (W50), 14 (W51), 21 (W52), 28 (W53); Fridays 4 (W49), 11, 18, 25 (W52).
    expect(await copyPjpFromReferences(admin, { user_id: user, month_year: "2026-12" })).toEqual({
      created: 2,
      skipped: 2,
    });
    expect((await planOf(user, "2026-12")).map((p) => p.date)).toEqual(["2026-12-14", "2026-12-28"]);
    // January 2027: Monday 4 is ISO week 1 (ODD), right after week 53.
    await copyPjpFromReferences(admin, { user_id: user, month_year: "2027-01" });
    expect((await planOf(user, "2027-01")).map((p) => p.date)).toEqual(["2027-01-04", "2027-01-18"]);
  });

  it("refuses a user outside the acting company and a month that is not YYYY-MM (422)", async () => {
    const wagUser = await newUser(wagId, "Outsider");
    expect(
      await fieldErrorsOf(copyPjpFromReferences(admin, { user_id: wagUser, month_year: "2026-06" })),
    ).toEqual({
      user_id: "The selected user is invalid.",
    });
    expect(
      await fieldErrorsOf(copyPjpFromReferences(admin, { user_id: admin.userId, month_year: "2026-06" })),
    ).toEqual({
      user_id: "The selected user is invalid.",
    });
    expect(await fieldErrorsOf(copyPjpFromReferences(admin, {}))).toEqual({
      user_id: "The user field is required.",
      month_year: "The month year field is required.",
    });
    const r = await api("POST", "pjps/copy_pjp_from_prev_month", {
      token,
      body: { user_id: wagUser, month_year: "2026-13" },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ month_year: ["The month year must be a month like 2026-11."] });
  });
});

describe("copy PJPs from the previous month", () => {
  it("places each PJP on the same weekday of the same week of the chosen month, skipping a 5th weekday it lacks", async () => {
    const user = await newUser(happyId, "Ravi");
    // May 2026 (the month before June): the 1st Monday (4), the 2nd Tuesday (12), the 5th Friday (29), the 5th
    // Sunday (31); June 2026 has four Fridays and four Sundays.
    await newPjp(user, "2026-05-04", "First Monday", [A, B], { description: "Stock check" });
    await newPjp(user, "2026-05-12", "Second Tuesday", [C]);
    await newPjp(user, "2026-05-29", "Fifth Friday", [A]);
    await newPjp(user, "2026-05-31", "Fifth Sunday", [A]);
    // Neither a deleted nor an inactive PJP is copied; nor another month's.
    await newPjp(user, "2026-05-05", "Deleted", [A], { deleted: true });
    await newPjp(user, "2026-05-06", "Paused", [A], { active: 0 });
    await newPjp(user, "2026-04-06", "April", [A]);

    session.ctx = admin;
    const r = await actions.copyPjpFromPreviousMonthAction({ user_id: String(user), month_year: "2026-06" });
    expect(r).toEqual({ ok: true, data: { created: 2, skipped: 2, message: "2 PJPs created, 2 skipped" } });
    const plan = await planOf(user, "2026-06");
    expect(plan.map((p) => [p.date, p.name])).toEqual([
      ["2026-06-01", "First Monday"],
      ["2026-06-09", "Second Tuesday"],
    ]);
    expect(plan[0]).toMatchObject({
      location: "Bandra",
      description: "Stock check",
      is_outlet_visited: 0,
      outlets: [A, B].sort((x, y) => x - y),
    });

    // Again: nothing new; the two copies and the two missing days are skipped.
    expect(await copyPjpFromPreviousMonth(admin, { user_id: user, month_year: "2026-06" })).toEqual({
      created: 0,
      skipped: 4,
    });
  });

  it("reads December for January, and the copies it made can be copied on", async () => {
    const user = await newUser(happyId, "Sana");
    await newPjp(user, "2026-12-28", "Fourth Monday", [A]);
    expect(await copyPjpFromPreviousMonth(admin, { user_id: user, month_year: "2027-01" })).toEqual({
      created: 1,
      skipped: 0,
    });
    expect((await planOf(user, "2027-01")).map((p) => p.date)).toEqual(["2027-01-25"]);
    await copyPjpFromPreviousMonth(admin, { user_id: user, month_year: "2027-02" });
    expect((await planOf(user, "2027-02")).map((p) => p.date)).toEqual(["2027-02-22"]);
  });

  it("runs in one transaction: a failure after the PJPs were written leaves none of them", async () => {
    const user = await newUser(happyId, "Tara");
    const boom = await newOutlet("Boom Outlet");
    await newReference(user, "Monday", "ODD", [A], { name: "Monday Odd" });
    await newReference(user, "Monday", "EVEN", [boom], { name: "Monday Even" });
    // The outlets are written after the PJPs: refuse the one outlet, so the PJPs are already in when it fails.
    // Schema work, as the owning role (the server's role owns no table).
    await asOwner(
      sql.raw(`create or replace function pjp_copy_boom() returns trigger language plpgsql as $$
      begin if new.outlet_id = ${boom} then raise exception 'boom'; end if; return new; end $$`),
    );
    await asOwner(
      sql.raw(`create trigger pjp_copy_boom before insert on pjp_outlets
      for each row execute function pjp_copy_boom()`),
    );
    try {
      await expect(copyPjpFromReferences(admin, { user_id: user, month_year: "2026-06" })).rejects.toThrow();
    } finally {
      await asOwner(sql.raw("drop trigger pjp_copy_boom on pjp_outlets"));
    }
    expect(await planOf(user, "2026-06")).toEqual([]);
    expect(await copyPjpFromReferences(admin, { user_id: user, month_year: "2026-06" })).toEqual({
      created: 5,
      skipped: 0,
    });
  });
});
