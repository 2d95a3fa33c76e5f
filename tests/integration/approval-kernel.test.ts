import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditRecords,
  companies,
  notifications,
  petWalkieCareerRequests as walkies,
  users,
} from "@/db/schema";
import { approvalRoutes } from "@/lib/api/approval-routes";
import { petWalkieCareerRequest } from "@/lib/franchise/pet-walkie-career-requests";
import {
  approvalOf,
  clientApproval,
  decide,
  guardFields,
  onDecision,
  pendingOf,
  type Approval,
} from "@/lib/platform/approval";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

// The approval kernel's guarantees (lib/platform/approval.ts), on the walker career requests' workflow and on
// workflows declared here over the same entity: 409 outside a source state, one of two concurrent decisions, the
// guard, the audit record and the notification in the decision's transaction (a failing after-effect leaves none of
// them and no change), the scope (another company's id is 404), the permission and `who` (403), the reason rule.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

const flow = petWalkieCareerRequest.approval;
let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let applicant: number;

let n = 0;
/** A pending walker application of a company (asked by `applicant` in Happy Paws). */
async function application(companyId: number, o: { status?: number } = {}) {
  const [r] = await db
    .insert(walkies)
    .values({
      company_id: companyId,
      user_name: `Kernel Walker ${++n} ${Date.now().toString(36)}`,
      phone_no: "+91 98200 12345",
      status: o.status ?? 0,
      request_by: companyId === happy.id ? applicant : null,
    })
    .returning();
  return r;
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const auditsOf = (id: number) =>
  db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entity, "pet_walkie_career_requests"), eq(auditRecords.entity_id, id)));
const noticesOf = (userId: number) =>
  db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(desc(notifications.id));
const statusOf = async (id: number) =>
  (await db.select({ s: walkies.status }).from(walkies).where(eq(walkies.id, id)))[0]?.s;

/** A workflow over the walker requests with hooks of the test's own. */
function testFlow(over: Partial<Approval["transitions"][string]>): Approval {
  return approvalOf({
    ...flow,
    transitions: { approve: { ...flow.transitions.approve, ...over } },
  });
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[ROLE.USER],
      first_name: "Kernel",
      last_name: "Applicant",
      user_name: "Kernel Applicant",
      email: `kernel.applicant.${Date.now()}@test.test`,
      password_hash: "!unset:kernel",
    })
    .returning();
  applicant = u.id;
});

