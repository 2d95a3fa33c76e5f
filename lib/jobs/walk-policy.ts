import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { walkRequestPolicies } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { invalid, zodFieldErrors, type FieldErrors } from "@/lib/platform/errors";
import { writeAudit } from "@/lib/platform/mutations";
import {
  nextUpdatedAt,
  staleVersion,
  versionMatches,
  versionOf,
  type Expected,
} from "@/lib/platform/versions";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { DEFAULT_WALK_POLICY } from "./walk-policy-default";

// The company's walk request policy (issue 11, spec 002 §2 Customer walk requests, §3 Reschedule info): how many
// reschedules a monthly request allows, and what share of a walk's price a cancellation refunds by how many hours
// ahead it was asked. The calculation is pure (hoursBefore, walkPrice, refundFor, quotaInfo); the policy is one row
// per company (walk_request_policies), the default (lib/jobs/walk-policy-default.ts) until its admin saves one.

export type RefundTier = { min_hours: number; refund_percent: number };
export type WalkPolicy = { reschedule_quota: number; refund_tiers: RefundTier[] };
export { DEFAULT_WALK_POLICY };

/** Limits of the policy form (decisions: the spec gives none). */
export const POLICY_LIMITS = { quotaMax: 31, hoursMax: 8760, tiersMax: 20 } as const;

export const POLICY_MESSAGES = {
  quota: `The reschedule quota must be a whole number from 0 to ${POLICY_LIMITS.quotaMax}.`,
  hours: `The minimum hours before must be a whole number from 0 to ${POLICY_LIMITS.hoursMax}.`,
  percent: "The refund percent must be a whole number from 0 to 100.",
  tiersRequired: "Add at least one refund tier.",
  tiersMax: `At most ${POLICY_LIMITS.tiersMax} refund tiers.`,
  tiersDistinct: "Each refund tier needs its own minimum hours before.",
  saved: "Walk request policy saved successfully.",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The calculation (pure).

/** Whole hours from `now` to the walk's start (rounded down; 0 once it has begun). */
export function hoursBefore(start: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((start.getTime() - now.getTime()) / 3_600_000));
}

/**
 * One walk's price: the plan's final amount over its walks (days × walks a day), to the paisa (half up); 0 when the
 * walk has no plan, or the plan no amount or days.
 */
export function walkPrice(
  plan: { final_amount: number | null; days: number | null; no_of_walks: number | null } | null,
): number {
  if (!plan || !plan.final_amount || !plan.days || plan.days < 1) return 0;
  const walks = plan.days * Math.max(1, plan.no_of_walks ?? 1);
  return Math.round(Math.round(plan.final_amount * 100) / walks) / 100;
}

/** The tiers as the policy keeps them: highest minimum hours first. */
export const sortedTiers = (tiers: readonly RefundTier[]): RefundTier[] =>
  [...tiers].sort((a, b) => b.min_hours - a.min_hours);

/**
 * A cancellation's refund: the first tier (from the highest minimum) whose min_hours the notice meets gives the
 * percent (0 when none does); the amount is that share of the walk's price, to the paisa (half up). Eligible when
 * the percent is above zero (a walk priced 0 is eligible for ₹0).
 */
export function refundFor(
  tiers: readonly RefundTier[],
  hours: number,
  price: number,
): { refund_eligibility: 0 | 1; refund_percent: number; refund_amount: number } {
  const tier = sortedTiers(tiers).find((t) => hours >= t.min_hours);
  const percent = tier?.refund_percent ?? 0;
  const paise = Math.round((Math.round(price * 100) * percent) / 100);
  return { refund_eligibility: percent > 0 ? 1 : 0, refund_percent: percent, refund_amount: paise / 100 };
}

/** The reschedule quota notice (spec 002 §2: 'x of y used (z remaining)'). */
export function quotaInfo(used: number, quota: number) {
  return { reschedules_used: used, current_quota: quota, remaining: Math.max(0, quota - used) };
}
export type RescheduleInfo = ReturnType<typeof quotaInfo>;

/** 'x of y used (z remaining)'. */
export const quotaText = (q: RescheduleInfo) =>
  `${q.reschedules_used} of ${q.current_quota} used (${q.remaining} remaining)`;

// ---------------------------------------------------------------------------------------------------------------
// The company's policy.

