import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { services, userServiceInterests, users, valueLists, values } from "@/db/schema";
import { SERVICE_TYPES_VALUE } from "@/lib/operations/master-names";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import type { FieldErrors } from "@/lib/platform/errors";
import {
  defineList,
  idAndStatusColumns,
  parseListQuery,
  runListQuery,
  type ListQuery,
  type RawParams,
} from "@/lib/platform/list";
import { blankToNull, flag, optionalText, requiredId, requiredText } from "@/lib/platform/schemas";

/** Limits of the service form (decisions: the spec shows none). */
export const SERVICE_LIMITS = { maxPetAge: 30, maxDistanceKm: 99_999.99 } as const;

export const SERVICE_MESSAGES = {
  endAfterStart: "The end time must be after the start time.",
  maxAgeAtLeastMin: "The maximum pet age must be at least the minimum pet age.",
  serviceType: "The selected service type is invalid.",
} as const;

/** A time of day, HH:MM or HH:MM:SS (the form's time input sends HH:MM); blank → null. */
const optionalTime = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `The ${label} must be a time like 09:30.`)
      .nullable(),
  );

/** Kilometres, 0 or more with at most 2 decimals; blank → null. */
const distanceKm = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: "The maximum distance must be a number." })
    .min(0, "The maximum distance may not be negative.")
    .max(SERVICE_LIMITS.maxDistanceKm, `The maximum distance may not be greater than 99999.99 km.`)
    .refine((n) => Number(n.toFixed(2)) === n, "The maximum distance may have at most 2 decimals.")
    .nullable(),
);

/** A pet age in whole years, 0 to 30; blank → null. */
const petAge = (label: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .int(`The ${label} must be a whole number of years.`)
      .min(0, `The ${label} may not be negative.`)
      .max(
        SERVICE_LIMITS.maxPetAge,
        `The ${label} may not be greater than ${SERVICE_LIMITS.maxPetAge} years.`,
      )
      .nullable(),
  );

const serviceFields = {
  name: requiredText("name", 200),
  brand: optionalText("brand", 200),
  start_time: optionalTime("start time"),
  end_time: optionalTime("end time"),
  max_distance_km: distanceKm,
  min_pet_age: petAge("minimum pet age"),
  max_pet_age: petAge("maximum pet age"),
};

/**
 * The service form (spec 001 §3 and spec 002's service form): name, brand, service type (required on create),
 * start and end time, maximum distance, pet ages; Is Active on edit.
 */
export const serviceCreateSchema = z.object({
  ...serviceFields,
  service_type_id: requiredId("service type"),
  is_active: flag.default(1),
});

/**
 * The edit: every key optional (a PATCH writes what it sends). A service type sent must be a valid one: the edit
 * form always sends it, so a service keeps a type once it has one (decision: the spec marks it required on create
 * only; clearing it on edit would leave a service no app can classify).
 */
export const serviceUpdateSchema = z
  .object(serviceFields)
  .partial()
  .extend({ service_type_id: requiredId("service type").optional(), is_active: flag.optional() });

/** The company's "SERVICE TYPES" rows: live, active value-list rows of the live master of that name. */
function serviceTypeWhere(companyId: number) {
  return and(
    eq(valueLists.company_id, companyId),
    isNull(valueLists.deleted_at),
    eq(valueLists.is_active, 1),
    eq(values.name, SERVICE_TYPES_VALUE),
    isNull(values.deleted_at),
  );
}

/** GET masters?context=services: the service types the form offers, by description. */
export async function serviceMasters(
  ctx: Ctx,
): Promise<{ service_types: { id: number; description: string }[] }> {
  const db = await getDb();
  const service_types = await db
    .select({ id: valueLists.id, description: valueLists.description })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(serviceTypeWhere(requireCompany(ctx)))
    .orderBy(asc(valueLists.description), asc(valueLists.id));
  return { service_types };
}

/**
 * The service form's types when editing: those offered, plus the service's own type when it is no longer offered
 * (deactivated or deleted since), so the form shows it and a save that keeps it passes.
 */
export async function serviceMastersWith(ctx: Ctx, current: number | null) {
  const m = await serviceMasters(ctx);
  if (current == null || m.service_types.some((t) => t.id === current)) return m;
  const db = await getDb();
  const [own] = await db
    .select({ id: valueLists.id, description: valueLists.description })
    .from(valueLists)
    .where(and(eq(valueLists.id, current), eq(valueLists.company_id, requireCompany(ctx))));
  return own ? { service_types: [...m.service_types, own] } : m;
}

