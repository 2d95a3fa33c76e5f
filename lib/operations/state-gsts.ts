import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { stateGsts, states } from "@/db/schema";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { defineList, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { flag, optionalDate, optionalText, requiredId } from "@/lib/platform/schemas";
import { checkState } from "./states";

export const STATE_GST_MESSAGES = {
  taken: "This state already has a GST rate.",
  required: "The gst field is required.",
  number: "The gst must be a number.",
  range: "The gst must be between 0 and 100.",
  decimals: "The gst may have at most 2 decimals.",
} as const;

/**
 * GST (%): a percentage from 0 to 100 with at most 2 decimals (decision: the spec shows no bound; a rate is a
 * percentage, and the column is numeric(5,2) with a CHECK of 0 to 100). Forms send it as text.
 */
export const gstRate = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.union([z.number(), z.string()], { error: STATE_GST_MESSAGES.required }).transform((v, c) => {
    if (v === "") {
      c.addIssue({ code: "custom", message: STATE_GST_MESSAGES.required });
      return z.NEVER;
    }
    const n = typeof v === "number" ? v : /^-?\d+(\.\d*)?$|^-?\.\d+$/.test(v) ? Number(v) : NaN;
    const message = !Number.isFinite(n)
      ? STATE_GST_MESSAGES.number
      : n < 0 || n > 100
        ? STATE_GST_MESSAGES.range
        : Number(n.toFixed(2)) !== n
          ? STATE_GST_MESSAGES.decimals
          : null;
    if (message) {
      c.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  }),
);

/**
 * The GST form (spec 001 §3): state and GST (%), Is Active on edit. The earlier client's create form also sends
 * gst_date, description and is_recurring: optional, stored, not shown.
 */
export const stateGstCreateSchema = z.object({
  state: requiredId("state"),
  gst: gstRate,
  gst_date: optionalDate("gst date"),
  description: optionalText("description", 500),
  is_recurring: flag.default(0),
  is_active: flag.default(1),
});

/** The GST rate a company charges per state (spec 001 §2 State GSTs). */
export const stateGstsDef = defineEntity({
  name: "state_gsts",
  noun: "State Gst",
  href: "/state-gsts",
  table: stateGsts,
  scope: companyScope(stateGsts),
  create: stateGstCreateSchema,
  // Spec 001 §8's texts.
  messages: { deleted: "StateGst deleted successfully.", restored: "StateGst restored successfully." },
  // One live rate per state: 422 on save, 409 on a restore that would clash.
  unique: [
    {
      columns: [stateGsts.state],
      field: "state",
      message: STATE_GST_MESSAGES.taken,
      index: "state_gsts_live_state_uq",
    },
  ],
  list: defineList({
    from: stateGsts,
    select: {
      id: stateGsts.id,
      state: stateGsts.state,
      state_name: states.description,
      gst: stateGsts.gst,
      gst_date: stateGsts.gst_date,
      description: stateGsts.description,
      is_recurring: stateGsts.is_recurring,
      is_active: stateGsts.is_active,
    },
    joins: [{ table: states, on: eq(states.id, stateGsts.state) }],
    id: stateGsts.id,
    isActive: stateGsts.is_active,
    deletedAt: stateGsts.deleted_at,
    // The search box finds a state by name (or a rate by its digits).
    search: [states.description, stateGsts.gst],
    filters: { state: referenceFilter(stateGsts.state, "State") },
    sort: { state_name: states.description, gst: stateGsts.gst, created_at: stateGsts.created_at },
    defaultSort: "state_name",
    export: [
      ...idAndStatusColumns(),
      { header: "State", field: "state_name" },
      { header: "GST (%)", field: "gst" },
    ],
  }),
});

export const stateGstsCrud = crudOf(stateGstsDef, {
  async create({ tx, input, insert, errors }) {
    await checkState(tx, input.state, errors);
    return insert(input);
  },
  async update({ tx, before, patch, write, errors }) {
    if (patch.state != null && patch.state !== before.state) await checkState(tx, patch.state, errors);
    return write(patch);
  },
});
export const stateGstActions = entityActions(stateGstsCrud);
