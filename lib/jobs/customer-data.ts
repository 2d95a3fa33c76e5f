import "server-only";
import { and, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  positions,
  states,
  userAddresses,
  userMonthlyJobRequestPets,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
} from "@/db/schema";
import { checkMasterRow } from "@/lib/franchise/master-rows";
import { checkState } from "@/lib/operations/states";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import {
  crudOf,
  defineEntity,
  patchOf,
  restoreOf,
  softDeleteOf,
  zoneFilter,
  type Scope,
} from "@/lib/platform/entity";
import { AppError, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { imageFile } from "@/lib/platform/files";
import { encodeId } from "@/lib/platform/ids";
import { defineList, referenceFilter } from "@/lib/platform/list";
import { toActionResult } from "@/lib/platform/mutations";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import {
  blankToNull,
  optionalDate,
  optionalId,
  optionalPhone,
  optionalText,
  requiredText,
} from "@/lib/platform/schemas";
import { MONTH_NAMES } from "@/lib/format";
import { indiaNow, userNameOf } from "./common";
import { VERSION_FIELD } from "@/lib/platform/write-fields";

// Customers' pets and addresses (issue 22): the customer app's own (role USER with the CUSTOMER position), and the
// back office's for the customers in its scope (the customer page; customers who phone in).

/** The master value whose rows are a pet's breed. */
export const BREEDS_VALUE = "BREEDS";

export const CUSTOMER_DATA_MESSAGES = {
  breed: "The selected breed is invalid.",
  userRequired: "The user field is required.",
  futureBirth: "The date of birth cannot be in the future.",
  oldBirth: "The date of birth may not be more than 30 years ago.",
  gender: "The gender must be MALE or FEMALE.",
  pinCode: "The pin code must be 6 digits.",
  keepDefault: "Make another address the default instead.",
  onlyCustomers: "Only customers can add pets and addresses.",
  inUse: (what: "pet" | "address", r: { id: number; month: number; year: number }) =>
    `This ${what} is in use by monthly job request #${r.id} (${MONTH_NAMES[r.month - 1]} ${r.year}): ` +
    `it can be deleted once that request is deleted, rejected or over.`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Whose pets and addresses a caller reaches.

/**
 * The customers (by `userCol`, a user id column or expression) a caller reaches: an app user (role USER) only
 * themselves; a MASTER FRANCHISEE those with a live (not deleted) monthly request in their zones; a franchisee's
 * admin (any caller with a franchisee) those with a live request of their franchisee; the company's admins every
 * customer of the company (undefined: no narrowing). As lib/jobs/monthly-requests.ts customersInScope decides for
 * a MASTER FRANCHISEE, narrowed further for a franchisee's admin (their franchisee's customers, issue 22).
 */
export function customerReach(ctx: Ctx, userCol: AnyPgColumn | SQL): SQL | undefined {
  if (ctx.roleName === ROLE.USER) return sql`${userCol} = ${ctx.userId}`;
  const r = userMonthlyJobRequests;
  if (ctx.zoneIds != null)
    return sql`exists (select 1 from ${r} where ${r.user_id} = ${userCol} and ${r.deleted_at} is null
      and ${zoneFilter(ctx, r.zone_id)})`;
  if (ctx.franchiseeId != null)
    return sql`exists (select 1 from ${r} where ${r.user_id} = ${userCol} and ${r.deleted_at} is null
      and ${r.franchisee_id} = ${ctx.franchiseeId})`;
  return undefined;
}

/** A customer's rows (pets, addresses) within the acting company, as far as the caller reaches (customerReach). */
const customerDataScope = (t: { company_id: AnyPgColumn; user_id: AnyPgColumn }): Scope => ({
  kind: "franchisee",
  where: (ctx) => and(eq(t.company_id, requireCompany(ctx)), customerReach(ctx, t.user_id)),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  // An app user's rows are always their own; staff name the customer (user_id, checked by customerFor).
  stamp: (ctx) => ({
    company_id: requireCompany(ctx),
    ...(ctx.roleName === ROLE.USER ? { user_id: ctx.userId } : {}),
  }),
});

/**
 * Whether a user is a customer: live, role USER, no franchisee's staff, with the CUSTOMER position; and active, unless
 * `activeOnly` is false (the back office still opens a deactivated customer's page, which the users list links to).
 */
const isCustomer = (companyId: number, activeOnly = true) =>
  and(
    eq(users.company_id, companyId),
    eq(users.role_id, ROLE_IDS[ROLE.USER]),
    isNull(users.franchisee_id),
    isNull(users.deleted_at),
    activeOnly ? eq(users.is_active, 1) : undefined,
    sql`exists (select 1 from ${positions} where ${positions.id} = ${users.position_id}
      and upper(${positions.name}) = ${POSITION.CUSTOMER})`,
  );

/**
 * The customer a new pet or address is for. An app user: themselves, and only a customer (a walker or an applicant
 * has no pets or addresses to keep: 403). Staff: `user_id` is required (422), and must be a customer they reach
 * (customerReach), else 404 like a missing one.
 */
export async function customerFor(db: Executor, ctx: Ctx, userId: number | null): Promise<number> {
  const companyId = requireCompany(ctx);
  if (ctx.roleName === ROLE.USER) {
    const [me] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, ctx.userId), isCustomer(companyId)))
      .limit(1);
    if (!me) throw new AppError(403, CUSTOMER_DATA_MESSAGES.onlyCustomers);
    return ctx.userId;
  }
  if (userId == null) throw invalid({ user_id: CUSTOMER_DATA_MESSAGES.userRequired });
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isCustomer(companyId), customerReach(ctx, users.id)))
    .limit(1);
  if (!hit) throw notFound();
  return userId;
}