async function checkServiceType(tx: Executor, ctx: Ctx, id: number, errors: FieldErrors) {
  const [hit] = await tx
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(and(eq(valueLists.id, id), serviceTypeWhere(requireCompany(ctx))))
    .limit(1);
  if (!hit) errors.service_type_id ??= SERVICE_MESSAGES.serviceType;
}

/** "06:00" and "06:00:00" compare alike. */
const seconds = (t: string) => {
  const [h, m, s = "0"] = t.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

type Span = {
  start_time?: string | null;
  end_time?: string | null;
  min_pet_age?: number | null;
  max_pet_age?: number | null;
};

/** The record's own rules on the values it will hold: end after start, minimum age at most the maximum. */
function checkSpans(v: Span, errors: FieldErrors) {
  if (v.start_time && v.end_time && seconds(v.end_time) <= seconds(v.start_time))
    errors.end_time ??= SERVICE_MESSAGES.endAfterStart;
  if (v.min_pet_age != null && v.max_pet_age != null && v.min_pet_age > v.max_pet_age)
    errors.max_pet_age ??= SERVICE_MESSAGES.maxAgeAtLeastMin;
}

/** Services a company offers (spec 001 §2 Services). Live names are unique within the company. */
export const servicesDef = defineEntity({
  name: "services",
  noun: "Service",
  href: "/services",
  table: services,
  scope: companyScope(services),
  create: serviceCreateSchema,
  update: serviceUpdateSchema,
  uniqueName: { column: services.name, index: "services_live_name_uq" },
  list: defineList({
    from: services,
    select: {
      id: services.id,
      name: services.name,
      brand: services.brand,
      service_type_id: services.service_type_id,
      service_type: valueLists.description,
      is_active: services.is_active,
    },
    joins: [{ table: valueLists, on: eq(valueLists.id, services.service_type_id) }],
    id: services.id,
    isActive: services.is_active,
    deletedAt: services.deleted_at,
    search: [services.name, services.brand],
    sort: { name: services.name, brand: services.brand, created_at: services.created_at },
    defaultSort: "name",
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Brand", field: "brand" },
      { header: "Service Type", field: "service_type" },
    ],
  }),
});

export const servicesCrud = crudOf(servicesDef, {
  async create({ ctx, tx, input, insert, errors }) {
    await checkServiceType(tx, ctx, input.service_type_id, errors);
    checkSpans(input, errors);
    return insert(input);
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    if (patch.service_type_id != null && patch.service_type_id !== before.service_type_id)
      await checkServiceType(tx, ctx, patch.service_type_id, errors);
    checkSpans({ ...before, ...patch } as Span, errors);
    return write(patch);
  },
});
export const serviceActions = entityActions(servicesCrud);

// ---------------------------------------------------------------------------------------------------------------
// The users interested in a service (/services/{id}/service-users, GET services/:id/service_users).

const userName = sql<string>`coalesce(nullif(${users.user_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`;

/** The interests of one service with their users: user name, email, phone; search; paging. */
export const serviceUsersList = defineList({
  from: userServiceInterests,
  select: {
    id: userServiceInterests.id,
    user_id: users.id,
    user_name: userName,
    email: users.email,
    phone: users.phone,
  },
  joins: [{ table: users, on: eq(users.id, userServiceInterests.user_id), type: "inner" }],
  id: userServiceInterests.id,
  // Live interests of live users (a deleted user is no longer interested in anything).
  where: and(isNull(userServiceInterests.deleted_at), isNull(users.deleted_at)),
  search: [users.first_name, users.last_name, users.user_name, users.email, users.phone],
  sort: { user_name: users.first_name, email: users.email, created_at: userServiceInterests.created_at },
  defaultSort: "-created_at",
});

/**
 * The users interested in a service of the acting company (permission services.view; another company's service,
 * or a deleted one, answers 404).
 */
export async function listServiceUsers(ctx: Ctx, serviceId: number, raw: RawParams, parsed?: ListQuery) {
  authorize(ctx, "services.view");
  await servicesCrud.get(ctx, serviceId);
  const q = parsed ?? parseListQuery(serviceUsersList, raw);
  return runListQuery(
    await getDb(),
    serviceUsersList,
    q,
    and(
      eq(userServiceInterests.company_id, requireCompany(ctx)),
      eq(userServiceInterests.service_id, serviceId),
    ),
  );
}
