import "server-only";
import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
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
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { parseIdParam } from "@/lib/platform/ids";
import { idSchema, isId } from "@/lib/platform/schemas";
import {
  AppError,
  forbidden,
  invalid,
  notFound,
  zodFieldErrors,
  type FieldErrors,
} from "@/lib/platform/errors";
import { listWhere, parseListParams, type ListParams, type ListSpec } from "@/lib/platform/lists";
import { defineMutation } from "@/lib/platform/mutations";
import { unusablePassword } from "@/lib/platform/passwords";
import { PLATFORM_ONLY, ROLE, ROLE_IDS, type Permission } from "@/lib/platform/permissions";
import { defineRestore, defineSoftDelete } from "@/lib/platform/soft-delete";
import type { ExportColumn } from "@/lib/platform/spreadsheet";
import { userCreateSchema, userUpdateSchema, type UserCreateInput, type UserUpdateInput } from "./schema";

export type { User };

/** Spec texts and the messages of this module's own checks (spec 000 §5, §8). */
export const USER_MESSAGES = {
  emailTaken: "The email has already been taken.",
  positionInvalid: "The selected position is invalid.",
  positionTooStrong: "You cannot give a position with permissions you do not hold yourself.",
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

/**
 * Which users the caller may see and change: role USER (customers and staff; the spec's client always sends
 * role_id=4, and admins of other roles are not managed through these screens) of the acting company, and for a
 * FRANCHISEE ADMIN only those of their own franchisee (none when they have none).
 */
export function userScope(ctx: Ctx): SQL {
  const parts: SQL[] = [eq(users.company_id, requireCompany(ctx)), eq(users.role_id, USER_ROLE_ID)];
  if (ctx.roleName === ROLE.FRANCHISEE_ADMIN) {
    parts.push(ctx.franchiseeId == null ? sql`false` : eq(users.franchisee_id, ctx.franchiseeId));
  }
  return and(...parts)!;
}

/** The franchisee a FRANCHISEE ADMIN is confined to (403 when they have none); undefined for everyone else. */
function forcedFranchisee(ctx: Ctx): number | undefined {
  if (ctx.roleName !== ROLE.FRANCHISEE_ADMIN) return undefined;
  if (ctx.franchiseeId == null) throw forbidden();
  return ctx.franchiseeId;
}

/** users.user_name is varchar(300): three names of up to 100 characters and two spaces need 302, so it is cut there. */
const USER_NAME_MAX = 300;

export const fullName = (i: { first_name: string; middle_name?: string | null; last_name: string }) =>
  // Counted in code points, as PostgreSQL counts characters (a UTF-16 slice could split an emoji).
  Array.from([i.first_name, i.middle_name, i.last_name].filter(Boolean).join(" "))
    .slice(0, USER_NAME_MAX)
    .join("");

type RefInput = {
  email: string;
  position_id: number;
  franchisee_id: number | null;
  upline_user_id: number | null;
};

/**
 * Checks what a user row points at, all within the acting company: email free (case-insensitive, any user of
 * any company, since it is the login), position and franchisee live, upline a live user. `current` is the row
 * being edited: its own email and its unchanged references stay acceptable.
 */
async function checkReferences(tx: Executor, ctx: Ctx, input: RefInput, current?: User) {
  const companyId = requireCompany(ctx);
  const errors: FieldErrors = {};
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
        current ? ne(users.id, current.id) : undefined,
      ),
    )
    .limit(1);
  if (taken) errors.email = USER_MESSAGES.emailTaken;

  if (input.position_id !== current?.position_id) {
    if (!(await liveInCompany(tx, positions, input.position_id, companyId)))
      errors.position_id = USER_MESSAGES.positionInvalid;
    // As with positions themselves: nobody hands out more than they hold (a FRANCHISEE ADMIN cannot put their
    // staff into a position an ADMIN gave wider permissions).
    else if (
      (await positionPermissionNames(tx, input.position_id)).some((name) => !can(ctx, name as Permission))
    )
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

  if (Object.keys(errors).length) throw invalid(errors);
}

type CompanyOwned = typeof positions | typeof franchisees | typeof users;

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

