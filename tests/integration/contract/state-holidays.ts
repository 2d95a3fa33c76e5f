import { and, asc, eq, isNull } from "drizzle-orm";
import { stateHolidays, states } from "@/db/schema";
import type { Env, Sample } from "./types";

/** The id of a state by its code ("MH"). */
export async function stateId(e: Pick<Env, "db">, code: string): Promise<number> {
  const [s] = await e.db.select({ id: states.id }).from(states).where(eq(states.code, code));
  return s.id;
}

/** The first live (seeded) holiday of a company. */
async function holidayOf(e: Env, companyId: number): Promise<number> {
  const [h] = await e.db
    .select({ id: stateHolidays.id })
    .from(stateHolidays)
    .where(and(eq(stateHolidays.company_id, companyId), isNull(stateHolidays.deleted_at)))
    .orderBy(asc(stateHolidays.id))
    .limit(1);
  return h.id;
}

let day = 0;
/** A date no other sample uses: one a day from 2040-01-01. */
const freshDate = () => new Date(Date.UTC(2040, 0, 1 + day++)).toISOString().slice(0, 10);

/** A fresh holiday of a company on a date of its own (deleted when `deleted`). */
async function spareHoliday(e: Env, companyId: number, deleted = false): Promise<number> {
  const [h] = await e.db
    .insert(stateHolidays)
    .values({
      company_id: companyId,
      state: await stateId(e, "KA"),
      holiday_date: freshDate(),
      description: "Contract Holiday",
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: stateHolidays.id });
  return h.id;
}

const spare = { state: 0, patch: 0, del: 0, restore: 0 };

export const stateHolidaysSamples: Record<string, Sample> = {
  // The earlier client also sends the plan screens' no_of_dogs, no_of_walks and tier: ignored.
  "GET state_holidays": {
    path: () =>
      "state_holidays?page=1&rowsPerPage=5&is_active=1&show_deleted=0&search_keyword=day&no_of_dogs=&no_of_walks=&tier=",
  },
  "GET state_holiday_exports": { path: () => "state_holiday_exports?search_keyword=day" },
  "POST state_holidays": {
    before: async (e) => void (spare.state = await stateId(e, "KA")),
    path: () => "state_holidays",
    body: () => ({
      state: spare.state,
      holiday_date: freshDate(),
      description: "Contract Day",
      is_recurring: 0,
    }),
  },
  "GET state_holidays/:id": {
    path: async (e) => `state_holidays/${await holidayOf(e, e.happyId)}`,
    foreign: async (e) => `state_holidays/${await holidayOf(e, e.wagId)}`,
  },
  "PATCH state_holidays/:id": {
    before: async (e) => void (spare.patch = await spareHoliday(e, e.happyId)),
    path: () => `state_holidays/${spare.patch || 1}`,
    body: () => ({ description: "Contract Day Renamed", is_recurring: 1 }),
    foreign: async (e) => `state_holidays/${await holidayOf(e, e.wagId)}`,
  },
  "POST state_holidays/delete/:id": {
    before: async (e) => void (spare.del = await spareHoliday(e, e.happyId)),
    path: () => `state_holidays/delete/${spare.del || 1}`,
    foreign: async (e) => `state_holidays/delete/${await spareHoliday(e, e.wagId)}`,
  },
  "POST state_holidays/restore/:id": {
    before: async (e) => void (spare.restore = await spareHoliday(e, e.happyId, true)),
    path: () => `state_holidays/restore/${spare.restore || 1}`,
    foreign: (e) => `state_holidays/restore/${e.trash.state_holiday}`,
  },
};
