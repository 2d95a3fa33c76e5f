import "server-only";
import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  franchisees,
  permissions,
  positionPermissions,
  positions,
  users,
  usersSearchText,
  type User,
} from "@/db/schema";
import { revokeAllApiTokens } from "@/lib/platform/api-tokens";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor, type Tx } from "@/lib/platform/db";
import {
  createOf,
  defineEntity,
  exportOf,
  getOf,
  listOf,
  restoreOf,
  softDeleteOf,
  updateOf,
  upsertOf,
  wrapBuilt,
  zoneFilter,
  type Scope,
} from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import {
  AppError,
  forbidden,
  invalid,
  rowRefused,
  zodFieldErrors,
  type FieldErrors,
} from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";
import {
  defineList,
  enumFilter,
  intFilter,
  rawParam,
  referenceFilter,
  type ListFilter,
  type RawParams,
  idAndStatusColumns,
} from "@/lib/platform/list";
import { writeAudit } from "@/lib/platform/mutations";
import { unusablePassword } from "@/lib/platform/passwords";
import { PLATFORM_ONLY, ROLE, ROLE_IDS, type Permission } from "@/lib/platform/permissions";
import { staffCareerLink } from "@/lib/franchise/career-requests";
import { ensureKycRows } from "@/lib/franchise/kyc-validity";
import { KYC_STATUS, userCreateSchema, userUpdateSchema, type UserCreateInput } from "./schema";
import { isStaffPosition, STAFF_POSITION_ONLY, staffPositionsOnly } from "./staff-positions";
import { nextUpdatedAt } from "@/lib/platform/versions";

export type { User };

/** Spec texts and the messages of this module's own checks (spec 000 §5, §8). */
export const USER_MESSAGES = {
  emailTaken: "The email has already been taken.",
  positionInvalid: "The selected position is invalid.",
  positionTooStrong: "You cannot give a position with permissions you do not hold yourself.",
  positionNotStaff: STAFF_POSITION_ONLY,
  franchiseeInvalid: "The selected franchisee is invalid.",
  franchiseeRequired: "The franchisee field is required.",
  uplineInvalid: "The selected upline user is invalid.",
  cannotDeleteSelf: "You cannot delete your own account.",
  deleted: "User deleted successfully.",
  restored: "User restored successfully.",
  created: "User created successfully.",
  updated: "User updated successfully.",
} as const;

const USER_ROLE_ID = ROLE_IDS[ROLE.USER];

/** The franchisee a FRANCHISEE ADMIN is confined to (403 when they have none); undefined for everyone else. */
function forcedFranchisee(ctx: Ctx): number | undefined {
  if (ctx.roleName !== ROLE.FRANCHISEE_ADMIN) return undefined;
  if (ctx.franchiseeId == null) throw forbidden();
  return ctx.franchiseeId;
}

/**
 * Which users the caller may see and change: role USER (customers and staff; the spec's client always sends
 * role_id=4, and admins of other roles are not managed through these screens) of the acting company, and for a
 * FRANCHISEE ADMIN only those of their own franchisee (none when they have none). Other roles with a franchisee
 * of their own are not narrowed, so the kernel's franchiseeScope does not fit. New users get role USER, the
 * acting company and, from a FRANCHISEE ADMIN, their franchisee.
 */
const usersScope: Scope = {
  kind: "franchisee",
  where: (ctx) => {
    const parts: SQL[] = [eq(users.company_id, requireCompany(ctx)), eq(users.role_id, USER_ROLE_ID)];
    if (ctx.roleName === ROLE.FRANCHISEE_ADMIN)
      parts.push(ctx.franchiseeId == null ? sql`false` : eq(users.franchisee_id, ctx.franchiseeId));
    // A MASTER FRANCHISEE: the staff of the franchisees of their zones (spec 002 §6), nobody else.
    const zones = zoneFilter(ctx, franchisees.zone_id);
    if (zones)
      parts.push(
        sql`${users.franchisee_id} in (select ${franchisees.id} from ${franchisees} where ${franchisees.company_id} = ${requireCompany(ctx)} and ${zones})`,
      );
    return and(...parts);
  },
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => {
    const forced = forcedFranchisee(ctx);
    return {
      company_id: requireCompany(ctx),
      role_id: USER_ROLE_ID,
      ...(forced != null ? { franchisee_id: forced } : {}),
    };
  },
};

