import "server-only";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  masterFranchiseeZones,
  masterFranchisees,
  positions,
  userCompanies,
  users,
  valueLists,
  values,
} from "@/db/schema";
import { masterRows, ZONES_VALUE, type MasterRow } from "@/lib/franchise/master-rows";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { childReferenceErrors, childRows, replaceChildRows } from "@/lib/platform/child-rows";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import type { FieldErrors } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns, referenceFilter, type ListFilter } from "@/lib/platform/list";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { flag, requiredId } from "@/lib/platform/schemas";

/** Messages of this module's rules (the spec shows no master franchisee screen: not spec texts). */
export const MASTER_FRANCHISEE_MESSAGES = {
  userInvalid: "The selected user is invalid.",
  userTaken: "This user is already a master franchisee.",
  zoneInvalid: "The selected zone is invalid.",
} as const;

/** A zone list: at least one ZONES row, each once (errors at `zone_ids.{index}`). */
const zoneIds = childRows(requiredId("zone"), { label: "zones", min: 1, max: 200, distinct: true });

/**
 * The master franchisee form (decision: spec 002 shows the routes only): the user (role or position MASTER
 * FRANCHISEE, of the acting company) and the zones they oversee; Is Active on edit. Their zones are what
 * ctx.zoneIds reads, so they narrow everything that user sees in the franchise network.
 */
export const masterFranchiseeCreateSchema = z.object({
  user_id: requiredId("user"),
  zone_ids: zoneIds,
  is_active: flag.default(1),
});

/** users.user_name may be empty on old rows: the first and last names then stand in. */
const displayName = sql<string>`coalesce(nullif(${users.user_name}, ''), trim(${users.first_name} || ' ' || ${users.last_name}))`;

/** The record's zones, by description, comma-separated (the list's Zones column and export). */
const zoneNames = sql<string>`(select string_agg(zl.description, ', ' order by zl.description)
  from ${masterFranchiseeZones} mz join ${valueLists} zl on zl.id = mz.zone_id
  where mz.master_franchisee_id = ${masterFranchisees.id})`;

/** zone_id: records overseeing that zone (an EXISTS on their zones). Plain ids from /api, opaque or plain from the portal. */
const zoneParam: ListFilter = {
  ...referenceFilter(masterFranchiseeZones.zone_id, "Zone"),
  where: (raw, param) => {
    const one = referenceFilter(masterFranchiseeZones.zone_id, "Zone").where(raw, param);
    return one
      ? sql`exists (select 1 from ${masterFranchiseeZones} where ${masterFranchiseeZones.master_franchisee_id} = ${masterFranchisees.id} and ${one})`
      : undefined;
  },
};

export const masterFranchiseesDef = defineEntity({
  name: "master_franchisees",
  noun: "Master Franchisee",
  href: "/master-franchisees",
  table: masterFranchisees,
  scope: companyScope(masterFranchisees),
  create: masterFranchiseeCreateSchema,
  // One live record per user within the company (the partial unique index backs it; a restore that would clash: 409).
  unique: [
    {
      columns: [masterFranchisees.user_id],
      field: "user_id",
      message: MASTER_FRANCHISEE_MESSAGES.userTaken,
      index: "master_franchisees_live_user_uq",
    },
  ],
  list: defineList({
    from: masterFranchisees,
    select: {
      id: masterFranchisees.id,
      user_id: masterFranchisees.user_id,
      user_name: displayName,
      email: users.email,
      phone: users.phone,
      zones: zoneNames,
      is_active: masterFranchisees.is_active,
    },
    joins: [{ table: users, on: eq(users.id, masterFranchisees.user_id), type: "inner" }],
    id: masterFranchisees.id,
    isActive: masterFranchisees.is_active,
    deletedAt: masterFranchisees.deleted_at,
    search: [users.first_name, users.last_name, users.user_name, users.email],
    filters: { zone_id: zoneParam },
    sort: { user_name: users.first_name, email: users.email, created_at: masterFranchisees.created_at },
    // Newest first: master_franchisees_list_idx (company, id; live rows).
    export: [
      ...idAndStatusColumns(),
      { header: "User", field: "user_name" },
      { header: "Email", field: "email" },
      { header: "Phone", field: "phone" },
      { header: "Zones", field: "zones" },
    ],
  }),
  detail: async (db, row) => ({
    zone_ids: await zoneIdsOf(db, row.id),
    ...(await userOf(db, row.user_id)),
  }),
  auditDetail: async (db, row) => ({ zone_ids: await zoneIdsOf(db, row.id) }),
  detailSchema: {
    zone_ids: z.array(z.number()),
    user_name: z.string().nullable(),
    email: z.string().nullable(),
  },
});

async function zoneIdsOf(db: Executor, id: number): Promise<number[]> {
  const rows = await db
    .select({ z: masterFranchiseeZones.zone_id })
    .from(masterFranchiseeZones)
    .where(eq(masterFranchiseeZones.master_franchisee_id, id))
    .orderBy(asc(masterFranchiseeZones.zone_id));
  return rows.map((r) => r.z);
}

