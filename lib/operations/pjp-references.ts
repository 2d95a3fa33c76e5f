import "server-only";
import { asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { outlets, pjpReferenceOutlets, pjpReferences, users } from "@/db/schema";
import { isUserOfCompany, USER_LOOKUP_MESSAGES } from "@/lib/operations/users-lookup";
import { childRows, replaceChildRows } from "@/lib/platform/child-rows";
import type { Executor, Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { defineList, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { flag, optionalText, requiredId, requiredText } from "@/lib/platform/schemas";
import { outletRowErrors, userDisplayName } from "./pjp-masters";
import { outletRow } from "./pjps";
import { DAYS, WEEK_PARITIES } from "./week-parity";

/** A choice among fixed values: "required" when blank, "invalid" otherwise. */
const choice = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .pipe(z.enum(values, { error: `The selected ${label} is invalid.` }));

/** The reference form (create, and POST pjp_references with an id for edit). */
export const pjpReferenceCreateSchema = z.object({
  name: requiredText("name", 200),
  location: optionalText("location", 200),
  user_id: requiredId("user"),
  day: choice("day", DAYS),
  week: choice("week", WEEK_PARITIES),
  is_active: flag.default(1),
  pjp_reference_outlets: childRows(outletRow, { label: "outlets", min: 1, distinct: "outlet_id" }),
});
export type PjpReferenceInput = z.output<typeof pjpReferenceCreateSchema>;

const outletsOf = (db: Executor, referenceId: number) =>
  db
    .select({ outlet_id: pjpReferenceOutlets.outlet_id, outlet_name: outlets.name })
    .from(pjpReferenceOutlets)
    .innerJoin(outlets, eq(outlets.id, pjpReferenceOutlets.outlet_id))
    .where(eq(pjpReferenceOutlets.pjp_reference_id, referenceId))
    .orderBy(asc(outlets.name), asc(pjpReferenceOutlets.outlet_id));

/**
 * A recurring weekly template (spec 001 §2 PJP references): a user visits these outlets on `day` of EVEN or ODD
 * weeks (lib/operations/week-parity.ts). Delete has no trash view or restore (spec 001 §4): the list shows live rows.
 */
export const pjpReferencesDef = defineEntity({
  name: "pjp_references",
  noun: "Pjp Reference",
  href: "/pjp-references",
  table: pjpReferences,
  scope: companyScope(pjpReferences),
  create: pjpReferenceCreateSchema,
  list: defineList({
    from: pjpReferences,
    joins: [{ table: users, on: eq(users.id, pjpReferences.user_id) }],
    where: isNull(pjpReferences.deleted_at),
    select: {
      id: pjpReferences.id,
      name: pjpReferences.name,
      location: pjpReferences.location,
      user_id: pjpReferences.user_id,
      user_name: userDisplayName,
      day: pjpReferences.day,
      week: pjpReferences.week,
      is_active: pjpReferences.is_active,
    },
    id: pjpReferences.id,
    isActive: pjpReferences.is_active,
    search: [pjpReferences.name, pjpReferences.location, users.user_name],
    filters: {
      user_id: referenceFilter(pjpReferences.user_id, "User"),
    },
    sort: { name: pjpReferences.name, created_at: pjpReferences.created_at },
    defaultSort: "name",
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Location", field: "location" },
      { header: "User", field: "user_name" },
      { header: "Day", field: "day" },
      { header: "Week", field: "week" },
    ],
  }),
  detail: async (db, row) => {
    const [u] = await db
      .select({ id: users.id, user_name: userDisplayName })
      .from(users)
      .where(eq(users.id, row.user_id));
    return { user: u ?? null, pjp_reference_outlets: await outletsOf(db, row.id) };
  },
  auditDetail: async (db, row) => ({
    pjp_reference_outlets: (await outletsOf(db, row.id)).map((o) => o.outlet_id).sort((a, b) => a - b),
  }),
  detailSchema: {
    user: z.object({ id: z.number(), user_name: z.string() }).nullable(),
    pjp_reference_outlets: z.array(z.object({ outlet_id: z.number(), outlet_name: z.string() })),
  },
});

const replaceOutlets = (tx: Tx, referenceId: number, rows: readonly { outlet_id: number }[]) =>
  replaceChildRows(tx, {
    table: pjpReferenceOutlets,
    parentColumn: pjpReferenceOutlets.pjp_reference_id,
    parentId: referenceId,
    rows,
    match: pjpReferenceOutlets.outlet_id,
    key: (r) => r.outlet_id,
    toValues: (r) => ({ outlet_id: r.outlet_id }),
  });

const FIELD = "pjp_reference_outlets";

export const pjpReferencesCrud = crudOf(pjpReferencesDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { pjp_reference_outlets: rows, ...fields } = input;
    if (!(await isUserOfCompany(tx, ctx, fields.user_id))) errors.user_id = USER_LOOKUP_MESSAGES.userInvalid;
    Object.assign(errors, await outletRowErrors(tx, ctx, FIELD, rows));
    const row = await insert(fields);
    await replaceOutlets(tx, row.id, rows);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { pjp_reference_outlets: rows, ...fields } = patch;
    // The user and outlets the reference already has stay acceptable (the edit screen posts what it loaded).
    if (fields.user_id !== undefined && fields.user_id !== before.user_id)
      if (!(await isUserOfCompany(tx, ctx, fields.user_id)))
        errors.user_id = USER_LOOKUP_MESSAGES.userInvalid;
    if (rows) {
      const kept = new Set((await outletsOf(tx, before.id)).map((o) => o.outlet_id));
      Object.assign(errors, await outletRowErrors(tx, ctx, FIELD, rows, kept));
    }
    const row = await write(fields);
    if (rows) await replaceOutlets(tx, before.id, rows);
    return row;
  },
});
export const pjpReferenceActions = entityActions(pjpReferencesCrud);