/** users.user_name is varchar(300): three names of up to 100 characters and two spaces need 302, so it is cut there. */
const USER_NAME_MAX = 300;

export const fullName = (i: { first_name: string; middle_name?: string | null; last_name: string }) =>
  // Counted in code points, as PostgreSQL counts characters (a UTF-16 slice could split an emoji).
  Array.from([i.first_name, i.middle_name, i.last_name].filter(Boolean).join(" "))
    .slice(0, USER_NAME_MAX)
    .join("");

/** KYC status as the export writes it (an unknown code reads PENDING). */
const KYC_LABELS = { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" };
const KYC_OPTIONS = Object.entries(KYC_STATUS).map(([label, value]) => ({ value: String(value), label }));

/** staff=1: only users who belong to a franchisee (/franchisee-staffs and its export). No kernel kind tests "is set". */
const staffFilter: ListFilter = {
  label: "Staff",
  where: (raw, param) => (rawParam(raw, param) === "1" ? isNotNull(users.franchisee_id) : undefined),
  ui: (param) => ({ param, label: "Staff", kind: "select", options: [{ value: "1", label: "YES" }] }),
};

const upline = alias(users, "upline");

/** Customers and franchisee staff (spec 000 §2.9): role USER of the acting company. */
export const usersDef = defineEntity({
  name: "users",
  noun: "User",
  href: "/users",
  table: users,
  scope: usersScope,
  create: userCreateSchema,
  update: userUpdateSchema,
  hidden: ["password_hash", "session_version"],
  list: defineList({
    from: users,
    select: {
      id: users.id,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
      user_name: users.user_name,
      email: users.email,
      phone: users.phone,
      employee_code: users.employee_code,
      is_active: users.is_active,
      is_kyc_verified: users.is_kyc_verified,
      position_id: users.position_id,
      position_name: positions.name,
      franchisee_id: users.franchisee_id,
      franchisee_name: franchisees.name,
      upline_user_id: users.upline_user_id,
      upline_name: upline.user_name,
      created_at: users.created_at,
      deleted_at: users.deleted_at,
    },
    joins: [
      { table: positions, on: eq(positions.id, users.position_id) },
      { table: franchisees, on: eq(franchisees.id, users.franchisee_id) },
      { table: upline, on: eq(upline.id, users.upline_user_id) },
    ],
    id: users.id,
    isActive: users.is_active,
    deletedAt: users.deleted_at,
    // One expression the trigram index users_search_idx covers: name, email, phone, employee code.
    searchText: usersSearchText(users),
    filters: {
      position_id: referenceFilter(users.position_id, "Position", { multiple: true }),
      franchisee_id: referenceFilter(users.franchisee_id, "Franchisee"),
      is_kyc_verified: enumFilter(users.is_kyc_verified, "KYC Status", KYC_OPTIONS),
      upline_user_id: referenceFilter(users.upline_user_id, "Upline User"),
      role_id: intFilter(users.role_id, "Role"),
      staff: staffFilter,
    },
    sort: { name: users.first_name, email: users.email, created_at: users.created_at },
    export: [
      ...idAndStatusColumns(),
      { header: "First Name", field: "first_name" },
      { header: "Middle Name", field: "middle_name" },
      { header: "Last Name", field: "last_name" },
      { header: "Email", field: "email" },
      { header: "Phone", field: "phone" },
      { header: "Employee Code", field: "employee_code" },
      { header: "Position", field: "position_name" },
      { header: "Franchisee", field: "franchisee_name" },
      { header: "KYC Status", field: "is_kyc_verified", labels: KYC_LABELS, otherwise: "PENDING" },
      { header: "Created At", field: "created_at" },
    ],
  }),
  detail: async (db, row) => {
    const [names] = await db
      .select({ position_name: positions.name, franchisee_name: franchisees.name })
      .from(users)
      .leftJoin(positions, eq(positions.id, users.position_id))
      .leftJoin(franchisees, eq(franchisees.id, users.franchisee_id))
      .where(eq(users.id, row.id));
    return names ?? { position_name: null, franchisee_name: null };
  },
  // The history records the row alone (the names are read from their own records).
  auditDetail: async () => ({}),
  detailSchema: { position_name: z.string().nullable(), franchisee_name: z.string().nullable() },
});

/** The toolbar's filters: the spec's (status, position, franchisee, KYC); the others are for /api and the staff list. */
export const USER_TOOLBAR_FILTERS = ["is_active", "position_id", "franchisee_id", "is_kyc_verified"];

type RefInput = {
  email?: string;
  position_id?: number;
  franchisee_id?: number | null;
  upline_user_id?: number | null;
};

/**
 * Which of these addresses some user holds (lowercased): any company's, deleted ones included (users_email_uq
 * covers them all, since the email is the login). Through the database's own lookup, by that index: row-level
 * security hides the other companies' rows (db/migrations/0026_row_level_security.sql).
 */
export async function emailsTaken(db: Executor, emails: string[], limit?: number): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const list = sql.join(
    [...new Set(emails.map((e) => e.toLowerCase()))].map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = rowsOf<{ email: string }>(
    await db.execute(
      sql`select e as email from app_emails_taken(array[${list}]::text[]) e ${limit ? sql`limit ${limit}` : sql``}`,
    ),
  );
  return new Set(rows.map((r) => r.email));
}

/**
 * Checks what a user row points at, all within the acting company: email free (case-insensitive, any user of
 * any company, since it is the login), position live, a staff position from a FRANCHISEE ADMIN and granting no
 * more than the caller holds, franchisee live, upline a live user. `current` is the row being edited: its own email
 * and its unchanged references stay acceptable; keys left out are not checked (they keep their value).
 */
async function checkReferences(tx: Executor, ctx: Ctx, input: RefInput, errors: FieldErrors, current?: User) {
  const companyId = requireCompany(ctx);
  if (input.email !== undefined) {
    // Any company's user: by the index, through the database's own lookup (row-level security would hide the
    // other companies' rows; db/migrations/0026_row_level_security.sql).
    const [taken] = rowsOf<{ id: number | null }>(
      await tx.execute(sql`select app_user_id_by_email(${input.email.toLowerCase()}) as id`),
    );
    if (taken?.id != null && taken.id !== current?.id) errors.email = USER_MESSAGES.emailTaken;
  }

  if (input.position_id !== undefined && input.position_id !== current?.position_id) {
    const name = await livePositionName(tx, input.position_id, companyId);
    if (name == null) errors.position_id = USER_MESSAGES.positionInvalid;
    // A FRANCHISEE ADMIN gives their staff staff positions only (never MASTER FRANCHISEE, FRANCHISEE ADMIN, ...).
    else if (staffPositionsOnly(ctx) && !isStaffPosition(name))
      errors.position_id = USER_MESSAGES.positionNotStaff;
    // As with positions themselves: nobody hands out more than they hold (a FRANCHISEE ADMIN cannot put their
    // staff into a position an ADMIN gave wider permissions).
    else if ((await positionPermissionNames(tx, input.position_id)).some((p) => !can(ctx, p as Permission)))
      errors.position_id = USER_MESSAGES.positionTooStrong;
  }

  if (input.franchisee_id != null && input.franchisee_id !== current?.franchisee_id) {
    if (!(await liveInCompany(tx, franchisees, input.franchisee_id, companyId)))
      errors.franchisee_id = USER_MESSAGES.franchiseeInvalid;
  }

  if (input.upline_user_id != null && input.upline_user_id !== current?.upline_user_id) {
    const self = input.upline_user_id === current?.id;
    if (self || !(await liveInCompany(tx, users, input.upline_user_id, companyId)))
      errors.upline_user_id = USER_MESSAGES.uplineInvalid;
  }
}

/** The name of a live, active position of the acting company; null when there is none. */
async function livePositionName(tx: Executor, id: number, companyId: number): Promise<string | null> {
  const [hit] = await tx
    .select({ name: positions.name })
    .from(positions)
    .where(
      and(
        eq(positions.id, id),
        eq(positions.company_id, companyId),
        isNull(positions.deleted_at),
        eq(positions.is_active, 1),
      ),
    )
    .limit(1);
  return hit?.name ?? null;
}

type CompanyOwned = typeof franchisees | typeof users;

/** Whether a record a user points at is live and active in the acting company. */
async function liveInCompany(tx: Executor, t: CompanyOwned, id: number, companyId: number): Promise<boolean> {
  const [hit] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.company_id, companyId), isNull(t.deleted_at), eq(t.is_active, 1)))
    .limit(1);
  return !!hit;
}

