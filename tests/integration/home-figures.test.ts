import { beforeAll, describe, expect, it } from "vitest";
import { companies, dailyJobPlanWalks, dailyJobPlans, franchisees, leaveRequests } from "@/db/schema";
import { franchiseeHome, homeKind, masterHome, pendingByKind, walkPeriods } from "@/lib/admin/home-figures";
import type { Ctx } from "@/lib/platform/context";
import { decodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { demoZones, userMaker } from "../support/callers";
import { adminEmail, ctxFor, DEMO_LOGINS, seeded, superEmail } from "../support/fixtures";

// The homes' figures (issue 25) are computed in SQL within the caller's scope: one company's figures never include
// another's, a master franchisee's cover only their zones, a franchisee admin's only their franchisee. A day far in
// the future holds only this file's walks, so every figure is known exactly.

const D = "2031-06-11";
const tag = `home${Date.now().toString(36)}`;
let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let wagAdmin: Ctx;
let mf: Ctx;
let fa: Ctx;
let fIn: number;
let fOut: number;
let fWag: number;
let person: ReturnType<typeof userMaker>;

/** A plan on D at the franchisee with these walks (status, and whether a walker is set). */
async function walks(companyId: number, franchiseeId: number, list: { status?: number; walker?: boolean }[]) {
  const walker = await person(companyId, franchiseeId);
  const customer = await person(companyId, null);
  const [p] = await db
    .insert(dailyJobPlans)
    .values({
      company_id: companyId,
      user_id: customer,
      franchisee_id: franchiseeId,
      walker_id: walker,
      date: D,
    })
    .returning({ id: dailyJobPlans.id });
  await db.insert(dailyJobPlanWalks).values(
    list.map((w, i) => ({
      company_id: companyId,
      daily_job_plan_id: p.id,
      franchisee_id: franchiseeId,
      walker_id: w.walker === false ? null : walker,
      date: D,
      walk_no: i + 1,
      timeslot: `0${7 + i}:00`,
      status: w.status ?? 0,
    })),
  );
  return walker;
}

const today = (periods: Awaited<ReturnType<typeof walkPeriods>>) => {
  const t = periods.find((p) => p.key === "today")!;
  return { planned: t.planned.value, completed: t.completed.value, uncovered: t.uncovered.value };
};

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  person = userMaker(db, "Home", tag);
  admin = await ctxFor(adminEmail, happy.id);
  wagAdmin = await ctxFor(superEmail, wag.id);
  mf = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE], happy.id);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN], happy.id);
  const { west, powai } = await demoZones(db, happy.id);
  expect(powai.zone).not.toBe(west);
  const f = async (companyId: number, name: string, zone: number | null) =>
    (
      await db
        .insert(franchisees)
        .values({ company_id: companyId, name: `${name} ${tag}`, zone_id: zone })
        .returning({ id: franchisees.id })
    )[0].id;
  fIn = await f(happy.id, "Home West", west);
  fOut = await f(happy.id, "Home Elsewhere", powai.zone);
  fWag = await f(wag.id, "Home Wag", null);
  await walks(happy.id, fIn, [{ status: 2 }, { walker: false }, {}]);
  await walks(happy.id, fOut, [{}, { status: 2 }]);
  await walks(wag.id, fWag, [{}, {}, {}, { status: 2 }, { walker: false }, { walker: false }, { status: 6 }]);
  // The demo franchisee admin's own franchisee gets one walk on D too.
  await walks(happy.id, fa.franchiseeId!, [{ walker: false }]);
});

describe("the homes' figures", () => {
  it("give each caller the home of their role", () => {
    expect(homeKind(admin)).toBe("franchisor");
    expect(homeKind(wagAdmin)).toBe("franchisor");
    expect(homeKind(mf)).toBe("master");
    expect(homeKind(fa)).toBe("franchisee");
  });

  it("count one company's walks only: the other company's never show", async () => {
    const scope = { franchiseeId: null, zoneIds: null };
    expect(today(await walkPeriods(admin, scope, D))).toEqual({ planned: 6, completed: 2, uncovered: 2 });
    // Wag's seven walks: one cancelled (not planned), one completed, two without a walker.
    expect(today(await walkPeriods(wagAdmin, scope, D))).toEqual({ planned: 6, completed: 1, uncovered: 2 });
  });

  it("link every walk figure to the list that explains it", async () => {
    const [t, week, month] = await walkPeriods(admin, { franchiseeId: null, zoneIds: null }, D);
    expect(t.planned.href).toBe(`/daily-job-plans?date=${D}`);
    expect(week.uncovered.href).toBe("/walk-calendar?from=2031-06-09&to=2031-06-15");
    expect(month.planned.href).toBe("/walk-calendar?month=2031-06");
  });

  it("cover only a master franchisee's zones, franchisee by franchisee", async () => {
    const h = await masterHome(mf, D);
    const lines = h.franchisees.map((f) => decodeId(f.franchisee_id));
    expect(lines).toContain(fIn);
    expect(lines).not.toContain(fOut);
    expect(lines).not.toContain(fWag);
    expect(h.franchisees.every((f) => f.zone === "WEST")).toBe(true);
    expect(h.franchisees.find((f) => decodeId(f.franchisee_id) === fIn)).toMatchObject({
      planned: 3,
      completed: 1,
      unassigned: 1,
    });
    // The zones' walks: fIn's three and the demo franchisee admin's one when theirs is in WEST; never fOut's nor Wag's.
    const faInWest = lines.includes(fa.franchiseeId!) ? 1 : 0;
    expect(today(h.walks)).toEqual({ planned: 3 + faInWest, completed: 1, uncovered: 1 + faInWest });
  });

  it("cover only a franchisee admin's own franchisee", async () => {
    const h = await franchiseeHome(fa, D);
    expect(today(h.walks)).toEqual({ planned: 1, completed: 0, uncovered: 1 });
    expect(h.walkers.map((w) => w.walker)).toEqual(["No walker"]);
  });

  it("count pending approvals within the company: another company's new leave moves only its own figure", async () => {
    const leaveOf = async (ctx: Ctx) =>
      (await pendingByKind(ctx)).find((p) => p.href === "/approvals?kind=leave_requests")?.value ?? 0;
    const [happyBefore, wagBefore] = [await leaveOf(admin), await leaveOf(wagAdmin)];
    const walker = await person(wag.id, fWag);
    await db
      .insert(leaveRequests)
      .values({ company_id: wag.id, user_id: walker, franchisee_id: fWag, date: D, leave_type: "full_day" });
    expect(await leaveOf(admin)).toBe(happyBefore);
    expect(await leaveOf(wagAdmin)).toBe(wagBefore + 1);
  });
});
