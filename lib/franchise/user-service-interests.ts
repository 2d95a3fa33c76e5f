import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { services, userServiceInterests, users } from "@/db/schema";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import type { FieldErrors } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { flag, optionalId, requiredId } from "@/lib/platform/schemas";

export const INTEREST_MESSAGES = {
  service: "The selected service is invalid.",
  user: "The selected user is invalid.",
  ownOnly: "You may register only your own interest.",
  taken: "This user is already interested in this service.",
} as const;

/**
 * POST user_service_interests (the app's user, role USER, holding user_service_interests.create): an interest of the
 * caller in a service of the company. A caller who may update interests (an admin) may name another user of the
 * company in user_id (decision).
 */
export const interestCreateSchema = z.object({
  service_id: requiredId("service"),
  user_id: optionalId("user").describe(
    "Default: the caller. Another user only for a caller who may update interests.",
  ),
  is_active: flag.default(1),
});

/**
 * PATCH user_service_interests/{id}: the service and the active flag (decision: an interest stays its user's, so
 * user_id is not taken).
 */
export const interestUpdateSchema = z.object({
  service_id: requiredId("service").optional(),
  is_active: flag.optional(),
});

const userName = sql<string>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.email})`;

/**
 * Which users are interested in which service (spec 002 §2 Service interests): keyword search over the user's name
 * and the service's name; delete on the screen, no trash view there (the /api keeps restore).
 */
export const userServiceInterestsDef = defineEntity({
  name: "user_service_interests",
  noun: "Service Interest",
  href: "/user-service-interests",
  table: userServiceInterests,
  scope: companyScope(userServiceInterests),
  create: interestCreateSchema,
  update: interestUpdateSchema,
  unique: [
    {
      columns: [userServiceInterests.user_id, userServiceInterests.service_id],
      field: "service_id",
      message: INTEREST_MESSAGES.taken,
      index: "user_service_interests_live_uq",
    },
  ],
  // Spec 002 §8.
  messages: {
    deleted: "Service request deleted successfully.",
    restored: "Service request restored successfully.",
  },
  list: defineList({
    from: userServiceInterests,
    select: {
      id: userServiceInterests.id,
      user_id: userServiceInterests.user_id,
      user_name: userName,
      service_id: userServiceInterests.service_id,
      service_name: services.name,
      is_active: userServiceInterests.is_active,
    },
    joins: [
      { table: users, on: eq(users.id, userServiceInterests.user_id), type: "inner" },
      { table: services, on: eq(services.id, userServiceInterests.service_id), type: "inner" },
    ],
    id: userServiceInterests.id,
    isActive: userServiceInterests.is_active,
    deletedAt: userServiceInterests.deleted_at,
    search: [users.user_name, users.first_name, users.last_name, services.name],
    export: [
      ...idAndStatusColumns(),
      { header: "User", field: "user_name" },
      { header: "Service", field: "service_name" },
    ],
  }),
});

/** A live, active service of the acting company. */
async function checkService(tx: Executor, ctx: Ctx, id: number, errors: FieldErrors) {
  const [hit] = await tx
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.id, id),
        eq(services.company_id, requireCompany(ctx)),
        isNull(services.deleted_at),
        eq(services.is_active, 1),
      ),
    )
    .limit(1);
  if (!hit) errors.service_id ??= INTEREST_MESSAGES.service;
}

/** A live user of the acting company. */
async function checkUser(tx: Executor, ctx: Ctx, id: number, errors: FieldErrors) {
  const [hit] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.company_id, requireCompany(ctx)), isNull(users.deleted_at)))
    .limit(1);
  if (!hit) errors.user_id ??= INTEREST_MESSAGES.user;
}

export const userServiceInterestsCrud = crudOf(userServiceInterestsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const named = input.user_id != null && input.user_id !== ctx.userId;
    if (named && !can(ctx, "user_service_interests.update")) errors.user_id = INTEREST_MESSAGES.ownOnly;
    else if (named) await checkUser(tx, ctx, input.user_id!, errors);
    await checkService(tx, ctx, input.service_id, errors);
    return insert({ ...input, user_id: input.user_id ?? ctx.userId });
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    if (patch.service_id != null && patch.service_id !== before.service_id)
      await checkService(tx, ctx, patch.service_id, errors);
    return write(patch);
  },
});
export const userServiceInterestActions = entityActions(userServiceInterestsCrud);

/**
 * The spec's `user.user_name` (002 §3) on /api answers of interests: `user: { id, user_name }` beside user_id. One
 * lookup for a page, within the acting company.
 */
export async function withInterestUser(ctx: Ctx, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((v): v is number => typeof v === "number"))];
  const found = ids.length
    ? await (
        await getDb()
      )
        .select({ id: users.id, user_name: userName })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.company_id, requireCompany(ctx))))
    : [];
  const names = new Map(found.map((u) => [u.id, u.user_name]));
  return rows.map((r) => {
    const id = typeof r.user_id === "number" ? r.user_id : null;
    return { ...r, user: id == null ? null : { id, user_name: names.get(id) ?? null } };
  });
}

export const interestUserShape = {
  user: z
    .object({ id: z.number().int(), user_name: z.string().nullable() })
    .nullable()
    .describe("The interested user (spec 002 §3: user.user_name)."),
};