/** Whether a customer (by id) is one the caller reaches (the customer page's gate). */
export async function customerInReach(db: Executor, ctx: Ctx, userId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isCustomer(requireCompany(ctx), false), customerReach(ctx, users.id)))
    .limit(1);
  return hit != null;
}

/**
 * A live monthly request holding a pet or an address: not deleted, neither rejected by the franchisee nor by the
 * admin, and not over (its end date is today or later, India's day). A finished or refused request holds nothing.
 */
async function liveRequestHolding(
  tx: Executor,
  o: { petId?: number; addressId?: number },
): Promise<{ id: number; month: number; year: number } | null> {
  const r = userMonthlyJobRequests;
  const [hit] = await tx
    .select({ id: r.id, month: r.month, year: r.year })
    .from(r)
    .where(
      and(
        isNull(r.deleted_at),
        ne(r.status, 2),
        ne(r.franchisee_approval_status, 2),
        sql`${r.end_date} >= ${indiaNow().date}`,
        o.addressId != null ? eq(r.user_address_id, o.addressId) : undefined,
        o.petId != null
          ? sql`exists (select 1 from ${userMonthlyJobRequestPets} where ${userMonthlyJobRequestPets.user_monthly_job_request_id} = ${r.id} and ${userMonthlyJobRequestPets.user_pet_id} = ${o.petId})`
          : undefined,
      ),
    )
    .orderBy(r.id)
    .limit(1);
  return hit ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Pets.

const number = (
  label: string,
  min: number,
  max: number,
  o: { int?: boolean; exclusiveMin?: boolean } = {},
) => {
  const msg = o.int
    ? `The ${label} must be a whole number from ${min} to ${max}.`
    : `The ${label} must be a number ${o.exclusiveMin ? "greater than" : "from"} ${min}${o.exclusiveMin ? " and at most" : " to"} ${max}.`;
  let n = z.coerce.number({ error: msg }).refine(Number.isFinite, msg);
  if (o.int) n = n.refine(Number.isInteger, msg);
  n = n.refine((v) => (o.exclusiveMin ? v > min : v >= min) && v <= max, msg);
  return z.preprocess(blankToNull, n.nullable()).optional();
};

const gender = z
  .preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(["MALE", "FEMALE"], { error: CUSTOMER_DATA_MESSAGES.gender }).nullable(),
  )
  .optional();

/** A pet's fields (spec 002 §3 user_pet: name, breed, weight, age; issue 22: date of birth, gender, notes, photo). */
const petFields = {
  name: requiredText("name", 100),
  breed_id: optionalId("breed"),
  weight: number("weight", 0, 150, { exclusiveMin: true }).describe(
    "Kilograms, more than 0 and at most 150.",
  ),
  age: number("age", 0, 30, { int: true }).describe("Years; derived from date_of_birth when that is given."),
  date_of_birth: optionalDate("date of birth").describe("YYYY-MM-DD, not in the future."),
  gender,
  temperament: optionalText("temperament", 500),
  medical_notes: optionalText("medical notes", 1000),
  vet_phone: optionalPhone("vet phone"),
};

