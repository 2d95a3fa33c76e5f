import "server-only";
import { and, eq, isNull, or, inArray } from "drizzle-orm";
import { z } from "zod";
import { companies, userCompanies, users } from "@/db/schema";
import { recordAccountEvent } from "@/lib/platform/account-events";
import { revokeAllApiTokens, revokeOtherApiTokens } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { PASSWORD_CHANGED } from "@/lib/platform/password-reset";
import {
  guardedAttempt,
  hashPassword,
  passwordSchema,
  verifyPassword,
  writePassword,
} from "@/lib/platform/passwords";
import { ROLE } from "@/lib/platform/permissions";
import { columnSchema } from "@/lib/platform/row-schema";

/** The user's own columns GET /me answers (no secrets: never the password hash or session version). */
const meColumns = {
  id: users.id,
  first_name: users.first_name,
  middle_name: users.middle_name,
  last_name: users.last_name,
  user_name: users.user_name,
  email: users.email,
  phone: users.phone,
  company_id: users.company_id,
  franchisee_id: users.franchisee_id,
  position_id: users.position_id,
  role_id: users.role_id,
  is_active: users.is_active,
  is_kyc_verified: users.is_kyc_verified,
  image_path: users.image_path,
};

const named = z.object({ id: z.number().int(), name: z.string() });

/** What getMe answers, as the /api documents and the contract suite checks it. */
export const meSchema = z.object({
  // The columns' types follow the table (nullable where the column is).
  ...Object.fromEntries(Object.entries(meColumns).map(([k, col]) => [k, columnSchema(col)])),
  roles: z.array(named).describe("The user's role (one)."),
  position: named.extend({ id: z.number().int().nullable() }).nullable(),
  permissions: z
    .array(z.string())
    .describe("Every permission the caller holds in the acting company, sorted."),
  companies: z
    .array(z.object({ id: z.number().int(), name: z.string(), logo_path: z.string().nullable() }))
    .describe("The companies the user may act for (every live one for a SUPER ADMIN or BACKEND ADMIN)."),
  company: z
    .object({ id: z.number().int(), name: z.string().nullable() })
    .nullable()
    .describe("The acting company; null for a platform admin who has not chosen one."),
});

/** GET /me: the signed-in user as the clients expect it (roles with names, position, companies). */
export async function getMe(ctx: Ctx) {
  const db = await getDb();
  const [u] = await db.select(meColumns).from(users).where(eq(users.id, ctx.userId));
  const platformAdmin = ctx.roleName === ROLE.SUPER_ADMIN || ctx.roleName === ROLE.BACKEND_ADMIN;
  const memberOf = db
    .select({ c: userCompanies.company_id })
    .from(userCompanies)
    .where(eq(userCompanies.user_id, ctx.userId));
  const list = await db
    .select({ id: companies.id, name: companies.name, logo_path: companies.logo_path })
    .from(companies)
    .where(
      and(
        isNull(companies.deleted_at),
        platformAdmin ? undefined : or(eq(companies.id, u.company_id ?? -1), inArray(companies.id, memberOf)),
      ),
    )
    .orderBy(companies.id)
    .limit(500);
  return {
    ...u,
    roles: [{ id: ctx.roleId, name: ctx.roleName }],
    position: ctx.positionName ? { id: u.position_id, name: ctx.positionName } : null,
    permissions: [...ctx.permissions].sort(),
    companies: list,
    company: ctx.companyId != null ? { id: ctx.companyId, name: ctx.companyName } : null,
  };
}

/** Messages of the own password change (the spec's password rule and 'Passwords do not match.' come with the schema). */
export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: "The current password field is required.",
  currentWrong: "The current password is incorrect.",
  sameAsCurrent: "The new password must be different from the current password.",
  mismatch: "Passwords do not match.",
  changed: PASSWORD_CHANGED,
} as const;

/** Changing one's own password (My Profile, POST /api/change_password): the current one, the new one twice. */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.currentRequired })
      .min(1, CHANGE_PASSWORD_MESSAGES.currentRequired)
      .max(128)
      .describe("The password the user signs in with now."),
    password: passwordSchema.describe(
      "The new password: at least 8 characters, with at least 1 uppercase, 1 lowercase, 1 digit and 1 special character from * & $ @ # ! + -.",
    ),
    password_confirmation: z
      .string({ error: CHANGE_PASSWORD_MESSAGES.mismatch })
      .describe("The new password again."),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  })
  .refine((v) => v.password !== v.current_password, {
    path: ["password"],
    message: CHANGE_PASSWORD_MESSAGES.sameAsCurrent,
  });
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

export type ChangePasswordOptions = {
  /** The caller's client address (the lockout counts per account and address). */
  address?: string;
  /** An /api call's own bearer token: it stays valid, every other one is revoked. */
  keepToken?: string;
  via: "portal" | "api";
};

/**
 * Changes the caller's own password. A wrong current password is a failed sign-in attempt (it counts towards the
 * account's lockout, as at login: 429 while locked) and answers 422 under current_password; the new one follows
 * the spec's password rule. On success, in one transaction: the new hash, the session version bumped (every
 * browser session ends, this one too: the portal signs the caller in again with the new password), every API
 * token revoked but the calling one, and a "password changed" entry in the user's history (never a hash).
 */
export async function changeOwnPassword(
  ctx: Ctx,
  raw: unknown,
  o: ChangePasswordOptions,
): Promise<{ message: string }> {
  const parsed = changePasswordSchema.safeParse(raw);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const input = parsed.data;
  const db = await getDb();
  const [u] = await db
    .select({ email: users.email, hash: users.password_hash })
    .from(users)
    .where(and(eq(users.id, ctx.userId), isNull(users.deleted_at)))
    .limit(1);
  if (!u) throw notFound();
  const right = await guardedAttempt(u.email, o.address ?? "", "web", () =>
    verifyPassword(u.hash, input.current_password),
  );
  if (!right) throw invalid({ current_password: CHANGE_PASSWORD_MESSAGES.currentWrong });
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await writePassword(tx, ctx.userId, hash, ctx.userId);
    if (o.keepToken) await revokeOtherApiTokens(ctx.userId, o.keepToken, tx);
    else await revokeAllApiTokens(ctx.userId, tx);
    await recordAccountEvent(ctx.userId, "password_change", { via: o.via, address: o.address }, tx);
  });
  return { message: CHANGE_PASSWORD_MESSAGES.changed };
}