/** The live, active permissions a position grants (never the platform-only ones: positions cannot grant those). */
async function positionPermissionNames(tx: Executor, positionId: number): Promise<string[]> {
  const rows = await tx
    .select({ name: permissions.permission_name })
    .from(positionPermissions)
    .innerJoin(permissions, eq(permissions.id, positionPermissions.permission_id))
    .where(
      and(
        eq(positionPermissions.position_id, positionId),
        eq(permissions.is_active, 1),
        isNull(permissions.deleted_at),
      ),
    );
  return rows.map((r) => r.name).filter((n) => !PLATFORM_ONLY.has(n));
}

/** Two saves racing for one email: the unique index (users_email_uq, any company) decides; the loser gets the field error. */
async function emailRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if (err?.code === "23505" || err?.cause?.code === "23505")
      throw invalid({ email: USER_MESSAGES.emailTaken });
    throw e;
  }
}

/**
 * A new user's columns after the checks (errors collected in `errors`). A FRANCHISEE ADMIN's users always land in
 * their own franchisee. The password is unusable (unusablePassword()): nobody can sign in until the user sets one
 * through forgot-password.
 */
async function newUserValues(tx: Tx, ctx: Ctx, input: UserCreateInput, errors: FieldErrors) {
  const values = { ...input, franchisee_id: forcedFranchisee(ctx) ?? input.franchisee_id };
  await checkReferences(tx, ctx, values, errors);
  return {
    ...values,
    user_name: fullName(values),
    is_active: values.is_active ?? 1,
    password_hash: unusablePassword(),
  };
}

