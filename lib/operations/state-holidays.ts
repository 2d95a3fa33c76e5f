import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { stateHolidays, states } from "@/db/schema";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { defineList, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { flag, optionalText, requiredDate, requiredId } from "@/lib/platform/schemas";
import { checkState } from "./states";

export const STATE_HOLIDAY_MESSAGES = {
  taken: "This state already has a holiday on this date.",
  dateRequired: "The holiday date field is required.",
  dateInvalid: "The holiday date is not a valid date.",
} as const;

/**
 * The holiday form (spec 001 §3): state (a states.id), date, description, recurring; Is Active on edit. The
 * earlier create form's leftover pricing fields have no meaning here: not part of the form (unknown keys are
 * dropped).
 */
export const stateHolidayCreateSchema = z.object({
  state: requiredId("state"),
  holiday_date: requiredDate("holiday date"),
  description: optionalText("description", 500),
  is_recurring: flag.default(0),
  is_active: flag.default(1),
});

/** Holidays per state of a company (spec 001 §2 State holidays). */
export const stateHolidaysDef = defineEntity({
  name: "state_holidays",
  noun: "State Holiday",
  href: "/state-holidays",
  table: stateHolidays,
  scope: companyScope(stateHolidays),
  // One live holiday per state and date: 422 on save, 409 on a restore that would clash.
  unique: [
    {
      columns: [stateHolidays.state, stateHolidays.holiday_date],
      field: "holiday_date",
      message: STATE_HOLIDAY_MESSAGES.taken,
      index: "state_holidays_live_date_uq",
    },
  ],
  create: stateHolidayCreateSchema,
  list: defineList({
    from: stateHolidays,
    select: {
      id: stateHolidays.id,
      state: stateHolidays.state,
      state_name: states.description,
      holiday_date: stateHolidays.holiday_date,
      // The date as the screens show it (DD-MM-YYYY), for the export.
      holiday_date_text: sql<string>`to_char(${stateHolidays.holiday_date}, 'DD-MM-YYYY')`,
      description: stateHolidays.description,
      is_recurring: stateHolidays.is_recurring,
      is_active: stateHolidays.is_active,
    },
    joins: [{ table: states, on: eq(states.id, stateHolidays.state) }],
    id: stateHolidays.id,
    isActive: stateHolidays.is_active,
    deletedAt: stateHolidays.deleted_at,
    search: [stateHolidays.description],
    // The client also sends the plan screens' no_of_dogs, no_of_walks and tier: not filters of this list, ignored.
    filters: { state: referenceFilter(stateHolidays.state, "State") },
    sort: { holiday_date: stateHolidays.holiday_date, created_at: stateHolidays.created_at },
    defaultSort: "holiday_date",
    export: [
      ...idAndStatusColumns(),
      { header: "State", field: "state_name" },
      { header: "Date", field: "holiday_date_text" },
      { header: "Description", field: "description" },
      { header: "Recurring", field: "is_recurring", labels: { 1: "Yes" }, otherwise: "No" },
    ],
  }),
});

export const stateHolidaysCrud = crudOf(stateHolidaysDef, {
  async create({ tx, input, insert, errors }) {
    await checkState(tx, input.state, errors);
    return insert(input);
  },
  async update({ tx, before, patch, write, errors }) {
    if (patch.state != null && patch.state !== before.state) await checkState(tx, patch.state, errors);
    return write(patch);
  },
});

export const stateHolidayActions = entityActions(stateHolidaysCrud);