describe("decide", () => {
  it("moves a pending row, writes its audit record and notification; a second decision answers 409", async () => {
    const r = await application(happy.id);
    const before = await noticesOf(applicant);
    const row = await decide(admin, flow, r.id, "approve");
    expect(row).toMatchObject({ id: r.id, status: 1, rejection_reason: null, updated_by: admin.userId });
    expect(new Date(row.updated_at as string).getTime()).toBeGreaterThan(new Date(r.updated_at).getTime());
    const audits = await auditsOf(r.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "update", actor_id: admin.userId, company_id: happy.id });
    expect((audits[0].old_json as { status: number }).status).toBe(0);
    expect((audits[0].new_json as { status: number }).status).toBe(1);
    const after = await noticesOf(applicant);
    expect(after.length).toBe(before.length + 1);
    expect(after[0].title).toBe("Your pet walker application has been approved.");
    // Not in a source state any more: both transitions refuse, nothing more is written.
    expect((await failure(decide(admin, flow, r.id, "approve"))).status).toBe(409);
    const again = await failure(decide(admin, flow, r.id, "reject", { rejection_reason: "Late" }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(flow.notInState);
    expect(await auditsOf(r.id)).toHaveLength(1);
  });

  it("of two concurrent decisions on one row, one is taken and the other answers 409", async () => {
    for (let round = 0; round < 3; round++) {
      const r = await application(happy.id);
      const results = await Promise.allSettled([
        decide(admin, flow, r.id, "approve"),
        decide(admin, flow, r.id, "reject", { rejection_reason: "Too far" }),
      ]);
      const ok = results.filter((x) => x.status === "fulfilled");
      const refused = results.filter((x) => x.status === "rejected") as PromiseRejectedResult[];
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect((refused[0].reason as AppError).status).toBe(409);
      expect(await auditsOf(r.id)).toHaveLength(1);
      const taken = (ok[0] as PromiseFulfilledResult<Record<string, unknown>>).value.status;
      expect(await statusOf(r.id)).toBe(taken);
    }
  });

  it("a reject needs its reason (422 under the field); the reason is stored and an approve clears nothing else", async () => {
    const r = await application(happy.id);
    const blank = await failure(decide(admin, flow, r.id, "reject", { rejection_reason: "  " }));
    expect(blank.status).toBe(422);
    expect(blank.fieldErrors).toEqual({ rejection_reason: "Reason is required for rejection." });
    expect(await statusOf(r.id)).toBe(0);
    const row = await decide(admin, flow, r.id, "reject", { rejection_reason: "No bicycle" });
    expect(row).toMatchObject({ status: 2, rejection_reason: "No bicycle" });
  });

  it("a guard's refusal leaves the row, the audit and the notifications as they were", async () => {
    const r = await application(happy.id);
    const before = (await noticesOf(applicant)).length;
    const guarded = testFlow({
      guard: async () => {
        throw new AppError(409, "The quota is used up.");
      },
    });
    const e = await failure(decide(admin, guarded, r.id, "approve"));
    expect([e.status, e.message]).toEqual([409, "The quota is used up."]);
    expect(await statusOf(r.id)).toBe(0);
    expect(await auditsOf(r.id)).toHaveLength(0);
    expect(await noticesOf(applicant)).toHaveLength(before);
  });

  it("a failing after-effect undoes the change, its audit record and its notification", async () => {
    const r = await application(happy.id);
    const before = (await noticesOf(applicant)).length;
    const seen: unknown[] = [];
    const failing = testFlow({
      after: async ({ row }) => {
        seen.push(row.status);
        throw new Error("walk generation failed");
      },
    });
    await expect(decide(admin, failing, r.id, "approve")).rejects.toThrow("walk generation failed");
    // It ran after the change, the audit record and the notification, inside their transaction.
    expect(seen).toEqual([1]);
    expect(await statusOf(r.id)).toBe(0);
    expect(await auditsOf(r.id)).toHaveLength(0);
    expect(await noticesOf(applicant)).toHaveLength(before);
  });

  it("after-effects and listeners run in the decision's transaction, with the changed row", async () => {
    const r = await application(happy.id);
    const calls: string[] = [];
    const effects = testFlow({
      set: () => ({ is_active: 0 }),
      after: async ({ tx, row, before }) => {
        const [now] = await tx.select({ s: walkies.status }).from(walkies).where(eq(walkies.id, r.id));
        calls.push(`after ${before.status}→${row.status} sees ${now.s}`);
      },
    });
    onDecision(async ({ approval, transition, row }) => {
      if (approval === effects) calls.push(`listener ${transition} ${row.id === r.id}`);
    });
    const row = await decide(admin, effects, r.id, "approve");
    expect(row).toMatchObject({ status: 1, is_active: 0 });
    expect(calls).toEqual(["after 0→1 sees 1", "listener approve true"]);
  });

  it("another company's id is 404; without the permission 403; a `who` that refuses 403; an unknown transition 404", async () => {
    const foreign = await application(wag.id);
    expect((await failure(decide(admin, flow, foreign.id, "approve"))).status).toBe(404);
    expect(await statusOf(foreign.id)).toBe(0);
    const mine = await application(happy.id);
    const weak = {
      ...admin,
      permissions: new Set([...admin.permissions].filter((p) => !p.endsWith(".update"))),
    };
    expect((await failure(decide(weak as Ctx, flow, mine.id, "approve"))).status).toBe(403);
    const nobody = testFlow({ who: () => false });
    expect((await failure(decide(admin, nobody, mine.id, "approve"))).status).toBe(403);
    expect((await failure(decide(admin, flow, mine.id, "archive"))).status).toBe(404);
    expect(await statusOf(mine.id)).toBe(0);
  });

  it("the /api rows come from the declaration: paths, permissions, answers; another company's id is 404", async () => {
    const rows = approvalRoutes(flow);
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST pet_walkie_career_requests/approve/:id",
      "POST pet_walkie_career_requests/reject/:id",
    ]);
    expect(rows.every((r) => r.auth === "user" && r.permission === "pet_walkie_career_requests.update")).toBe(
      true,
    );
    const token = await tokenFor(adminEmail);
    const r = await application(happy.id);
    const ok = await api("POST", `pet_walkie_career_requests/reject/${r.id}`, {
      token,
      body: { rejection_reason: "Not in our area" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ id: r.id, status: 2, rejection_reason: "Not in our area" });
    const foreign = await application(wag.id);
    expect((await api("POST", `pet_walkie_career_requests/approve/${foreign.id}`, { token })).status).toBe(
      404,
    );
  });
});