/**
 * Inserts one user (role USER) into the acting company inside the caller's transaction, after the same checks as
 * the form. Writes no audit record: the bulk upload writes its own.
 */
export async function insertUser(tx: Tx, ctx: Ctx, input: UserCreateInput): Promise<User> {
  const errors: FieldErrors = {};
  const values = await newUserValues(tx, ctx, input, errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return emailRace(async () => {
    const [row] = await tx
      .insert(users)
      .values({
        ...values,
        ...usersScope.stamp(ctx),
        created_by: ctx.userId,
        updated_by: ctx.userId,
      } as typeof users.$inferInsert)
      .returning();
    return row;
  });
}

/**
 * Inserts many users as insertUser would, in one statement: the reference checks run once per distinct position,
 * franchisee and upline, the emails in one query. A refused row throws rowRefused(index, its 422).
 */
export async function insertUsers(tx: Tx, ctx: Ctx, inputs: UserCreateInput[]): Promise<User[]> {
  if (!inputs.length) return [];
  const refChecks = new Map<string, FieldErrors>();
  const rows: (typeof users.$inferInsert)[] = [];
  for (const [i, input] of inputs.entries()) {
    const values = { ...input, franchisee_id: forcedFranchisee(ctx) ?? input.franchisee_id };
    const key = JSON.stringify([
      values.position_id,
      values.franchisee_id ?? null,
      values.upline_user_id ?? null,
    ]);
    let errors = refChecks.get(key);
    if (!errors) {
      errors = {};
      await checkReferences(tx, ctx, { ...values, email: undefined }, errors);
      refChecks.set(key, errors);
    }
    if (Object.keys(errors).length) throw rowRefused(i, invalid(errors));
    rows.push({
      ...values,
      user_name: fullName(values),
      is_active: values.is_active ?? 1,
      password_hash: unusablePassword(),
      ...usersScope.stamp(ctx),
      created_by: ctx.userId,
      updated_by: ctx.userId,
    } as typeof users.$inferInsert);
  }
  const takenRow = async () => {
    const taken = await emailsTaken(
      tx,
      inputs.map((r) => r.email),
      1,
    );
    const i = taken.size ? inputs.findIndex((r) => taken.has(r.email.toLowerCase())) : -1;
    return i < 0 ? null : rowRefused(i, invalid({ email: USER_MESSAGES.emailTaken }));
  };
  const before = await takenRow();
  if (before) throw before;
  try {
    return await tx.insert(users).values(rows).returning();
  } catch (e) {
    // Saved in between by someone else: the unique index refused the statement; name the row it refused.
    const err = e as { code?: string; cause?: { code?: string } };
    if (err?.code === "23505" || err?.cause?.code === "23505") throw (await takenRow()) ?? e;
    throw e;
  }
}

/** A user as clients see it: never the password hash or the session version. */
export type PublicUser = Omit<User, "password_hash" | "session_version">;
export function publicUser(u: User): PublicUser {
  const { password_hash: _hash, session_version: _version, ...rest } = u;
  void _hash;
  void _version;
  return rest;
}

/** Ends every browser session (session version) and revokes every API token of a user, in the change's transaction. */
async function endSessions(tx: Tx, userId: number) {
  await tx
    .update(users)
    .set({ session_version: sql`${users.session_version} + 1` })
    .where(eq(users.id, userId));
  await revokeAllApiTokens(userId, tx);
}

const listAll = listOf(usersDef);
/** GET users: one page of the caller's users with position, franchisee and upline names; `staff` keeps those with a franchisee. */
export const listUsers = wrapBuilt(listAll, (ctx: Ctx, raw: RawParams, o: { staff?: boolean } = {}) =>
  listAll(ctx, o.staff ? withParam(raw, "staff", "1") : raw),
);

function withParam(raw: RawParams, key: string, value: string): URLSearchParams {
  const q = new URLSearchParams();
  if (raw instanceof URLSearchParams) raw.forEach((v, k) => q.append(k, v));
  else for (const [k, v] of Object.entries(raw)) if (v != null) q.set(k, Array.isArray(v) ? v[0] : v);
  q.set(key, value);
  return q;
}

/** GET users/{id}: one live user in the caller's scope (anyone else's id answers 404), with position and franchisee names. */
export const getUser = getOf(usersDef);

const createUserRecord = createOf(usersDef, async ({ ctx, tx, input, insert, errors }) => {
  // Created from an approved walker, trainer or daycare application: checked first, linked in this transaction.
  const { career_request, ...rest } = input;
  const link = await staffCareerLink(tx, ctx, career_request);
  const values = await newUserValues(tx, ctx, rest, errors);
  const row = await emailRace(() => insert(values));
  await link?.(row.id);
  // A franchisee's new staff member gets placeholders of the required staff KYC documents (issue 10).
  if (row.franchisee_id != null && row.company_id != null)
    await ensureKycRows(tx, row.company_id, { userId: row.id, franchiseeId: row.franchisee_id });
  return row;
});

/** The staff form as a promotion reads it: the applicant's own email (their login) stays, so it is not read. */
const promoteSchema = userCreateSchema.extend({ email: z.unknown().optional() });

/**
 * "Create staff user" from an approved application of an existing app user (issue 22): the applicant's account
 * (request_by: a live role USER account of the acting company) is promoted instead of a second account being made.
 * Its position, franchisee (a FRANCHISEE ADMIN's own), upline and employee code come from the form, checked as on
 * any save; its login (email, password), names and phone stay. The application is linked (created_record_id), the
 * staff KYC placeholders are made, and the change is audited as an update of the user, all in one transaction.
 * Answers the user's id, or null when the form names no application or the application has no such account (then
 * the ordinary create runs).
 */
async function promoteApplicant(ctx: Ctx, raw: unknown): Promise<number | null> {
  const ref = (raw as { career_request?: unknown } | null)?.career_request;
  if (typeof ref !== "string" || !ref.trim()) return null;
  authorize(ctx, usersDef.permission("create"));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const link = await staffCareerLink(tx, ctx, ref.trim());
    if (!link?.applicantId) return null;
    const [before] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, link.applicantId),
          eq(users.company_id, requireCompany(ctx)),
          eq(users.role_id, USER_ROLE_ID),
          isNull(users.deleted_at),
        ),
      )
      .for("update");
    if (!before) return null;
    const parsed = promoteSchema.safeParse(raw);
    if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
    const input = parsed.data;
    const errors: FieldErrors = {};
    const next = {
      position_id: input.position_id,
      franchisee_id: forcedFranchisee(ctx) ?? input.franchisee_id ?? null,
      ...(input.upline_user_id !== undefined ? { upline_user_id: input.upline_user_id } : {}),
      ...(input.employee_code ? { employee_code: input.employee_code } : {}),
    };
    await checkReferences(tx, ctx, next, errors, before);
    if (Object.keys(errors).length) throw invalid(errors);
    const [after] = await tx
      .update(users)
      .set({ ...next, updated_at: nextUpdatedAt(before.updated_at), updated_by: ctx.userId })
      .where(eq(users.id, before.id))
      .returning();
    await writeAudit(tx, ctx, {
      entity: usersDef.name,
      entityId: after.id,
      action: "update",
      before: publicUser(before),
      after: publicUser(after),
      companyId: after.company_id,
    });
    await link(after.id);
    if (after.franchisee_id != null && after.company_id != null)
      await ensureKycRows(tx, after.company_id, { userId: after.id, franchiseeId: after.franchisee_id });
    return after.id;
  });
}