export const petCreateSchema = z.object({
  ...petFields,
  user_id: optionalId("user").describe("The customer (staff only; an app user's pets are always their own)."),
});
const petUpdateSchema = patchOf(z.object(petFields));

/** Whole years from `dob` to India's today. */
export function ageOn(dob: string, today = indiaNow().date): number {
  const [y, m, d] = dob.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** The breed, date of birth and age of a save, checked into `errors`; the values to write (age derived from dob). */
async function petRules(
  tx: Executor,
  ctx: Ctx,
  v: { breed_id?: number | null; date_of_birth?: string | null; age?: number | null },
  errors: FieldErrors,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (v.breed_id != null && !(await checkMasterRow(tx, ctx, BREEDS_VALUE, v.breed_id)))
    errors.breed_id = CUSTOMER_DATA_MESSAGES.breed;
  if (v.date_of_birth != null) {
    const today = indiaNow().date;
    if (v.date_of_birth > today) errors.date_of_birth = CUSTOMER_DATA_MESSAGES.futureBirth;
    else if (ageOn(v.date_of_birth, today) > 30) errors.date_of_birth = CUSTOMER_DATA_MESSAGES.oldBirth;
    else out.age = ageOn(v.date_of_birth, today);
  } else if (v.age !== undefined && v.date_of_birth === undefined) {
    // An age sent alone replaces a date of birth the pet had (the age is then what the customer says).
    out.date_of_birth = null;
  }
  return out;
}

const petOwner = alias(users, "pet_owner");
const breed = alias(valueLists, "pet_breed");
/** India's today in SQL (an age derived from a date of birth stays true as time passes). */
const indiaToday = sql`(now() at time zone 'Asia/Kolkata')::date`;
/** The URL of a stored file in SQL, as fileUrl makes it (stored keys need no escaping: lib/platform/storage.ts). */
const fileUrlSql = (c: AnyPgColumn) =>
  sql<string | null>`case when ${c} is null then null else '/api/files/' || ${c} end`;
const petAge = sql<
  number | null
>`case when ${userPets.date_of_birth} is not null then date_part('year', age(${indiaToday}, ${userPets.date_of_birth}))::int else ${userPets.age} end`;

/**
 * Customers' pets (spec 002 §3 user_pet; issue 22): an app user's own (a customer's), the back office's for the
 * customers it reaches (customerReach). Another's answers 404. The photo is a stored image, re-encoded.
 */
export const userPetsDef = defineEntity({
  name: "user_pets",
  noun: "Pet",
  table: userPets,
  scope: customerDataScope(userPets),
  create: petCreateSchema,
  update: petUpdateSchema,
  files: { photo_path: imageFile },
  detail: async (db, row) => {
    const [b] =
      row.breed_id == null
        ? []
        : await db
            .select({ id: valueLists.id, description: valueLists.description })
            .from(valueLists)
            .where(eq(valueLists.id, row.breed_id));
    return {
      breed: b ?? null,
      age: row.date_of_birth ? ageOn(row.date_of_birth) : row.age,
      photo_url: fileUrl(row.photo_path),
    };
  },
  detailSchema: {
    breed: z.object({ id: z.number(), description: z.string() }).nullable(),
    age: z.number().int().nullable().describe("Years (derived from date_of_birth when it is known)."),
    photo_url: z
      .string()
      .nullable()
      .describe("The photo, served through /api/files to whoever may see the pet."),
  },
  list: defineList({
    from: userPets,
    select: {
      id: userPets.id,
      user_id: userPets.user_id,
      user_name: userNameOf(petOwner),
      name: userPets.name,
      breed_id: userPets.breed_id,
      breed_name: breed.description,
      weight: userPets.weight,
      age: petAge,
      date_of_birth: userPets.date_of_birth,
      gender: userPets.gender,
      temperament: userPets.temperament,
      medical_notes: userPets.medical_notes,
      vet_phone: userPets.vet_phone,
      photo_path: userPets.photo_path,
      photo_url: fileUrlSql(userPets.photo_path),
      is_active: userPets.is_active,
      created_at: userPets.created_at,
    },
    joins: [
      { table: petOwner, on: eq(petOwner.id, userPets.user_id) },
      { table: breed, on: eq(breed.id, userPets.breed_id) },
    ],
    id: userPets.id,
    isActive: userPets.is_active,
    deletedAt: userPets.deleted_at,
    search: [userPets.name],
    filters: { user_id: referenceFilter(userPets.user_id, "Customer") },
    sort: { name: userPets.name, created_at: userPets.created_at },
    defaultSort: "name",
  }),
});

async function refuseWhileHeld(tx: Tx, what: "pet" | "address", id: number) {
  const r = await liveRequestHolding(tx, what === "pet" ? { petId: id } : { addressId: id });
  if (r) throw new AppError(409, CUSTOMER_DATA_MESSAGES.inUse(what, r));
}

export const userPetsCrud = crudOf(userPetsDef, {
  create: async ({ ctx, tx, input, insert, errors }) => {
    const { user_id, ...fields } = input;
    const owner = await customerFor(tx, ctx, user_id);
    const derived = await petRules(tx, ctx, fields, errors);
    return insert({ ...fields, ...derived, user_id: owner });
  },
  update: async ({ ctx, tx, patch, write, errors }) => {
    const derived = await petRules(tx, ctx, patch, errors);
    return write({ ...patch, ...derived });
  },
  guard: ({ tx, row }) => refuseWhileHeld(tx, "pet", row.id),
});

// ---------------------------------------------------------------------------------------------------------------
// Addresses.

const addressFields = {
  address: requiredText("address", 500),
  latitude: number("latitude", -90, 90),
  longitude: number("longitude", -180, 180),
  state_id: optionalId("state").describe("The state whose holidays mark the walks at this address."),
  pin_code: z
    .preprocess(
      (v) => (v === "" || v === undefined ? null : typeof v === "number" ? String(v) : v),
      z
        .string({ error: CUSTOMER_DATA_MESSAGES.pinCode })
        .trim()
        .regex(/^[1-9][0-9]{5}$/, CUSTOMER_DATA_MESSAGES.pinCode)
        .nullable(),
    )
    .optional(),
  is_default: z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false", "on"])], {
      error: "The is default field must be true or false.",
    })
    .transform((v) => v === true || v === 1 || v === "1" || v === "true" || v === "on")
    .optional()
    .describe("The address the apps offer first; the customer's first address is the default."),
};

