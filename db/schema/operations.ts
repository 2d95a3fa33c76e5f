import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  time,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./admin";
import { lifecycleColumns, tenantColumns } from "./columns";

// Master data and field operations (spec 001). Every table but `states` belongs to one company.

const live = (t: { deleted_at: AnyPgColumn }) => sql`${t.deleted_at} is null`;

/** India's states and union territories: global master data (lib/seed/states.ts), served by the masters contexts. */
export const states = pgTable(
  "states",
  {
    id: serial("id").primaryKey(),
    description: varchar("description", { length: 100 }).notNull(),
    /** ISO 3166-2:IN subdivision code without the country ("MH", "DL"). */
    code: varchar("code", { length: 10 }).notNull(),
    ...lifecycleColumns(),
  },
  (t) => [uniqueIndex("states_code_uq").on(t.code)],
);

/**
 * Master values (spec 001 §2 Values): the names of a company's lookup lists ("SERVICE TYPES", "ZONES"); their
 * rows are value_lists. Names are upper case and unique among a company's live values.
 */
export const values = pgTable(
  "values",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    ...tenantColumns(),
  },
  (t) => [
    index("values_company_idx").on(t.company_id, t.deleted_at, t.name),
    uniqueIndex("values_live_name_uq")
      .on(t.company_id, sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

/** The rows of one master value: description and code, both upper case; codes unique among a value's live rows. */
export const valueLists = pgTable(
  "value_lists",
  {
    id: serial("id").primaryKey(),
    value_id: integer("value_id")
      .notNull()
      .references(() => values.id, { onDelete: "cascade" }),
    description: varchar("description", { length: 200 }).notNull(),
    code: varchar("code", { length: 50 }).notNull(),
    ...tenantColumns(),
  },
  (t) => [
    index("value_lists_value_idx").on(t.company_id, t.value_id, t.deleted_at, t.id),
    uniqueIndex("value_lists_live_code_uq")
      .on(t.value_id, sql`lower(${t.code})`)
      .where(live(t)),
  ],
);

/**
 * Services a company offers (walking, training, daycare...). service_type_id is a row of the company's
 * "SERVICE TYPES" master value (value_lists). Pet ages are in years.
 */
export const services = pgTable(
  "services",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    brand: varchar("brand", { length: 200 }),
    service_type_id: integer("service_type_id").references(() => valueLists.id, { onDelete: "set null" }),
    start_time: time("start_time"),
    end_time: time("end_time"),
    max_distance_km: numeric("max_distance_km", { precision: 7, scale: 2, mode: "number" }),
    min_pet_age: smallint("min_pet_age"),
    max_pet_age: smallint("max_pet_age"),
    ...tenantColumns(),
  },
  (t) => [
    index("services_company_idx").on(t.company_id, t.deleted_at, t.name),
    uniqueIndex("services_live_name_uq")
      .on(t.company_id, sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

/** Which users are interested in which service (spec 002 Service interests; its screens come with issue 10). */
export const userServiceInterests = pgTable(
  "user_service_interests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    ...tenantColumns(),
  },
  (t) => [
    index("user_service_interests_service_idx").on(t.company_id, t.service_id, t.deleted_at, t.id),
    // The interests list (/user-service-interests): a company's live rows, newest first.
    index("user_service_interests_list_idx").on(t.company_id, t.id).where(live(t)),
    index("user_service_interests_user_idx").on(t.user_id),
    uniqueIndex("user_service_interests_live_uq").on(t.user_id, t.service_id).where(live(t)),
  ],
);

/** Outlets (stores) field staff visit. */
export const outlets = pgTable(
  "outlets",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    brand: varchar("brand", { length: 200 }),
    ...tenantColumns(),
  },
  (t) => [
    // The list (live rows by name, then id): page 1 and its bounded count read this index in order (bench shapes).
    index("outlets_list_idx").on(t.company_id, t.name, t.id).where(live(t)),
    uniqueIndex("outlets_live_name_uq")
      .on(t.company_id, sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

/** A user assigned to an outlet from start_date (to end_date, open when null). */
export const outletUsers = pgTable(
  "outlet_users",
  {
    id: serial("id").primaryKey(),
    outlet_id: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    start_date: date("start_date").notNull(),
    end_date: date("end_date"),
    ...tenantColumns(),
  },
  (t) => [
    // The outlet's users by start date (the screen), and all of a company's (the list without an outlet).
    index("outlet_users_outlet_idx").on(t.company_id, t.outlet_id, t.start_date, t.id).where(live(t)),
    index("outlet_users_list_idx").on(t.company_id, t.start_date, t.id).where(live(t)),
    index("outlet_users_user_idx").on(t.user_id),
    check("outlet_users_dates_ck", sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`),
  ],
);

/** Who visits which outlets on which date (permanent journey plan). */
export const pjps = pgTable(
  "pjps",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    location: varchar("location", { length: 200 }),
    date: date("date").notNull(),
    description: varchar("description", { length: 1000 }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    is_outlet_visited: smallint("is_outlet_visited").notNull().default(0),
    ...tenantColumns(),
  },
  (t) => [
    // The list: a company's month (the Year - Month filter is always set), newest first.
    index("pjps_company_date_idx").on(t.company_id, t.deleted_at, t.date, t.id),
    // The user filter and the copies' "already there" check.
    index("pjps_user_date_idx").on(t.company_id, t.user_id, t.date),
    // One live PJP per user, date and name (case-insensitive): what makes the copies idempotent.
    uniqueIndex("pjps_live_key_uq")
      .on(t.company_id, t.user_id, t.date, sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

export const pjpOutlets = pgTable(
  "pjp_outlets",
  {
    pjp_id: integer("pjp_id")
      .notNull()
      .references(() => pjps.id, { onDelete: "cascade" }),
    outlet_id: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.pjp_id, t.outlet_id] }), index("pjp_outlets_outlet_idx").on(t.outlet_id)],
);

/**
 * A recurring weekly template: a user visits these outlets on `day` (Monday..Sunday) of EVEN or ODD weeks.
 * Week parity is that of the ISO week number of the date (lib/operations/week-parity.ts).
 */
export const pjpReferences = pgTable(
  "pjp_references",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    location: varchar("location", { length: 200 }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: varchar("day", { length: 10 }).notNull(),
    week: varchar("week", { length: 4 }).notNull(),
    ...tenantColumns(),
  },
  (t) => [
    index("pjp_references_list_idx").on(t.company_id, t.name, t.id).where(live(t)),
    index("pjp_references_user_idx").on(t.company_id, t.user_id),
    check(
      "pjp_references_day_ck",
      sql`${t.day} in ('Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday')`,
    ),
    check("pjp_references_week_ck", sql`${t.week} in ('EVEN','ODD')`),
  ],
);

export const pjpReferenceOutlets = pgTable(
  "pjp_reference_outlets",
  {
    pjp_reference_id: integer("pjp_reference_id")
      .notNull()
      .references(() => pjpReferences.id, { onDelete: "cascade" }),
    outlet_id: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.pjp_reference_id, t.outlet_id] }),
    index("pjp_reference_outlets_outlet_idx").on(t.outlet_id),
  ],
);

/** Banners the apps show: a title and an image (stored file). */
export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    image_path: varchar("image_path", { length: 500 }),
    ...tenantColumns(),
  },
  (t) => [index("banners_company_idx").on(t.company_id, t.deleted_at, t.title)],
);

/** A holiday of one state; a recurring one comes back every year on the same day and month. */
export const stateHolidays = pgTable(
  "state_holidays",
  {
    id: serial("id").primaryKey(),
    state: integer("state")
      .notNull()
      .references(() => states.id),
    holiday_date: date("holiday_date").notNull(),
    description: varchar("description", { length: 500 }),
    is_recurring: smallint("is_recurring").notNull().default(0),
    ...tenantColumns(),
  },
  (t) => [
    index("state_holidays_company_idx").on(t.company_id, t.deleted_at, t.holiday_date),
    // One live holiday per state and date in a company.
    uniqueIndex("state_holidays_live_date_uq").on(t.company_id, t.state, t.holiday_date).where(live(t)),
  ],
);

/** The GST rate (percent, 0 to 100) a company charges in one state; one live rate per state. */
export const stateGsts = pgTable(
  "state_gsts",
  {
    id: serial("id").primaryKey(),
    state: integer("state")
      .notNull()
      .references(() => states.id),
    gst: numeric("gst", { precision: 5, scale: 2, mode: "number" }).notNull(),
    gst_date: date("gst_date"),
    description: varchar("description", { length: 500 }),
    is_recurring: smallint("is_recurring").notNull().default(0),
    ...tenantColumns(),
  },
  (t) => [
    index("state_gsts_company_idx").on(t.company_id, t.deleted_at, t.id),
    uniqueIndex("state_gsts_live_state_uq").on(t.company_id, t.state).where(live(t)),
    check("state_gsts_gst_ck", sql`${t.gst} >= 0 and ${t.gst} <= 100`),
  ],
);