/**
 * Creates a user (role USER, the acting company), with an audit record. `staff` (/franchisee-staffs/create): a
 * franchisee is required, unless the caller is confined to one. From an approved application of an existing app
 * user, that account is promoted instead (promoteApplicant) and answered as the created user.
 */
export const createUser = wrapBuilt(
  createUserRecord,
  async (ctx: Ctx, raw: unknown, o: { staff?: boolean } = {}) => {
    if (o.staff && ctx.roleName !== ROLE.FRANCHISEE_ADMIN) {
      authorize(ctx, usersDef.permission("create"));
      // Checked before the builder's parse so the form shows this error together with the schema's own.
      const parsed = userCreateSchema.safeParse(raw);
      const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
      const f = (raw as { franchisee_id?: unknown } | null)?.franchisee_id;
      // The same values the schema reads as "no franchisee".
      if (!errors.franchisee_id && (f == null || f === "" || f === 0 || f === "0"))
        errors.franchisee_id = USER_MESSAGES.franchiseeRequired;
      if (Object.keys(errors).length) throw invalid(errors);
    }
    const promoted = await promoteApplicant(ctx, raw);
    if (promoted != null) return getUser(ctx, promoted);
    return createUserRecord(ctx, raw);
  },
);
const createStaff = wrapBuilt(createUserRecord, (ctx: Ctx, raw: unknown) =>
  createUser(ctx, raw, { staff: true }),
);

