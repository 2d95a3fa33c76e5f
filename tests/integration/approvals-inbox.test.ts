import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  franchiseeCareerRequests,
  franchisees,
  leaveRequests,
  notifications,
  userMonthlyJobRequests,
} from "@/db/schema";
import { declarationOf, decideItem, decideTransition } from "@/lib/approvals/decisions";
import { INBOX_KINDS } from "@/lib/approvals/inbox";
import { franchiseesCrud } from "@/lib/franchise/franchisees";
import { approvalWalkers } from "@/lib/jobs/monthly-requests";
import { approvals } from "@/lib/registry";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { allowedTransitions } from "@/lib/platform/approval";
import { INBOX_TOTAL_CAP, inboxCounts, inboxTotal, listInbox } from "@/lib/approvals/inbox";
import type { Ctx } from "@/lib/platform/context";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { demoZones, userMaker } from "../support/callers";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor } from "../support/fixtures";

// GET /api/approvals (issue 25): every pending item the caller may decide, within their scope (company, a master
// franchisee's zones, a franchisee admin's own franchisee), oldest first, by kind, keyset paged. This file's items
// are asked in 2001, before anything the demo holds, so they lead the list.

const tag = `inbox${Date.now().toString(36)}`;
let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let fa: Ctx;
let admin: Ctx;
let tokens: { admin: string; fa: string; mf: string; customer: string };
const ids = { ownLeave: [] as number[], otherLeave: 0, wagLeave: 0, westCareer: 0, eastCareer: 0 };
let walker: ReturnType<typeof userMaker>;

async function leave(companyId: number, franchiseeId: number, day: number) {
  const [l] = await db
    .insert(leaveRequests)
    .values({
      company_id: companyId,
      user_id: await walker(companyId, franchiseeId),
      franchisee_id: franchiseeId,
      date: "2031-07-01",
      leave_type: "full_day",
      created_at: new Date(Date.UTC(2001, 0, day)),
    })
    .returning({ id: leaveRequests.id });
  return l.id;
}

async function career(zone: number | null, day: number) {
  const [c] = await db
    .insert(franchiseeCareerRequests)
    .values({
      company_id: happy.id,
      full_name: `Career ${tag} ${day}`,
      zone_id: zone,
      created_at: new Date(Date.UTC(2001, 0, day)),
    })
    .returning({ id: franchiseeCareerRequests.id });
  return c.id;
}

type Answer = {
  data: { kind: string; id: string; asked_at: string; franchisee: string | null }[];
  next_cursor: string | null;
  counts: { kind: string; count: number }[];
};
const get = async (token: string, query = "") => {
  const r = await api("GET", `approvals${query}`, { token, companyId: happy.id });
  return { status: r.status, body: r.json as unknown as Answer };
};
const mine = (a: Answer) => a.data.filter((i) => i.asked_at.startsWith("2001-"));
const idsOf = (a: Answer, kind: string) =>
  mine(a)
    .filter((i) => i.kind === kind)
    .map((i) => decodeId(i.id));

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  walker = userMaker(db, "Inbox", tag);
  admin = await ctxFor(adminEmail, happy.id);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN], happy.id);
  tokens = {
    admin: await tokenFor(adminEmail),
    fa: await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]),
    mf: await tokenFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]),
    customer: await issueApiToken(await walker(happy.id, null)),
  };
  const { west: westZone, powai } = await demoZones(db, happy.id);
  const [wagF] = await db
    .insert(franchisees)
    .values({ company_id: wag.id, name: `Wag ${tag}` })
    .returning({ id: franchisees.id });
  ids.ownLeave = [await leave(happy.id, fa.franchiseeId!, 3), await leave(happy.id, fa.franchiseeId!, 5)];
  ids.otherLeave = await leave(
    happy.id,
    fa.franchiseeId === powai.id
      ? (
          await db
            .select({ id: franchisees.id })
            .from(franchisees)
            .where(and(eq(franchisees.company_id, happy.id), eq(franchisees.name, "Happy Paws Andheri")))
        )[0].id
      : powai.id,
    4,
  );
  ids.wagLeave = await leave(wag.id, wagF.id, 2);
  ids.westCareer = await career(westZone, 1);
  ids.eastCareer = await career(powai.zone, 6);
});