/** A whole number from min to max, sent as a number or its digits (blank is no number, not 0). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const walkPolicySchema = z
  .object({
    reschedule_quota: wholeNumber(0, POLICY_LIMITS.quotaMax, POLICY_MESSAGES.quota),
    refund_tiers: z
      .array(
        z.object({
          min_hours: wholeNumber(0, POLICY_LIMITS.hoursMax, POLICY_MESSAGES.hours),
          refund_percent: wholeNumber(0, 100, POLICY_MESSAGES.percent),
        }),
        { error: POLICY_MESSAGES.tiersRequired },
      )
      .min(1, POLICY_MESSAGES.tiersRequired)
      .max(POLICY_LIMITS.tiersMax, POLICY_MESSAGES.tiersMax),
  })
  .superRefine((v, c) => {
    const seen = new Set<number>();
    v.refund_tiers.forEach((t, i) => {
      if (seen.has(t.min_hours))
        c.addIssue({
          code: "custom",
          path: ["refund_tiers", i, "min_hours"],
          message: POLICY_MESSAGES.tiersDistinct,
        });
      seen.add(t.min_hours);
    });
  });

/** The policy answer: the row's values, and whether they are the default (no row saved yet). */
export const walkPolicyAnswer = z.object({
  reschedule_quota: z.number(),
  refund_tiers: z.array(z.object({ min_hours: z.number(), refund_percent: z.number() })),
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type WalkPolicyAnswer = z.infer<typeof walkPolicyAnswer>;

/** A company's policy (its row, else the default), for the walk request rules. */
export async function policyOf(
  db: Executor,
  companyId: number,
): Promise<WalkPolicy & { is_default: boolean; updated_at: Date | null }> {
  const [row] = await db
    .select()
    .from(walkRequestPolicies)
    .where(eq(walkRequestPolicies.company_id, companyId));
  if (!row)
    return {
      ...DEFAULT_WALK_POLICY,
      refund_tiers: [...DEFAULT_WALK_POLICY.refund_tiers],
      is_default: true,
      updated_at: null,
    };
  return {
    reschedule_quota: row.reschedule_quota,
    refund_tiers: sortedTiers(row.refund_tiers),
    is_default: false,
    updated_at: row.updated_at,
  };
}

const answerOf = (p: Awaited<ReturnType<typeof policyOf>>): WalkPolicyAnswer => ({
  reschedule_quota: p.reschedule_quota,
  refund_tiers: p.refund_tiers,
  is_default: p.is_default,
  updated_at: p.updated_at ? p.updated_at.toISOString() : null,
});

/** GET walk_request_policy: the acting company's policy (walk_request_policies.view). */
export async function readWalkPolicy(ctx: Ctx): Promise<WalkPolicyAnswer> {
  authorize(ctx, "walk_request_policies.view");
  return answerOf(await policyOf(await getDb(), requireCompany(ctx)));
}

/**
 * PUT walk_request_policy (walk_request_policies.update): the quota (0-31) and the refund tiers (at least one; min
 * hours 0-8760, distinct; percent 0-100), saved sorted from the highest minimum; audited. Field errors name
 * `refund_tiers.{i}.min_hours` as the form's rows.
 */
export async function saveWalkPolicy(
  ctx: Ctx,
  raw: unknown,
  o: { version?: Expected | null } = {},
): Promise<WalkPolicyAnswer> {
  authorize(ctx, "walk_request_policies.update");
  const companyId = requireCompany(ctx);
  // The version the form was opened on (`__version`: the policy's updated_at, blank for the default) or an /api
  // If-Match: a save over a change made since is refused (409 naming who and when), as every edit form's is.
  const sent =
    raw && typeof raw === "object" && VERSION_FIELD in raw
      ? (raw as Record<string, unknown>)[VERSION_FIELD]
      : undefined;
  const expected: Expected | null =
    o.version ?? (sent === undefined || sent === null ? null : [typeof sent === "string" ? sent : ""]);
  const r = walkPolicySchema.safeParse(raw);
  if (!r.success) {
    const errors: FieldErrors = zodFieldErrors(r.error.issues);
    throw invalid(errors);
  }
  const values = {
    reschedule_quota: r.data.reschedule_quota,
    refund_tiers: sortedTiers(r.data.refund_tiers),
  };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ updated_at: walkRequestPolicies.updated_at, updated_by: walkRequestPolicies.updated_by })
      .from(walkRequestPolicies)
      .where(eq(walkRequestPolicies.company_id, companyId))
      .for("update");
    // The default policy has no version: a form opened on it (blank version) is stale once a policy was saved.
    if (expected && expected !== "*" && (locked ? !versionMatches(expected, versionOf(locked)) : false))
      throw await staleVersion(tx, "walk_request_policies", { id: companyId, ...locked });
    const before = await policyOf(tx, companyId);
    const now = locked ? nextUpdatedAt(locked.updated_at) : new Date();
    await tx
      .insert(walkRequestPolicies)
      .values({ company_id: companyId, ...values, updated_at: now, updated_by: ctx.userId })
      .onConflictDoUpdate({
        target: walkRequestPolicies.company_id,
        set: { ...values, updated_at: now, updated_by: ctx.userId },
      });
    await writeAudit(tx, ctx, {
      entity: "walk_request_policies",
      entityId: companyId,
      action: "update",
      before: before.is_default
        ? null
        : { reschedule_quota: before.reschedule_quota, refund_tiers: before.refund_tiers },
      after: values,
      companyId,
    });
    return answerOf({ ...values, is_default: false, updated_at: now });
  });
}
