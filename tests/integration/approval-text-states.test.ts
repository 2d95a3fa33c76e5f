import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, customerWalkRequests, dailyJobPlanWalks, notifications, users } from "@/db/schema";
import { walkRequestApproval } from "@/lib/jobs/customer-walk-requests";
import { approvals } from "@/lib/registry";
import { clientApproval, decide, itemHref, pendingOf } from "@/lib/platform/approval";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";
import { spareWalkRequest } from "./contract/customer-walk-requests";

// The approval kernel with text states (lib/platform/approval.ts State = string | number), on the customer walk
// requests' workflow ('pending' → 'approved' | 'rejected'): the text state checked (409) and written, a
// transition's `when` (a cancellation cannot be approved: 422, nothing written), the after-effects in `set` (the walk
// moves) seen by the audit record, the client part and the inbox's pendingOf keyed by text.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

const flow = walkRequestApproval;
let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let wagId: number;
let admin: Ctx;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
const requestOf = async (id: number) =>
  (await db.select().from(customerWalkRequests).where(eq(customerWalkRequests.id, id)))[0];
const auditsOf = (id: number) =>
  db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entity, "customer_walk_requests"), eq(auditRecords.entity_id, id)));

beforeAll(async () => {
  let happy, wag;
  ({ db, happy, wag } = await seeded());
  happyId = happy.id;
  wagId = wag.id;
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
});

describe("text states", () => {
  it("approves a pending reschedule: 'approved' written, the walk moved, the audit record shows where it went", async () => {
    const id = await spareWalkRequest({ db }, happyId);
    const before = await requestOf(id);
    const row = await decide(admin, flow, id, "approve", { admin_remarks: "Fine" });
    expect(row).toMatchObject({ id, status: "approved", admin_remarks: "Fine", processed_by: admin.userId });
    const [walk] = await db.select().from(dailyJobPlanWalks).where(eq(dailyJobPlanWalks.id, before.walk_id));
    expect(walk).toMatchObject({ date: before.new_date, timeslot: "18:00:00", status: 4 });
    const [audit] = await auditsOf(id);
    const old = audit.old_json as { status: string; walk: { date: string } };
    const now = audit.new_json as { status: string; walk: { date: string; daily_job_plan_id: number } };
    expect([old.status, now.status]).toEqual(["pending", "approved"]);
    expect([old.walk.date, now.walk.date]).toEqual([before.original_date, before.new_date]);
    expect(now.walk.daily_job_plan_id).toBe(walk.daily_job_plan_id);
    // Not in the text source state any more: both transitions answer 409 with the declaration's text.
    const again = await failure(decide(admin, flow, id, "reject", { admin_remarks: "Late" }));
    expect([again.status, again.message]).toEqual([409, flow.notInState]);
    expect(await auditsOf(id)).toHaveLength(1);
  });

  it("a transition's `when`: a cancellation cannot be approved (422, nothing written); it can be rejected", async () => {
    const id = await spareWalkRequest({ db }, happyId, { type: "cancel" });
    const e = await failure(decide(admin, flow, id, "approve"));
    expect([e.status, e.message]).toEqual([422, flow.transitions.approve.when!.message]);
    expect((await requestOf(id)).status).toBe("pending");
    expect(await auditsOf(id)).toHaveLength(0);
    const blank = await failure(decide(admin, flow, id, "reject", { admin_remarks: "  " }));
    expect(blank.status).toBe(422);
    // A NUL character is the field's 422, not the database's refusal.
    const nul = await failure(decide(admin, flow, id, "reject", { admin_remarks: "No\u0000way" }));
    expect([nul.status, nul.fieldErrors?.admin_remarks]).toEqual([
      422,
      "The admin remarks may not contain a null character.",
    ]);
    const row = await decide(admin, flow, id, "reject", { admin_remarks: "Walker assigned" });
    expect(row).toMatchObject({ status: "rejected", admin_remarks: "Walker assigned" });
  });

  it("another company's request is 404, whatever its state", async () => {
    const id = await spareWalkRequest({ db }, wagId);
    expect((await failure(decide(admin, flow, id, "approve"))).status).toBe(404);
    expect((await requestOf(id)).status).toBe("pending");
  });

  it("the client part keys states by text and carries `when`, the spec's reason labels and failure prefixes", () => {
    const c = clientApproval(admin, flow);
    expect(c.states).toEqual({ pending: "Pending", approved: "Approved", rejected: "Rejected" });
    expect(c.pending).toBe("pending");
    const [approve, reject] = c.transitions;
    expect(approve).toMatchObject({
      from: ["pending"],
      to: "approved",
      when: { field: "request_type", in: ["reschedule"] },
      reasonLabel: "Admin Remarks (Optional)",
      failure: "Error approving request: ",
    });
    expect(reject).toMatchObject({
      reason: "required",
      reasonField: "admin_remarks",
      reasonLabel: "Reason for Rejection (Required)",
      reasonRequired: "Reason is required for rejection.",
    });
  });

  it("pendingOf lists pending requests by their text state, asked by the customer; the registry has it; a decision marks its notifications read", async () => {
    expect(approvals).toContain(flow);
    const id = await spareWalkRequest({ db }, happyId);
    const [req] = await db
      .update(customerWalkRequests)
      // Asked long ago: oldest first, it is on the first page.
      .set({ requested_at: new Date("2000-01-01T00:00:00Z") })
      .where(eq(customerWalkRequests.id, id))
      .returning();
    const page = await pendingOf(admin, flow, { limit: 200 });
    const item = page.data.find((x) => x.id === id);
    const [customer] = await db.select().from(users).where(eq(users.id, req.user_id));
    expect(item).toMatchObject({
      kind: "Walk request",
      title: expect.stringMatching(/^Reschedule \d\d-\d\d-\d{4} to \d\d-\d\d-\d{4}$/),
      asked_by: { id: customer.id },
      href: itemHref(flow, encodeId(id)),
    });
    // A notification naming the item is done once it is decided.
    const [note] = await db
      .insert(notifications)
      .values({
        company_id: happyId,
        user_id: admin.userId,
        title: "New walk reschedule request",
        body: "test",
        link: itemHref(flow, encodeId(id)),
      })
      .returning();
    await decide(admin, flow, id, "reject", { admin_remarks: "No" });
    const [read] = await db.select().from(notifications).where(eq(notifications.id, note.id));
    expect(read.read_at).not.toBeNull();
    expect((await pendingOf(admin, flow, { limit: 200 })).data.some((x) => x.id === id)).toBe(false);
  });
});