describe("GET /api/approvals", () => {
  it("lists an admin's pending items of the company, oldest first, never another company's", async () => {
    const r = await get(tokens.admin, "?limit=100");
    expect(r.status).toBe(200);
    expect(idsOf(r.body, "leave_requests")).toEqual([ids.ownLeave[0], ids.otherLeave, ids.ownLeave[1]]);
    expect(idsOf(r.body, "leave_requests")).not.toContain(ids.wagLeave);
    expect(idsOf(r.body, "franchisee_career_requests")).toEqual([ids.westCareer, ids.eastCareer]);
    const times = r.body.data.map((i) => Date.parse(i.asked_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(r.body.counts.find((c) => c.kind === "leave_requests")!.count).toBeGreaterThanOrEqual(3);
  });

  it("gives the drawer the pending total, the sum of the counts per kind, stopping at the cap", async () => {
    const counts = await inboxCounts(admin);
    const sum = counts.reduce((t, c) => t + c.count, 0);
    expect(sum).toBeGreaterThan(0);
    expect(await inboxTotal(admin)).toBe(Math.min(sum, INBOX_TOTAL_CAP));
    const faSum = (await inboxCounts(fa)).reduce((t, c) => t + c.count, 0);
    expect(await inboxTotal(fa)).toBe(Math.min(faSum, INBOX_TOTAL_CAP));
    // A backlog past the cap reads no further than it (the drawer shows "999+").
    const walkerId = await walker(happy.id, null);
    await db.insert(leaveRequests).values(
      Array.from({ length: INBOX_TOTAL_CAP }, (_, i) => ({
        company_id: happy.id,
        user_id: walkerId,
        franchisee_id: null,
        date: `2032-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        leave_type: "full_day",
        reason: `${tag} backlog ${i}`,
        created_at: new Date(Date.UTC(2030, 0, 1)),
      })),
    );
    expect(await inboxTotal(admin)).toBe(INBOX_TOTAL_CAP);
    await db.delete(leaveRequests).where(eq(leaveRequests.user_id, walkerId));
  });

  it("filters by kind", async () => {
    const r = await get(tokens.admin, "?kind=franchisee_career_requests&limit=100");
    expect(new Set(r.body.data.map((i) => i.kind))).toEqual(new Set(["franchisee_career_requests"]));
    expect((await get(tokens.admin, "?kind=nothing")).status).toBe(422);
  });

  it("gives a franchisee admin only their own franchisee's items", async () => {
    const r = await get(tokens.fa, "?limit=100");
    expect(r.status).toBe(200);
    expect(idsOf(r.body, "leave_requests")).toEqual(ids.ownLeave);
    expect(idsOf(r.body, "franchisee_career_requests")).toEqual([]);
  });

  it("gives a master franchisee only their zones' items", async () => {
    const r = await get(tokens.mf, "?limit=100");
    expect(r.status).toBe(200);
    expect(idsOf(r.body, "franchisee_career_requests")).toEqual([ids.westCareer]);
  });

  it("refuses a caller who decides nothing (403)", async () => {
    expect((await get(tokens.customer)).status).toBe(403);
  });

  it("pages by keyset: every item once, in order, whatever the page size", async () => {
    const all = (await get(tokens.admin, "?limit=100")).body.data.map((i) => `${i.kind}:${i.id}`);
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 200; i++) {
      const page: Answer = (await get(tokens.admin, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).body;
      walked.push(...page.data.map((x) => `${x.kind}:${x.id}`));
      cursor = page.next_cursor;
      if (!cursor || walked.length >= all.length) break;
    }
    expect(walked.slice(0, all.length)).toEqual(all);
    expect((await get(tokens.admin, "?cursor=not-a-cursor")).status).toBe(422);
  });

  it("drops an item once decided through its own kind's call; a second decision is refused", async () => {
    // The item's notification (pointing at it) and another one (a list) before the decision.
    const [note, other] = await db
      .insert(notifications)
      .values([
        {
          company_id: happy.id,
          user_id: fa.userId,
          title: "Leave",
          link: `/leave-requests/${encodeId(ids.ownLeave[0])}`,
        },
        { company_id: happy.id, user_id: fa.userId, title: "Leave", link: "/leave-requests?status=0" },
      ])
      .returning({ id: notifications.id });
    await decideItem(fa, "leave_requests", ids.ownLeave[0], "reject", "No cover that day");
    const readAt = async (id: number) =>
      (await db.select({ at: notifications.read_at }).from(notifications).where(eq(notifications.id, id)))[0]
        .at;
    expect(await readAt(note.id)).not.toBeNull();
    expect(await readAt(other.id)).toBeNull();
    const after = await listInbox(fa, { limit: 100 });
    expect(after.data.map((i) => decodeId(i.id))).not.toContain(ids.ownLeave[0]);
    await expect(decideItem(fa, "leave_requests", ids.ownLeave[0], "reject", "again")).rejects.toMatchObject({
      status: 409,
    });
    // Another franchisee's item is outside the franchisee admin's scope.
    await expect(decideItem(fa, "leave_requests", ids.otherLeave, "reject", "x")).rejects.toMatchObject({
      status: 404,
    });
    // A kind they may not decide.
    await expect(
      decideItem(fa, "franchisee_career_requests", ids.westCareer, "approve"),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      decideItem(admin, "franchisee_career_requests", ids.eastCareer, "reject", ""),
    ).rejects.toMatchObject({
      status: 422,
    });
  });

  it("marks an item's notifications done when a save moves its status out of pending (the edit form, a PATCH)", async () => {
    const [f] = await db
      .insert(franchisees)
      .values({
        company_id: happy.id,
        name: `Saved ${tag}`,
        status: 0,
        created_at: new Date(Date.UTC(2001, 0, 8)),
      })
      .returning({ id: franchisees.id });
    const [note, other] = await db
      .insert(notifications)
      .values([
        {
          company_id: happy.id,
          user_id: admin.userId,
          title: "Franchisee",
          link: `/franchisees/${encodeId(f.id)}`,
        },
        { company_id: happy.id, user_id: admin.userId, title: "Franchisee", link: "/franchisees" },
      ])
      .returning({ id: notifications.id });
    const readAt = async (id: number) =>
      (await db.select({ at: notifications.read_at }).from(notifications).where(eq(notifications.id, id)))[0]
        .at;
    // A save that leaves the status pending leaves them.
    await franchiseesCrud.update(admin, { id: f.id, name: `Saved ${tag} again` });
    expect(await readAt(note.id)).toBeNull();
    await franchiseesCrud.update(admin, { id: f.id, status: 1 });
    expect(await readAt(note.id)).not.toBeNull();
    expect(await readAt(other.id)).toBeNull();
    expect(idsOf((await get(tokens.admin, "?kind=franchisees&limit=100")).body, "franchisees")).not.toContain(
      f.id,
    );
  });

  it("a franchisee admin approves a monthly request from the inbox, choosing its walker (an opaque id, as the picker sends it)", async () => {
    const kind = "user_monthly_job_requests";
    const page = await listInbox(fa, { kind, limit: 100 });
    let chosen: { id: number; walker: number; timeslot: string } | null = null;
    for (const item of page.data) {
      const id = decodeId(item.id)!;
      const w = await approvalWalkers(fa, id);
      if (w.walks_a_day === 1 && w.walkers.length) {
        chosen = { id, walker: w.walkers[w.walkers.length - 1].id, timeslot: w.timeslot ?? "07:00" };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const { id, walker: walkerId, timeslot } = chosen!;
    await expect(
      decideTransition(fa, kind, id, "approve", { walker_id: "not-an-id", timeslot }),
    ).rejects.toMatchObject({ status: 422 });
    expect(
      await decideTransition(fa, kind, id, "approve", { walker_id: encodeId(walkerId), timeslot }),
    ).toEqual({ id, status: 1 });
    const [row] = await db
      .select({
        walker: userMonthlyJobRequests.walker_id,
        step: userMonthlyJobRequests.franchisee_approval_status,
      })
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, id));
    expect(row).toEqual({ walker: walkerId, step: 1 });
    const left = (await get(tokens.fa, `?kind=${kind}&limit=100`)).body.data.map((i) => decodeId(i.id));
    expect(left).not.toContain(id);
  });

  it("decides a declared kind through the registry's declaration: its reason rule and text, its success message", async () => {
    // Every workflow the registry declares is an inbox kind; walk and monthly requests join once declared.
    for (const a of approvals) expect(INBOX_KINDS).toContain(a.entity.name);
    expect(await declarationOf("leave_requests")).toBeDefined();
    // A two-step workflow: each caller decides through their own step's declaration.
    const faStep = await declarationOf("user_monthly_job_requests", fa);
    const adminStep = await declarationOf("user_monthly_job_requests", admin);
    expect(faStep).toBeDefined();
    expect(adminStep).toBeDefined();
    expect(faStep).not.toBe(adminStep);
    expect(allowedTransitions(fa, faStep!).length).toBeGreaterThan(0);
    expect(allowedTransitions(admin, adminStep!).length).toBeGreaterThan(0);
    const id = await career(null, 7);
    const decl = (await declarationOf("franchisee_career_requests"))!;
    await expect(decideItem(admin, "franchisee_career_requests", id, "reject", "  ")).rejects.toMatchObject({
      status: 422,
      fieldErrors: { reason: decl.reasonMessages!.required },
    });
    const r = await decideItem(admin, "franchisee_career_requests", id, "reject", "Not this season");
    expect(r.message).toBe(decl.transitions.reject.success);
    const [row] = await db
      .select({ status: franchiseeCareerRequests.status, reason: franchiseeCareerRequests.rejection_reason })
      .from(franchiseeCareerRequests)
      .where(eq(franchiseeCareerRequests.id, id));
    expect(row).toEqual({ status: 2, reason: "Not this season" });
    await expect(decideItem(admin, "franchisee_career_requests", id, "approve")).rejects.toMatchObject({
      status: 409,
    });
  });

  it("takes a declared kind's transition as the DecisionDialog sends it (its name and input)", async () => {
    const id = ids.ownLeave[1];
    // The leave's approve without a replacement (the inbox's dialog has no picker: the walks stay uncovered).
    expect(
      await decideTransition(fa, "leave_requests", id, "approve", { replacement_user_id: null }),
    ).toEqual({
      id,
      status: 1,
    });
    await expect(decideTransition(fa, "leave_requests", id, "reject")).rejects.toMatchObject({ status: 409 });
    await expect(decideTransition(fa, "leave_requests", ids.otherLeave, "reject")).rejects.toMatchObject({
      status: 404,
    });
    await expect(decideTransition(fa, "leave_requests", id, "no-such-transition")).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      decideTransition(fa, "franchisee_career_requests", ids.westCareer, "approve"),
    ).rejects.toMatchObject({ status: 403 });
  });
});