describe("the declaration's other readers", () => {
  it("pendingOf lists the caller's pending rows oldest first, keyset-paged, without other companies' or decided ones", async () => {
    const mine = [await application(happy.id), await application(happy.id), await application(happy.id)];
    const foreign = await application(wag.id);
    const decided = await application(happy.id, { status: 1 });
    const all: number[] = [];
    let after: { at: string; id: number } | null = null;
    do {
      const page: Awaited<ReturnType<typeof pendingOf>> = await pendingOf(admin, flow, { limit: 2, after });
      expect(page.data.length).toBeLessThanOrEqual(2);
      all.push(...page.data.map((d) => d.id));
      after = page.next;
    } while (after && all.length < 10_000);
    for (const m of mine) expect(all).toContain(m.id);
    expect(all).not.toContain(foreign.id);
    expect(all).not.toContain(decided.id);
    expect(all.indexOf(mine[0].id)).toBeLessThan(all.indexOf(mine[2].id));
    const first = await pendingOf(admin, flow, { limit: 200 });
    const item = first.data.find((d) => d.id === mine[0].id)!;
    expect(item).toMatchObject({
      kind: "Walkie Career Request",
      entity: "pet_walkie_career_requests",
      opaque_id: encodeId(mine[0].id),
      title: mine[0].user_name,
      asked_by: { id: applicant, name: "Kernel Applicant" },
      href: `/pet-walkie-career-requests/${encodeId(mine[0].id)}`,
    });
    expect(item.age_seconds).toBeGreaterThanOrEqual(0);
    // A caller who may take none of its transitions sees nothing.
    const weak = {
      ...admin,
      permissions: new Set([...admin.permissions].filter((p) => !p.endsWith(".update"))),
    };
    expect((await pendingOf(weak as Ctx, flow)).data).toEqual([]);
  });

  it("the client part carries the spec's texts and only the transitions the caller may take", () => {
    const c = clientApproval(admin, flow);
    expect(c.pending).toBe(0);
    expect(c.transitions.map((t) => [t.name, t.confirm.title, t.reason])).toEqual([
      ["approve", "Are you sure to Approve?", null],
      ["reject", "Reject this request?", "required"],
    ]);
    const weak = { ...admin, permissions: new Set<string>() };
    expect(clientApproval(weak as unknown as Ctx, flow).transitions).toEqual([]);
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });

  it("guardFields refuses a guarded field's change by a caller it does not admit, and lets the loaded value pass", () => {
    const guarded = approvalOf({
      ...flow,
      fieldsByRole: {
        fields: ["status", "rejection_reason"],
        may: (ctx) => ctx.roleName === ROLE.SUPER_ADMIN,
      },
    });
    const before = { status: 0, rejection_reason: null };
    expect(() => guardFields(guarded, admin, before, { status: 1 })).toThrow(AppError);
    expect(guardFields(guarded, admin, before, { status: 0, rejection_reason: null, is_active: 1 })).toEqual({
      is_active: 1,
    });
    expect(guardFields(guarded, { ...admin, roleName: ROLE.SUPER_ADMIN }, before, { status: 1 })).toEqual({
      status: 1,
    });
  });
});
