import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { outlets, outletUsers, users } from "@/db/schema";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity, wrapBuilt } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { forbidden, notFound, type FieldErrors } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns, referenceFilter, type RawParams } from "@/lib/platform/list";
import { flag, optionalDate, requiredDate, requiredId } from "@/lib/platform/schemas";
import { lockSaves } from "@/lib/platform/unique";
import { liveOutletOf } from "./outlets";
import { isUserOfCompany, USER_LOOKUP_MESSAGES, userOptions } from "./users-lookup";

/** Texts of the outlet users' own rules (the delete text is the spec's, word for word). */
export const OUTLET_USER_MESSAGES = {
  deleted: "Outlet deleted successfully.",
  endBeforeStart: "The end date must be a date after or equal to the start date.",
  overlap: "This user is already assigned to this outlet for an overlapping period.",
  userInvalid: USER_LOOKUP_MESSAGES.userInvalid,
} as const;

/** The outlet user form as POST outlet_users sends it (spec 001 §7): the outlet is the list's. */
export const outletUserCreateSchema = z.object({
  outlet_id: requiredId("outlet"),
  user_id: requiredId("user"),
  start_date: requiredDate("start date"),
  end_date: optionalDate("end date"),
  is_active: flag.default(1),
});

/** The edit form: user, dates and Is Active. An assignment stays at its outlet (an outlet_id sent is ignored). */
export const outletUserUpdateSchema = z.object({
  user_id: requiredId("user").optional(),
  start_date: requiredDate("start date").optional(),
  end_date: optionalDate("end date"),
  is_active: flag.optional(),
});

/** users.user_name may be empty on old rows: the first and last names then stand in. */
const userName = sql<string>`coalesce(nullif(${users.user_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`;

/** Users assigned to an outlet from a start date (to an end date, open when blank): spec 001 §2 Outlet users. */
export const outletUsersDef = defineEntity({
  name: "outlet_users",
  noun: "Outlet User",
  href: "/outlet-users",
  table: outletUsers,
  scope: companyScope(outletUsers),
  create: outletUserCreateSchema,
  update: outletUserUpdateSchema,
  messages: { deleted: OUTLET_USER_MESSAGES.deleted },
  list: defineList({
    from: outletUsers,
    joins: [
      { table: users, on: eq(users.id, outletUsers.user_id), type: "inner" },
      { table: outlets, on: eq(outlets.id, outletUsers.outlet_id), type: "inner" },
    ],
    select: {
      id: outletUsers.id,
      outlet_id: outletUsers.outlet_id,
      outlet_name: outlets.name,
      user_id: outletUsers.user_id,
      user_name: userName,
      start_date: outletUsers.start_date,
      end_date: outletUsers.end_date,
      is_active: outletUsers.is_active,
    },
    id: outletUsers.id,
    isActive: outletUsers.is_active,
    // No trash view (spec 001 §4): deleted assignments are gone from every list.
    where: isNull(outletUsers.deleted_at),
    search: [users.user_name, users.first_name, users.last_name],
    filters: { outlet_id: referenceFilter(outletUsers.outlet_id, "Outlet") },
    sort: { start_date: outletUsers.start_date, end_date: outletUsers.end_date },
    defaultSort: "start_date",
    export: [
      ...idAndStatusColumns(),
      { header: "Outlet", field: "outlet_name" },
      { header: "User Name", field: "user_name" },
      { header: "Start Date", field: "start_date" },
      { header: "End Date", field: "end_date" },
    ],
  }),
  // The spec's record carries the nested user (user_name) and the outlet the list returns to.
  detail: async (db, row) => {
    const [u] = await db
      .select({ id: users.id, user_name: userName })
      .from(users)
      .where(eq(users.id, row.user_id));
    const [o] = await db
      .select({ id: outlets.id, name: outlets.name })
      .from(outlets)
      .where(eq(outlets.id, row.outlet_id));
    return { user: u ?? null, outlet: o ?? null };
  },
  auditDetail: async () => ({}),
  detailSchema: {
    user: z.object({ id: z.number(), user_name: z.string() }).nullable(),
    outlet: z.object({ id: z.number(), name: z.string() }).nullable(),
  },
});

type Period = { outlet_id: number; user_id: number; start_date: string; end_date: string | null };

