import { beforeAll, describe, expect, it, vi } from "vitest";
import { FRANCHISEE_MESSAGES } from "@/lib/franchise/franchisees";
import { masterRows, PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import type { Ctx } from "@/lib/platform/context";
import type { ActionResult } from "@/lib/platform/mutations";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";

// Issue 26: a rule's error reaches the form beside its field. The forms call these server actions; a 422 must name
// a field the form shows (a Field's name: franchisee-form's Working Hours is `working_hours`, over start_time and
// end_time), never only the generic "The given data was invalid." that the form can put nowhere but a popup.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const franchisees = await import("@/app/(portal)/franchisees/actions");
const plans = await import("@/app/(portal)/plans/actions");

/** The Fields of the franchisee form (app/(portal)/franchisees/_components/franchisee-form.tsx). */
const FRANCHISEE_FIELDS = new Set([
  "name",
  "email",
  "phone",
  "zone_id",
  "address",
  "description",
  "latitude",
  "longitude",
  "working_hours",
]);

/** The field errors of a refused save (422), checked to be keyed by fields of the form. */
function fieldErrorsOf(r: ActionResult<unknown>, fields?: Set<string>): Record<string, string> {
  expect(r.ok).toBe(false);
  if (r.ok) return {};
  expect(r.status).toBe(422);
  const errors = r.fieldErrors ?? {};
  expect(Object.keys(errors).length).toBeGreaterThan(0);
  if (fields) for (const k of Object.keys(errors)) expect(fields, k).toContain(k.split(".")[0]);
  return errors;
}

let n = 0;
const franchisee = (o: Record<string, unknown> = {}) => ({
  name: `Field Errors ${++n}`,
  email: `field.errors.${n}.${Date.now()}@franchise.test`,
  phone: "+91 98200 55555",
  address: "1 Test Road, Mumbai",
  description: "Dog walking in the suburbs",
  latitude: "",
  longitude: "",
  zone_id: "",
  start_time: "09:00",
  end_time: "18:00",
  ...o,
});

let tier: string;
beforeAll(async () => {
  await seeded();
  session.ctx = await ctxFor(adminEmail);
  tier = String((await masterRows(session.ctx, PLAN_TIERS_VALUE))[0].id);
});

describe("a franchisee form's save", () => {
  it("answers working hours off the half hour under working_hours, the form's Field, nothing else", async () => {
    const r = await franchisees.createFranchiseeAction(franchisee({ start_time: "10:15" }));
    expect(fieldErrorsOf(r, FRANCHISEE_FIELDS)).toEqual({ working_hours: FRANCHISEE_MESSAGES.minutes });
  });

  it("answers an end before its start under working_hours", async () => {
    const r = await franchisees.createFranchiseeAction(
      franchisee({ start_time: "18:00", end_time: "09:30" }),
    );
    expect(fieldErrorsOf(r, FRANCHISEE_FIELDS)).toEqual({
      working_hours: FRANCHISEE_MESSAGES.endBeforeStart,
    });
  });

  it("answers coordinates out of range under latitude and longitude", async () => {
    const r = await franchisees.createFranchiseeAction(franchisee({ latitude: "91", longitude: "-180.5" }));
    expect(Object.keys(fieldErrorsOf(r, FRANCHISEE_FIELDS)).sort()).toEqual(["latitude", "longitude"]);
  });

  it("saves valid working hours", async () => {
    const r = await franchisees.createFranchiseeAction(
      franchisee({ start_time: "09:30", end_time: "18:00" }),
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
  });
});

describe("a plan form's save", () => {
  const plan = (o: Record<string, unknown> = {}) => ({
    no_of_dogs: "1",
    no_of_walks: "1",
    tier,
    original_amount: "800",
    price_percent: "100",
    discount_percent: "0",
    second_discount_percent: "",
    per_walk_time: "",
    days: "",
    walkie_percent: "0",
    franchisee_percent: "0",
    ...o,
  });

  it("answers a refinement (at most 2 decimals) under its own field", async () => {
    const r = await plans.createPlanAction(plan({ original_amount: "800.555" }));
    expect(Object.keys(fieldErrorsOf(r))).toEqual(["original_amount"]);
  });

  it("answers the required fields each under its own name", async () => {
    const r = await plans.createPlanAction(plan({ no_of_dogs: "", tier: "" }));
    expect(Object.keys(fieldErrorsOf(r)).sort()).toEqual(["no_of_dogs", "tier"]);
  });
});