export const addressCreateSchema = z.object({
  ...addressFields,
  // The spec's names (002 §3 user_address: lat, long) are accepted too.
  lat: number("latitude", -90, 90).describe("The spec's name of latitude."),
  long: number("longitude", -180, 180).describe("The spec's name of longitude."),
  user_id: optionalId("user").describe(
    "The customer (staff only; an app user's addresses are always their own).",
  ),
});
const addressUpdateSchema = patchOf(addressCreateSchema.omit({ user_id: true }));

/** The spec's lat/long folded into latitude/longitude (latitude and longitude win when both are sent). */
function coordinates<
  V extends {
    lat?: number | null;
    long?: number | null;
    latitude?: number | null;
    longitude?: number | null;
  },
>(v: V): Omit<V, "lat" | "long"> {
  const { lat, long, ...rest } = v;
  const out = { ...rest } as Omit<V, "lat" | "long"> & {
    latitude?: number | null;
    longitude?: number | null;
  };
  if (out.latitude === undefined && lat !== undefined) out.latitude = lat;
  if (out.longitude === undefined && long !== undefined) out.longitude = long;
  return out;
}

/** Locks the customer's row: their addresses' default changes one save at a time. */
async function lockCustomer(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/** Locks the customer and clears their live default but `keep`. */
async function clearDefault(tx: Tx, userId: number, keep?: number) {
  await lockCustomer(tx, userId);
  await tx
    .update(userAddresses)
    .set({ is_default: false })
    .where(
      and(
        eq(userAddresses.user_id, userId),
        eq(userAddresses.is_default, true),
        isNull(userAddresses.deleted_at),
        keep != null ? ne(userAddresses.id, keep) : undefined,
      ),
    );
}

async function liveDefault(tx: Executor, userId: number, except?: number) {
  const [d] = await tx
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(
      and(
        eq(userAddresses.user_id, userId),
        eq(userAddresses.is_default, true),
        isNull(userAddresses.deleted_at),
        except != null ? ne(userAddresses.id, except) : undefined,
      ),
    )
    .limit(1);
  return d?.id ?? null;
}

async function checkAddressState(tx: Executor, v: { state_id?: number | null }, errors: FieldErrors) {
  if (v.state_id != null) await checkState(tx, v.state_id, errors, "state_id");
}

const addressOwner = alias(users, "address_owner");

/**
 * Customers' addresses (spec 002 §3 user_address; issue 22): where walks start, whose state's holidays apply, and the
 * default the apps offer first (one live default per customer: making one default clears the other in the same
 * transaction; the first address is the default; deleting the default makes the newest other one the default).
 */
export const userAddressesDef = defineEntity({
  name: "user_addresses",
  noun: "Address",
  plural: "Addresses",
  table: userAddresses,
  scope: customerDataScope(userAddresses),
  create: addressCreateSchema,
  update: addressUpdateSchema,
  detail: async (db, row) => {
    const [s] =
      row.state_id == null
        ? []
        : await db
            .select({ id: states.id, description: states.description })
            .from(states)
            .where(eq(states.id, row.state_id));
    return { lat: row.latitude, long: row.longitude, state: s ?? null };
  },
  detailSchema: {
    lat: z.number().nullable().describe("The spec's name of latitude."),
    long: z.number().nullable().describe("The spec's name of longitude."),
    state: z.object({ id: z.number(), description: z.string() }).nullable(),
  },
  list: defineList({
    from: userAddresses,
    select: {
      id: userAddresses.id,
      user_id: userAddresses.user_id,
      user_name: userNameOf(addressOwner),
      address: userAddresses.address,
      latitude: userAddresses.latitude,
      longitude: userAddresses.longitude,
      lat: userAddresses.latitude,
      long: userAddresses.longitude,
      state_id: userAddresses.state_id,
      state_name: states.description,
      pin_code: userAddresses.pin_code,
      is_default: userAddresses.is_default,
      is_active: userAddresses.is_active,
      created_at: userAddresses.created_at,
    },
    joins: [
      { table: addressOwner, on: eq(addressOwner.id, userAddresses.user_id) },
      { table: states, on: eq(states.id, userAddresses.state_id) },
    ],
    id: userAddresses.id,
    isActive: userAddresses.is_active,
    deletedAt: userAddresses.deleted_at,
    search: [userAddresses.address, userAddresses.pin_code],
    filters: { user_id: referenceFilter(userAddresses.user_id, "Customer") },
    sort: {
      address: userAddresses.address,
      created_at: userAddresses.created_at,
      is_default: userAddresses.is_default,
    },
    defaultSort: "address",
  }),
});

const addressCrud = crudOf(userAddressesDef, {
  create: async ({ ctx, tx, input, insert, errors }) => {
    const { user_id, ...fields } = coordinates(input);
    const owner = await customerFor(tx, ctx, user_id);
    await checkAddressState(tx, fields, errors);
    if (Object.keys(errors).length) throw invalid(errors);
    // The customer's first live address is the default; a new default clears the old one first (unique index).
    await lockCustomer(tx, owner);
    const current = await liveDefault(tx, owner);
    const isDefault = fields.is_default === true || current == null;
    if (isDefault && current != null) await clearDefault(tx, owner);
    return insert({ ...fields, is_default: isDefault, user_id: owner });
  },
  update: async ({ tx, before, patch, write, errors }) => {
    const fields = coordinates(patch);
    await checkAddressState(tx, fields, errors);
    if (fields.is_default === false && before.is_default)
      errors.is_default = CUSTOMER_DATA_MESSAGES.keepDefault;
    if (Object.keys(errors).length) throw invalid(errors);
    if (fields.is_default === true && !before.is_default) await clearDefault(tx, before.user_id, before.id);
    return write(fields);
  },
});

/** The newest other live address of the customer becomes the default when the default goes. */
async function promoteDefault(tx: Tx, userId: number) {
  if ((await liveDefault(tx, userId)) != null) return;
  const [next] = await tx
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(and(eq(userAddresses.user_id, userId), isNull(userAddresses.deleted_at)))
    .orderBy(desc(userAddresses.id))
    .limit(1);
  if (next) await tx.update(userAddresses).set({ is_default: true }).where(eq(userAddresses.id, next.id));
}

export const userAddressesCrud = {
  ...addressCrud,
  delete: softDeleteOf(userAddressesDef, {
    guard: async ({ tx, row }) => {
      await refuseWhileHeld(tx, "address", row.id);
      await lockCustomer(tx, row.user_id);
    },
    after: async ({ tx, row }) => {
      if (!row.is_default) return;
      await tx.update(userAddresses).set({ is_default: false }).where(eq(userAddresses.id, row.id));
      await promoteDefault(tx, row.user_id);
    },
  }),
  // A restored address is the default only when the customer has none (their only address).
  restore: restoreOf(userAddressesDef, {
    guard: async ({ tx, row }) => {
      await lockCustomer(tx, row.user_id);
      if (row.is_default)
        await tx.update(userAddresses).set({ is_default: false }).where(eq(userAddresses.id, row.id));
    },
    after: async ({ tx, row }) => promoteDefault(tx, row.user_id),
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Who else reads a pet's photo.

/**
 * Besides whoever may view the pet (its owner, the back office in reach): the walkers of its walks (a live walk of a
 * live daily plan for that pet, assigned to the caller), who need to recognise the dog.
 */
export async function walkerSeesPet(ctx: Ctx, petId: number): Promise<boolean> {
  if (ctx.roleName !== ROLE.USER || ctx.companyId == null) return false;
  const db = await getDb();
  const [hit] = await db
    .select({ id: dailyJobPlanWalks.id })
    .from(dailyJobPlanWalks)
    .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, dailyJobPlanWalks.daily_job_plan_id))
    .where(
      and(
        eq(dailyJobPlanWalks.company_id, ctx.companyId),
        eq(dailyJobPlanWalks.walker_id, ctx.userId),
        isNull(dailyJobPlanWalks.deleted_at),
        isNull(dailyJobPlans.deleted_at),
        or(eq(dailyJobPlans.user_pet_id, petId), eq(dailyJobPlans.user_pet_2_id, petId)),
      ),
    )
    .limit(1);
  return hit != null;
}

// ---------------------------------------------------------------------------------------------------------------
// The customer page's server actions: staff add or correct a pet or an address of the customer on the page.

// The browser session loads when an action runs (as lib/platform/entity-actions.ts), not when this module loads.
const session = () => import("@/lib/platform/session");

/**
 * Saves a pet (`kind` "pet") or an address of the customer whose page it is: a new one for that customer, or the
 * customer's own record `recordId` corrected (another customer's record answers 404). Ids are opaque.
 */
async function saveForCustomer(
  kind: "pet" | "address",
  customerOpaqueId: string,
  recordOpaqueId: string | null,
  values: unknown,
) {
  return toActionResult(async () => {
    const s = await session();
    const ctx = await s.actionContext();
    const customerId = s.actionId(customerOpaqueId);
    const crud = kind === "pet" ? userPetsCrud : userAddressesCrud;
    const fields = values && typeof values === "object" ? (values as Record<string, unknown>) : {};
    if (recordOpaqueId == null) {
      const row = await crud.create(ctx, { ...fields, user_id: customerId });
      return { id: encodeId(row.id) };
    }
    const id = s.actionId(recordOpaqueId);
    const current = await crud.get(ctx, id);
    if (current.user_id !== customerId) throw notFound();
    // The version the dialog was opened on: a save over a change made since is refused (409 naming who and when).
    const { user_id: _ignored, [VERSION_FIELD]: version, ...patch } = fields;
    void _ignored;
    const row = await crud.update(
      ctx,
      { ...patch, id },
      { version: typeof version === "string" && version ? [version] : null },
    );
    return { id: encodeId(row.id) };
  });
}

export const customerDataActions = {
  savePet: (customerId: string, petId: string | null, values: unknown) =>
    saveForCustomer("pet", customerId, petId, values),
  saveAddress: (customerId: string, addressId: string | null, values: unknown) =>
    saveForCustomer("address", customerId, addressId, values),
};