/**
 * The rules of a save, on the assignment as it would be: end date not before start date (422 on end_date), and
 * no two live, active assignments of one user at one outlet over overlapping periods (422 on start_date).
 * Saves of one outlet run one at a time so two overlapping saves cannot both pass.
 */
async function checkPeriod(tx: Tx, p: Period, errors: FieldErrors, exceptId?: number) {
  if (p.end_date != null && p.end_date < p.start_date) {
    errors.end_date = OUTLET_USER_MESSAGES.endBeforeStart;
    return;
  }
  await lockSaves(tx, "outlet_users", p.outlet_id);
  const [hit] = await tx
    .select({ id: outletUsers.id })
    .from(outletUsers)
    .where(
      and(
        eq(outletUsers.outlet_id, p.outlet_id),
        eq(outletUsers.user_id, p.user_id),
        isNull(outletUsers.deleted_at),
        eq(outletUsers.is_active, 1),
        exceptId != null ? ne(outletUsers.id, exceptId) : undefined,
        sql`daterange(${outletUsers.start_date}, ${outletUsers.end_date}, '[]') && daterange(${p.start_date}::date, ${p.end_date}::date, '[]')`,
      ),
    )
    .limit(1);
  if (hit) errors.start_date ??= OUTLET_USER_MESSAGES.overlap;
}

export const outletUsersCrud = crudOf(outletUsersDef, {
  async create({ ctx, tx, input, insert, errors }) {
    // The outlet is the list's parent: outside the acting company (or deleted) it answers 404, like its list.
    if (!(await liveOutletOf(tx, requireCompany(ctx), input.outlet_id))) throw notFound();
    if (!(await isUserOfCompany(tx, ctx, input.user_id))) errors.user_id = OUTLET_USER_MESSAGES.userInvalid;
    else if (input.is_active === 1) await checkPeriod(tx, input, errors);
    else if (input.end_date != null && input.end_date < input.start_date)
      errors.end_date = OUTLET_USER_MESSAGES.endBeforeStart;
    return insert(input);
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const after = { ...before, ...patch } as typeof before;
    // A user who has since left or been deactivated stays on their old assignment; only a new choice is checked.
    if (patch.user_id !== undefined && patch.user_id !== before.user_id)
      if (!(await isUserOfCompany(tx, ctx, patch.user_id))) errors.user_id = OUTLET_USER_MESSAGES.userInvalid;
    if (!errors.user_id) {
      if (after.is_active === 1) await checkPeriod(tx, after, errors, before.id);
      else if (after.end_date != null && after.end_date < after.start_date)
        errors.end_date = OUTLET_USER_MESSAGES.endBeforeStart;
    }
    return write(patch);
  },
});

/** GET outlets/:outletId/outlet_users: the outlet's assignments (404 for an outlet outside the company). */
export const listOutletUsersOf = wrapBuilt(
  outletUsersCrud.list,
  async (ctx: Ctx, outletId: number, raw: RawParams) => {
    authorize(ctx, outletUsersDef.permission("list"));
    const db = await getDb();
    if (!(await liveOutletOf(db, requireCompany(ctx), outletId))) throw notFound();
    const params = new URLSearchParams();
    if (raw instanceof URLSearchParams) raw.forEach((v, k) => params.append(k, v));
    else
      for (const [k, v] of Object.entries(raw))
        for (const x of Array.isArray(v) ? v : v == null ? [] : [v]) params.append(k, x);
    params.set("outlet_id", String(outletId));
    return outletUsersCrud.list(ctx, params);
  },
);

/** The outlet whose users a screen lists: a live outlet of the acting company, or 404. */
export async function outletOfList(db: Executor, ctx: Ctx, outletId: number) {
  const outlet = await liveOutletOf(db, requireCompany(ctx), outletId);
  if (!outlet) throw notFound();
  return outlet;
}

/** GET outlet_users/masters: the users the form's dropdown offers ({ users: [{ id, user_name }] }). */
export async function outletUserMasters(ctx: Ctx): Promise<{ users: { id: number; user_name: string }[] }> {
  const may = (["view", "create", "update"] as const).some((op) => can(ctx, outletUsersDef.permission(op)));
  if (!may) throw forbidden();
  return { users: await userOptions(ctx) };
}

export const outletUserActions = entityActions(outletUsersCrud);
