import "server-only";
import { and, asc, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { outlets, pjpOutlets, pjps, users } from "@/db/schema";
import { isUserOfCompany, USER_LOOKUP_MESSAGES } from "@/lib/operations/users-lookup";
import { childRows, replaceChildRows } from "@/lib/platform/child-rows";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import type { Executor, Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid, type FieldErrors } from "@/lib/platform/errors";
import {
  defineList,
  idAndStatusColumns,
  referenceFilter,
  type ListFilter,
  type RawParams,
} from "@/lib/platform/list";
import { flag, optionalText, requiredDate, requiredId, requiredText } from "@/lib/platform/schemas";
import { writeAudits } from "@/lib/platform/mutations";
import { lockSaves } from "@/lib/platform/unique";
import { outletRowErrors, userDisplayName } from "./pjp-masters";
import { currentMonthYear, parseMonthYear } from "./week-parity";

/** Texts of this module's own rules (not spec texts; the spec's are the entity's messages). */
export const PJP_MESSAGES = {
  taken: "A PJP with this name already exists for this user on this date.",
  monthInvalid: "The month year must be a month like 2026-11.",
  monthRequired: "The month year field is required.",
} as const;

/** A month as YYYY-MM (month_year of the list and the copies). */
export const monthYear = z
  .string({ error: PJP_MESSAGES.monthRequired })
  .trim()
  .min(1, PJP_MESSAGES.monthRequired)
  .refine((v) => parseMonthYear(v) != null, PJP_MESSAGES.monthInvalid);

/** One outlet row of a PJP (or a reference): the form sends `{ outlet_id }`; other keys are ignored. */
export const outletRow = z.object({ outlet_id: requiredId("outlet") });

/**
 * The PJP form (create, and POST pjps with an id: the edit screen posts the loaded record). A PJP visits at least
 * one outlet, each once.
 */
export const pjpCreateSchema = z.object({
  name: requiredText("name", 200),
  location: optionalText("location", 200),
  user_id: requiredId("user"),
  date: requiredDate("date"),
  description: optionalText("description", 1000),
  is_active: flag.default(1),
  is_outlet_visited: flag.default(0),
  pjp_outlets: childRows(outletRow, { label: "outlets", min: 1, distinct: "outlet_id" }),
});
export type PjpInput = z.output<typeof pjpCreateSchema>;

const get1 = (raw: RawParams, key: string) => {
  const v = raw instanceof URLSearchParams ? raw.get(key) : raw[key];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

/**
 * Year - Month (month_year=YYYY-MM) on the PJP's date. When absent it is the current month in India (spec 001 §9:
 * the filter defaults to the current year-month), for the screen, GET pjps and the export alike.
 */
export function monthYearFilter(): ListFilter {
  return {
    label: "Year - Month",
    where: (raw, param) => {
      const v = get1(raw, param) ?? currentMonthYear();
      const m = parseMonthYear(v);
      if (!m) throw invalid({ [param]: PJP_MESSAGES.monthInvalid });
      const start = `${v}-01`;
      return and(
        gte(pjps.date, sql`${start}::date`),
        lt(pjps.date, sql`${start}::date + interval '1 month'`),
      );
    },
    ui: (param) => ({ param, label: "Year - Month", kind: "month", options: [] }),
  };
}

const outletName = (db: Executor, pjpId: number) =>
  db
    .select({ outlet_id: pjpOutlets.outlet_id, outlet_name: outlets.name })
    .from(pjpOutlets)
    .innerJoin(outlets, eq(outlets.id, pjpOutlets.outlet_id))
    .where(eq(pjpOutlets.pjp_id, pjpId))
    .orderBy(asc(outlets.name), asc(pjpOutlets.outlet_id));

/** Who visits which outlets on which date (spec 001 §2 PJPs, §3 Pjp). */
export const pjpsDef = defineEntity({
  name: "pjps",
  noun: "Pjp",
  href: "/pjps",
  table: pjps,
  scope: companyScope(pjps),
  // One live PJP per user, date and name: the copies skip what is there by this key, the form refuses it (422),
  // a restore that would clash answers 409.
  unique: [
    {
      columns: [pjps.user_id, pjps.date, pjps.name],
      field: "name",
      message: PJP_MESSAGES.taken,
      index: "pjps_live_key_uq",
    },
  ],
  create: pjpCreateSchema,
  list: defineList({
    from: pjps,
    joins: [{ table: users, on: eq(users.id, pjps.user_id) }],
    select: {
      id: pjps.id,
      name: pjps.name,
      location: pjps.location,
      date: pjps.date,
      description: pjps.description,
      user_id: pjps.user_id,
      user_name: userDisplayName,
      is_active: pjps.is_active,
      is_outlet_visited: pjps.is_outlet_visited,
    },
    id: pjps.id,
    isActive: pjps.is_active,
    deletedAt: pjps.deleted_at,
    search: [pjps.name, pjps.location, pjps.description, users.user_name],
    filters: {
      month_year: monthYearFilter(),
      user_id: referenceFilter(pjps.user_id, "User"),
    },
    // A month's plan reads day by day.
    sort: { date: pjps.date, name: pjps.name },
    defaultSort: "date",
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Location", field: "location" },
      { header: "User", field: "user_name" },
      { header: "Date", field: "date" },
      { header: "Description", field: "description" },
      { header: "Is Outlet Visited", field: "is_outlet_visited", labels: { 1: "Yes" }, otherwise: "No" },
    ],
  }),
  // GET pjps/:id answers the nested user and the outlets with their names; the audit records the outlet ids.
  detail: async (db, row) => {
    const [u] = await db
      .select({ id: users.id, user_name: userDisplayName })
      .from(users)
      .where(eq(users.id, row.user_id));
    return { user: u ?? null, pjp_outlets: await outletName(db, row.id) };
  },
  auditDetail: async (db, row) => ({
    pjp_outlets: (await outletName(db, row.id)).map((o) => o.outlet_id).sort((a, b) => a - b),
  }),
  detailSchema: {
    user: z.object({ id: z.number(), user_name: z.string() }).nullable(),
    pjp_outlets: z.array(z.object({ outlet_id: z.number(), outlet_name: z.string() })),
  },
});

/**
 * PJPs are unique among a company's live PJPs by user, date and name (case-insensitive): the copies skip what is
 * already there by this key (pjpsDef.unique; the index pjps_live_key_uq backs it). Saves and copies of one user's
 * PJPs run one at a time.
 */
export const lockUserPjps = (tx: Tx, ctx: Ctx, userId: number) =>
  lockSaves(tx, `pjps:${requireCompany(ctx)}`, userId);

const replaceOutlets = (tx: Tx, pjpId: number, rows: readonly { outlet_id: number }[]) =>
  replaceChildRows(tx, {
    table: pjpOutlets,
    parentColumn: pjpOutlets.pjp_id,
    parentId: pjpId,
    rows,
    match: pjpOutlets.outlet_id,
    key: (r) => r.outlet_id,
    toValues: (r) => ({ outlet_id: r.outlet_id }),
  });

async function checkUser(tx: Executor, ctx: Ctx, userId: number, errors: FieldErrors) {
  if (!(await isUserOfCompany(tx, ctx, userId))) errors.user_id = USER_LOOKUP_MESSAGES.userInvalid;
}

export const pjpsCrud = crudOf(pjpsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { pjp_outlets, ...fields } = input;
    await lockUserPjps(tx, ctx, fields.user_id);
    await checkUser(tx, ctx, fields.user_id, errors);
    Object.assign(errors, await outletRowErrors(tx, ctx, "pjp_outlets", pjp_outlets));
    const row = await insert(fields);
    await replaceOutlets(tx, row.id, pjp_outlets);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { pjp_outlets, ...fields } = patch;
    const after = { ...before, ...fields };
    await lockUserPjps(tx, ctx, after.user_id);
    // The user and outlets the PJP already has stay acceptable (the edit screen posts the record as loaded).
    if (after.user_id !== before.user_id) await checkUser(tx, ctx, after.user_id, errors);
    if (pjp_outlets) {
      const kept = new Set((await outletName(tx, before.id)).map((o) => o.outlet_id));
      Object.assign(errors, await outletRowErrors(tx, ctx, "pjp_outlets", pjp_outlets, kept));
    }
    const row = await write(fields);
    if (pjp_outlets) await replaceOutlets(tx, before.id, pjp_outlets);
    return row;
  },
});
export const pjpActions = entityActions(pjpsCrud);