/** Two saves racing for one email: the unique index decides, and the loser gets the same field error. */
function uniqueEmailViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
}

/**
 * Inserts one user (role USER) into the acting company inside the caller's transaction, after checking email,
 * position, franchisee and upline. A FRANCHISEE ADMIN's users always land in their own franchisee. The password
 * is unusable (unusablePassword()): nobody can sign in until the user sets one through forgot-password. Writes no
 * audit record: createUser's mutation does, and the bulk upload writes its own.
 */
export async function insertUser(tx: Tx, ctx: Ctx, input: UserCreateInput): Promise<User> {
  const companyId = requireCompany(ctx);
  const forced = forcedFranchisee(ctx);
  const values = { ...input, franchisee_id: forced ?? input.franchisee_id };
  await checkReferences(tx, ctx, values);
  const password_hash = unusablePassword();
  try {
    const [row] = await tx
      .insert(users)
      .values({
        first_name: values.first_name,
        middle_name: values.middle_name,
        last_name: values.last_name,
        user_name: fullName(values),
        email: values.email,
        phone: values.phone,
        position_id: values.position_id,
        franchisee_id: values.franchisee_id,
        upline_user_id: values.upline_user_id,
        employee_code: values.employee_code,
        is_active: values.is_active ?? 1,
        role_id: USER_ROLE_ID,
        company_id: companyId,
        password_hash,
        created_by: ctx.userId,
        updated_by: ctx.userId,
      })
      .returning();
    return row;
  } catch (e) {
    if (uniqueEmailViolation(e)) throw invalid({ email: USER_MESSAGES.emailTaken });
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

export const userListSpec: ListSpec = {
  table: users,
  id: users.id,
  isActive: users.is_active,
  deletedAt: users.deleted_at,
  search: [users.first_name, users.last_name, users.email, users.phone, users.employee_code],
  searchText: usersSearchText(users),
  filters: {
    role_id: { column: users.role_id, kind: "int" },
    position_id: { column: users.position_id, kind: "intList" },
    franchisee_id: { column: users.franchisee_id, kind: "int" },
    is_kyc_verified: { column: users.is_kyc_verified, kind: "int" },
  },
  orderBy: { column: users.id, dir: "desc" },
};

const listColumns = {
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
  created_at: users.created_at,
  deleted_at: users.deleted_at,
};
export type UserListRow = {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  user_name: string | null;
  email: string;
  phone: string | null;
  employee_code: string | null;
  is_active: number;
  is_kyc_verified: number;
  position_id: number | null;
  position_name: string | null;
  franchisee_id: number | null;
  franchisee_name: string | null;
  created_at: Date;
  deleted_at: Date | null;
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;
export type UserListOptions = {
  /** The franchisee staff list: only users who belong to a franchisee. */
  staff?: boolean;
};

/**
 * Portal URLs carry opaque ids (the franchisee and position filters, /franchisee-staffs?franchisee_id=...); /api
 * sends plain ones. Both become plain here; an id that is neither matches nothing rather than being ignored.
 */
export function plainIdParams(raw: RawParams): URLSearchParams {
  const q = new URLSearchParams();
  if (raw instanceof URLSearchParams) raw.forEach((v, k) => q.append(k, v));
  else
    for (const [k, v] of Object.entries(raw)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (first != null) q.set(k, first);
    }
  for (const key of ["franchisee_id", "position_id"]) {
    const v = q.get(key);
    if (!v) continue;
    q.set(
      key,
      v
        .split(",")
        .map((s) => String(parseIdParam(s.trim()) ?? 0))
        .join(","),
    );
  }
  return q;
}

function listScope(ctx: Ctx, o: UserListOptions): SQL {
  return and(userScope(ctx), o.staff ? isNotNull(users.franchisee_id) : undefined)!;
}

// runList reads one table; the list needs the position and franchisee names, so it joins here, with the
// kernel's own WHERE (listWhere) and parameters (parseListParams).
function listQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(users)
    .leftJoin(positions, eq(positions.id, users.position_id))
    .leftJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(where);
}

/** GET users: one page of the caller's users with position and franchisee names, and the total count. */
export async function listUsers(
  ctx: Ctx,
  raw: RawParams,
  o: UserListOptions = {},
): Promise<{ data: UserListRow[]; count: number }> {
  authorize(ctx, "users.list");
  const db = await getDb();
  const p: ListParams = parseListParams(plainIdParams(raw), userListSpec);
  const where = listWhere(userListSpec, p, listScope(ctx, o));
  const data = await listQuery(db, where)
    .orderBy(desc(users.id))
    .limit(p.rowsPerPage)
    .offset((p.page - 1) * p.rowsPerPage);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { data, count: Number(n) };
}

/** Every user of the list's filters, streamed in id order for the export. */
export async function* usersForExport(ctx: Ctx, raw: URLSearchParams): AsyncGenerator<UserListRow> {
  authorize(ctx, "users.export");
  const db = await getDb();
  const p = parseListParams(plainIdParams(raw), userListSpec);
  const staff = raw.get("staff") === "1";
  const base = listWhere(userListSpec, p, listScope(ctx, { staff }));
  let after = 0;
  for (;;) {
    const rows = await listQuery(db, and(base, sql`${users.id} > ${after}`))
      .orderBy(asc(users.id))
      .limit(1000);
    for (const r of rows) yield r;
    if (rows.length < 1000) return;
    after = rows[rows.length - 1].id;
  }
}

const KYC_LABELS = ["PENDING", "APPROVED", "REJECTED"];
export const kycLabel = (v: number) => KYC_LABELS[v] ?? "PENDING";

export const userExportColumns: ExportColumn<UserListRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Status", value: (r) => (r.is_active === 1 ? "Active" : "Inactive") },
  { header: "First Name", value: (r) => r.first_name },
  { header: "Middle Name", value: (r) => r.middle_name },
  { header: "Last Name", value: (r) => r.last_name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Employee Code", value: (r) => r.employee_code },
  { header: "Position", value: (r) => r.position_name },
  { header: "Franchisee", value: (r) => r.franchisee_name },
  { header: "KYC Status", value: (r) => kycLabel(r.is_kyc_verified) },
  { header: "Created At", value: (r) => r.created_at },
];

export type UserDetail = PublicUser & { position_name: string | null; franchisee_name: string | null };

/** GET users/{id}: one live user in the caller's scope; anyone else's id answers 404 like a missing one. */
export async function getUser(ctx: Ctx, id: number): Promise<UserDetail> {
  authorize(ctx, "users.view");
  const db = await getDb();
  const [row] = await db
    .select({ user: users, position_name: positions.name, franchisee_name: franchisees.name })
    .from(users)
    .leftJoin(positions, eq(positions.id, users.position_id))
    .leftJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(and(eq(users.id, id), isNull(users.deleted_at), userScope(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return { ...publicUser(row.user), position_name: row.position_name, franchisee_name: row.franchisee_name };
}

async function createRun({ ctx, input, tx }: { ctx: Ctx; input: UserCreateInput; tx: Tx }) {
  const row = await insertUser(tx, ctx, input);
  const after = publicUser(row);
  return { id: row.id, before: null, after, result: after };
}

const createUserMutation = defineMutation({
  entity: "users",
  action: "create",
  permission: "users.create",
  input: userCreateSchema,
  run: createRun,
});

export type CreateUserOptions = {
  /** Staff creation (/franchisee-staffs/create): a franchisee is required, unless the caller is confined to one. */
  staff?: boolean;
};

/** Creates a user (role USER, the acting company), with an audit record. */
export async function createUser(ctx: Ctx, raw: unknown, o: CreateUserOptions = {}): Promise<PublicUser> {
  if (o.staff && ctx.roleName !== ROLE.FRANCHISEE_ADMIN) {
    authorize(ctx, "users.create");
    // Checked before the mutation so the form shows this error together with the schema's own.
    const parsed = userCreateSchema.safeParse(raw);
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
    const f = (raw as { franchisee_id?: unknown } | null)?.franchisee_id;
    // The same values the schema reads as "no franchisee".
    if (!errors.franchisee_id && (f == null || f === "" || f === 0 || f === "0"))
      errors.franchisee_id = USER_MESSAGES.franchiseeRequired;
    if (Object.keys(errors).length) throw invalid(errors);
  }
  return createUserMutation(ctx, raw);
}

const updateUserMutation = defineMutation({
  entity: "users",
  action: "update",
  permission: "users.update",
  input: userUpdateSchema,
  async run({ ctx, input, tx }: { ctx: Ctx; input: UserUpdateInput; tx: Tx }) {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.id), isNull(users.deleted_at), userScope(ctx)))
      .for("update");
    if (!before) throw notFound();
    const forced = forcedFranchisee(ctx);
    const values = { ...input, franchisee_id: forced ?? input.franchisee_id };
    await checkReferences(tx, ctx, values, before);
    const is_active = values.is_active ?? before.is_active;
    // Deactivation ends every browser session at once: a session carrying the old version is refused.
    const deactivated = before.is_active === 1 && is_active === 0;
    let after: User;
    try {
      [after] = await tx
        .update(users)
        .set({
          first_name: values.first_name,
          middle_name: values.middle_name,
          last_name: values.last_name,
          user_name: fullName(values),
          email: values.email,
          phone: values.phone,
          position_id: values.position_id,
          franchisee_id: values.franchisee_id,
          upline_user_id: values.upline_user_id,
          employee_code: values.employee_code,
          is_active,
          session_version: deactivated ? sql`${users.session_version} + 1` : undefined,
          updated_at: new Date(),
          updated_by: ctx.userId,
        })
        .where(eq(users.id, input.id))
        .returning();
    } catch (e) {
      if (uniqueEmailViolation(e)) throw invalid({ email: USER_MESSAGES.emailTaken });
      throw e;
    }
    const result = { user: publicUser(after), deactivated };
    return { id: after.id, before: publicUser(before), after: result.user, result };
  },
});

/** Updates a user, with an audit record (old and new values); deactivation also ends their sessions and tokens. */
export async function updateUser(ctx: Ctx, raw: unknown): Promise<PublicUser> {
  const { user, deactivated } = await updateUserMutation(ctx, raw);
  // After the commit: tokens of an inactive user are refused anyway (resolveContext checks is_active); revoking
  // them keeps them dead if the user is reactivated later.
  if (deactivated) await revokeAllApiTokens(user.id);
  return user;
}

/** POST users (spec 000 §7): update when the body carries an id, else create. */
export async function saveUser(ctx: Ctx, body: Record<string, unknown>): Promise<PublicUser> {
  const raw = body.id;
  if (raw == null || raw === "") return createUser(ctx, body);
  // /api takes plain or opaque ids, in the body as in paths; anything else is no user of ours.
  const id = typeof raw === "number" ? (isId(raw) ? raw : null) : parseIdParam(String(raw));
  if (id == null) throw notFound();
  return updateUser(ctx, { ...body, id });
}

const softDeleteUser = defineSoftDelete({
  entity: "users",
  permission: "users.delete",
  table: users,
  scope: userScope,
});

const idInput = z.object({ id: idSchema });

/**
 * POST users/delete/{id}: moves the user to the trash view. Nobody deletes their own account (409). Like
 * deactivation, it ends the user's sessions and revokes their tokens, so restoring the user does not revive them.
 */
export async function deleteUser(ctx: Ctx, raw: { id: number }): Promise<{ id: number }> {
  authorize(ctx, "users.delete");
  const parsed = idInput.safeParse(raw);
  if (parsed.success && parsed.data.id === ctx.userId)
    throw new AppError(409, USER_MESSAGES.cannotDeleteSelf);
  const deleted = await softDeleteUser(ctx, raw);
  // After the commit, as updateUser does: a deleted user's sessions and tokens are refused meanwhile anyway.
  const db = await getDb();
  await db
    .update(users)
    .set({ session_version: sql`${users.session_version} + 1` })
    .where(eq(users.id, deleted.id));
  await revokeAllApiTokens(deleted.id);
  return deleted;
}

/** POST users/restore/{id}: back from the trash view. */
export const restoreUser = defineRestore({
  entity: "users",
  permission: "users.restore",
  table: users,
  scope: userScope,
});