async function userOf(db: Executor, userId: number) {
  const [u] = await db
    .select({ user_name: displayName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { user_name: null, email: null };
}

// ---------------------------------------------------------------------------------------------------------------
// The user picker.

/**
 * Users who may be master franchisees of the acting company: live, active, belonging to it (home company or
 * membership: a master franchisee may oversee several companies), with role MASTER FRANCHISEE or the position of
 * that name (what the context reads as one).
 */
function pickable(companyId: number) {
  return and(
    isNull(users.deleted_at),
    eq(users.is_active, 1),
    or(
      eq(users.company_id, companyId),
      sql`exists (select 1 from ${userCompanies} uc where uc.user_id = ${users.id} and uc.company_id = ${companyId})`,
    ),
    or(
      eq(users.role_id, ROLE_IDS[ROLE.MASTER_FRANCHISEE]),
      sql`exists (select 1 from ${positions} p where p.id = ${users.position_id} and p.name = ${ROLE.MASTER_FRANCHISEE}
        and p.deleted_at is null and p.is_active = 1)`,
    ),
  );
}

/** The picker's users, by name. */
export async function masterFranchiseeUserOptions(ctx: Ctx): Promise<{ id: number; user_name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: users.id, user_name: displayName })
    .from(users)
    .where(pickable(requireCompany(ctx)))
    .orderBy(asc(displayName), asc(users.id));
}

/** GET masters?context=master_franchisees: the users the form offers and the company's zones. */
export async function masterFranchiseeMasters(
  ctx: Ctx,
): Promise<{ users: { id: number; user_name: string }[]; zones: MasterRow[] }> {
  return { users: await masterFranchiseeUserOptions(ctx), zones: await masterRows(ctx, ZONES_VALUE) };
}

/** The edit form's choices: those offered plus the record's own user and zones no longer offered. */
export async function masterFranchiseeMastersWith(ctx: Ctx, userId: number, zones: readonly number[]) {
  const m = await masterFranchiseeMasters(ctx);
  const db = await getDb();
  if (!m.users.some((u) => u.id === userId)) {
    const own = await userOf(db, userId);
    m.users.push({ id: userId, user_name: own.user_name ?? own.email ?? String(userId) });
  }
  const missing = zones.filter((id) => !m.zones.some((z0) => z0.id === id));
  if (missing.length)
    m.zones.push(
      ...(await db
        .select({ id: valueLists.id, description: valueLists.description })
        .from(valueLists)
        .where(and(inArray(valueLists.id, missing), eq(valueLists.company_id, requireCompany(ctx))))),
    );
  return m;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules.

async function checkUser(tx: Executor, ctx: Ctx, userId: number, errors: FieldErrors) {
  const [hit] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), pickable(requireCompany(ctx))))
    .limit(1);
  if (!hit) errors.user_id ??= MASTER_FRANCHISEE_MESSAGES.userInvalid;
}

/**
 * The zones' errors (`zone_ids.{index}`): each new zone must be a live, active row of the company's ZONES master;
 * zones the record already holds stay acceptable (deactivated since).
 */
async function checkZones(
  tx: Executor,
  ctx: Ctx,
  rows: number[],
  kept: readonly number[],
  errors: FieldErrors,
) {
  const companyId = requireCompany(ctx);
  Object.assign(
    errors,
    await childReferenceErrors(tx, {
      field: "zone_ids",
      rows: rows.map((id) => (kept.includes(id) ? null : id)),
      id: valueLists.id,
      where: and(
        eq(valueLists.company_id, companyId),
        isNull(valueLists.deleted_at),
        eq(valueLists.is_active, 1),
        sql`${valueLists.value_id} in (select ${values.id} from ${values} where ${values.company_id} = ${companyId}
          and ${values.name} = ${ZONES_VALUE} and ${values.deleted_at} is null)`,
      ),
      message: MASTER_FRANCHISEE_MESSAGES.zoneInvalid,
    }),
  );
}

const writeZones = (tx: Tx, id: number, rows: number[]) =>
  replaceChildRows(tx, {
    table: masterFranchiseeZones,
    parentColumn: masterFranchiseeZones.master_franchisee_id,
    parentId: id,
    rows,
    match: masterFranchiseeZones.zone_id,
    key: (z0) => z0,
    toValues: () => ({}),
    at: (i) => `zone_ids.${i}`,
  });

export const masterFranchiseesCrud = crudOf(masterFranchiseesDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { zone_ids, ...fields } = input;
    await checkUser(tx, ctx, fields.user_id, errors);
    await checkZones(tx, ctx, zone_ids, [], errors);
    const row = await insert(fields);
    await writeZones(tx, row.id, zone_ids);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { zone_ids, ...fields } = patch;
    if (fields.user_id !== undefined && fields.user_id !== before.user_id)
      await checkUser(tx, ctx, fields.user_id, errors);
    if (zone_ids !== undefined) {
      await checkZones(tx, ctx, zone_ids, await zoneIdsOf(tx, before.id), errors);
      if (!Object.keys(errors).length) await writeZones(tx, before.id, zone_ids);
    }
    return write(fields);
  },
});
export const masterFranchiseeActions = entityActions(masterFranchiseesCrud);