/** A PJP made by a copy or an upload (the form's fields, already checked by the caller). */
export type NewPjp = {
  name: string;
  location: string | null;
  user_id: number;
  date: string;
  description: string | null;
  is_outlet_visited?: number;
  outlet_ids: readonly number[];
};

/**
 * Inserts PJPs with their outlets in a few set-based statements and writes their audit records, inside the
 * caller's transaction (the copies and the upload). Answers the new ids in the given order.
 */
export async function insertPjps(tx: Tx, ctx: Ctx, rows: readonly NewPjp[]): Promise<number[]> {
  const companyId = requireCompany(ctx);
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += 500) {
    const part = rows.slice(at, at + 500);
    const made = await tx
      .insert(pjps)
      .values(
        part.map((r) => ({
          company_id: companyId,
          name: r.name,
          location: r.location,
          user_id: r.user_id,
          date: r.date,
          description: r.description,
          is_outlet_visited: r.is_outlet_visited ?? 0,
          created_by: ctx.userId,
          updated_by: ctx.userId,
        })),
      )
      .returning();
    const links = made.flatMap((m, i) =>
      [...new Set(part[i].outlet_ids)].map((o) => ({ pjp_id: m.id, outlet_id: o })),
    );
    for (let i = 0; i < links.length; i += 1000) await tx.insert(pjpOutlets).values(links.slice(i, i + 1000));
    await writeAudits(
      tx,
      ctx,
      made.map((m, i) => ({
        entity: "pjps",
        entityId: m.id,
        action: "create" as const,
        before: null,
        after: { ...m, pjp_outlets: [...new Set(part[i].outlet_ids)].sort((a, b) => a - b) },
        companyId,
      })),
    );
    ids.push(...made.map((m) => m.id));
  }
  return ids;
}

/** The keys (`date|lower(name)`) of a user's live PJPs between two dates (inclusive), for the copies and uploads. */
export async function pjpKeysOf(
  db: Executor,
  ctx: Ctx,
  userId: number,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ date: pjps.date, name: pjps.name })
    .from(pjps)
    .where(
      and(
        eq(pjps.company_id, requireCompany(ctx)),
        eq(pjps.user_id, userId),
        isNull(pjps.deleted_at),
        gte(pjps.date, from),
        lte(pjps.date, to),
      ),
    );
  return new Set(rows.map((r) => pjpKey(r.date, r.name)));
}

/** What makes two PJPs of one user the same: the date and the name (case-insensitive). */
export const pjpKey = (date: string, name: string) => `${date}|${name.trim().toLowerCase()}`;
