import { describe, expect, it } from "vitest";
import {
  DEFAULT_WALK_POLICY,
  hoursBefore,
  quotaInfo,
  quotaText,
  refundFor,
  sortedTiers,
  walkPolicySchema,
  walkPrice,
} from "@/lib/jobs/walk-policy";

const tiers = DEFAULT_WALK_POLICY.refund_tiers;

describe("hours before a walk", () => {
  const start = new Date("2026-12-01T07:00:00+05:30");
  it("counts whole hours, rounded down, and 0 once begun", () => {
    expect(hoursBefore(start, new Date("2026-11-30T07:00:00+05:30"))).toBe(24);
    expect(hoursBefore(start, new Date("2026-11-30T07:00:01+05:30"))).toBe(23);
    expect(hoursBefore(start, new Date("2026-12-01T06:59:00+05:30"))).toBe(0);
    expect(hoursBefore(start, new Date("2026-12-01T08:00:00+05:30"))).toBe(0);
  });
});

describe("a walk's price", () => {
  it("is the plan's final amount over days × walks a day, to the paisa", () => {
    expect(walkPrice({ final_amount: 2700, days: 30, no_of_walks: 1 })).toBe(90);
    expect(walkPrice({ final_amount: 2700, days: 30, no_of_walks: 2 })).toBe(45);
    expect(walkPrice({ final_amount: 1000, days: 30, no_of_walks: 1 })).toBe(33.33);
    expect(walkPrice({ final_amount: 2000, days: 30, no_of_walks: 1 })).toBe(66.67);
  });
  it("is 0 without a plan, an amount or days", () => {
    expect(walkPrice(null)).toBe(0);
    expect(walkPrice({ final_amount: 0, days: 30, no_of_walks: 1 })).toBe(0);
    expect(walkPrice({ final_amount: 900, days: null, no_of_walks: 1 })).toBe(0);
  });
});

describe("refund by the policy's tiers", () => {
  it("the default: 24 h or more 100 %, 12 h or more 50 %, later nothing", () => {
    expect(refundFor(tiers, 48, 90)).toEqual({
      refund_eligibility: 1,
      refund_percent: 100,
      refund_amount: 90,
    });
    expect(refundFor(tiers, 24, 90)).toEqual({
      refund_eligibility: 1,
      refund_percent: 100,
      refund_amount: 90,
    });
    expect(refundFor(tiers, 23, 90)).toEqual({
      refund_eligibility: 1,
      refund_percent: 50,
      refund_amount: 45,
    });
    expect(refundFor(tiers, 12, 90)).toEqual({
      refund_eligibility: 1,
      refund_percent: 50,
      refund_amount: 45,
    });
    expect(refundFor(tiers, 11, 90)).toEqual({ refund_eligibility: 0, refund_percent: 0, refund_amount: 0 });
    expect(refundFor(tiers, 0, 90)).toEqual({ refund_eligibility: 0, refund_percent: 0, refund_amount: 0 });
  });
  it("reads tiers from the highest minimum, whatever their order; none met is 0", () => {
    const own = [
      { min_hours: 6, refund_percent: 25 },
      { min_hours: 72, refund_percent: 100 },
      { min_hours: 36, refund_percent: 75 },
    ];
    expect(refundFor(own, 80, 66.67).refund_percent).toBe(100);
    expect(refundFor(own, 40, 66.67)).toEqual({
      refund_eligibility: 1,
      refund_percent: 75,
      refund_amount: 50,
    });
    expect(refundFor(own, 6, 33.33)).toEqual({
      refund_eligibility: 1,
      refund_percent: 25,
      refund_amount: 8.33,
    });
    expect(refundFor(own, 5, 33.33)).toEqual({ refund_eligibility: 0, refund_percent: 0, refund_amount: 0 });
    expect(sortedTiers(own).map((t) => t.min_hours)).toEqual([72, 36, 6]);
  });
  it("rounds half up to the paisa; a free walk is eligible for ₹0", () => {
    expect(refundFor([{ min_hours: 0, refund_percent: 50 }], 1, 0.05).refund_amount).toBe(0.03);
    expect(refundFor([{ min_hours: 0, refund_percent: 100 }], 1, 0)).toEqual({
      refund_eligibility: 1,
      refund_percent: 100,
      refund_amount: 0,
    });
  });
});

describe("the reschedule quota", () => {
  it("counts used and remaining, never below 0", () => {
    expect(quotaInfo(1, 4)).toEqual({ reschedules_used: 1, current_quota: 4, remaining: 3 });
    expect(quotaInfo(4, 4).remaining).toBe(0);
    expect(quotaInfo(5, 4).remaining).toBe(0);
    expect(quotaText(quotaInfo(1, 4))).toBe("1 of 4 used (3 remaining)");
  });
});

describe("the policy form", () => {
  const ok = { reschedule_quota: 4, refund_tiers: [{ min_hours: 24, refund_percent: 100 }] };
  const errorsOf = (v: unknown) => {
    const r = walkPolicySchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("takes a quota 0-31 and tiers of min hours ≥ 0 and percent 0-100", () => {
    expect(errorsOf(ok)).toEqual({});
    expect(errorsOf({ ...ok, reschedule_quota: "0" })).toEqual({});
    expect(Object.keys(errorsOf({ ...ok, reschedule_quota: 32 }))).toEqual(["reschedule_quota"]);
    expect(Object.keys(errorsOf({ ...ok, reschedule_quota: 1.5 }))).toEqual(["reschedule_quota"]);
    expect(Object.keys(errorsOf({ ...ok, reschedule_quota: "" }))).toEqual(["reschedule_quota"]);
    expect(Object.keys(errorsOf({ ...ok, refund_tiers: [{ min_hours: "", refund_percent: "50" }] }))).toEqual(
      ["refund_tiers.0.min_hours"],
    );
    expect(
      Object.keys(errorsOf({ ...ok, refund_tiers: [{ min_hours: -1, refund_percent: 101 }] })).sort(),
    ).toEqual(["refund_tiers.0.min_hours", "refund_tiers.0.refund_percent"]);
  });
  it("needs at least one tier, with distinct min hours", () => {
    expect(Object.keys(errorsOf({ ...ok, refund_tiers: [] }))).toEqual(["refund_tiers"]);
    expect(
      errorsOf({
        ...ok,
        refund_tiers: [
          { min_hours: 12, refund_percent: 50 },
          { min_hours: 12, refund_percent: 20 },
        ],
      }),
    ).toEqual({ "refund_tiers.1.min_hours": "Each refund tier needs its own minimum hours before." });
  });
});