/**
 * Updates a user (only the keys sent), with an audit record of the old and new values. A FRANCHISEE ADMIN cannot
 * move one out of their franchisee. Deactivation ends the user's sessions and revokes their tokens at once; they
 * stay dead if the user is reactivated.
 */
export const updateUser = updateOf(usersDef, async ({ ctx, tx, before, patch, write, errors }) => {
  const forced = forcedFranchisee(ctx);
  const next = { ...patch, ...(forced != null ? { franchisee_id: forced } : {}) };
  await checkReferences(tx, ctx, next, errors, before);
  const name = {
    first_name: next.first_name ?? before.first_name,
    middle_name: next.middle_name !== undefined ? next.middle_name : before.middle_name,
    last_name: next.last_name ?? before.last_name,
  };
  // Rolled back with the rest when a check above refused the save.
  if (before.is_active === 1 && next.is_active === 0) await endSessions(tx, before.id);
  return emailRace(() => write({ ...next, user_name: fullName(name) }));
});

/** POST users (spec 000 §7): update when the body carries an id (plain or opaque), else create. */
export const saveUser = upsertOf(createUser, updateUser);

// Deleting ends the user's sessions and revokes their tokens in the same transaction, so a restore revives neither.
const softDeleteUser = softDeleteOf(usersDef, { guard: ({ tx, row }) => endSessions(tx, row.id) });

/** POST users/delete/{id}: moves the user to the trash view. Nobody deletes their own account (409), whatever their role. */
export const deleteUser = wrapBuilt(softDeleteUser, async (ctx: Ctx, input: { id: unknown }) => {
  authorize(ctx, usersDef.permission("delete"));
  const id = typeof input?.id === "number" ? input.id : parseIdParam(String(input?.id ?? ""));
  if (id === ctx.userId) throw new AppError(409, USER_MESSAGES.cannotDeleteSelf);
  return softDeleteUser(ctx, input);
});

/** POST users/restore/{id}: back from the trash view. */
export const restoreUser = restoreOf(usersDef);

/** The users export (GET users/excel_export and the list's Export button): the list's filters, columns and order. */
export const userExport = exportOf(usersDef, { sheet: "Users" });
/** The export's columns and rows under their former names (bench/run.ts reads them). */
export const userExportColumns = userExport.columns;
export const usersForExport = userExport.rows;

export const userActions = entityActions({
  create: createUser,
  update: updateUser,
  delete: deleteUser,
  restore: restoreUser,
  exportOf: usersDef,
});
/** /franchisee-staffs/create: the same create, with the franchisee required (unless the caller is confined to one). */
export const staffActions = entityActions({ create: createStaff });
