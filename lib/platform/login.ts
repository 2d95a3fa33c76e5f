import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { roles, users } from "@/db/schema";
import { getDb } from "./db";
import { AppError, invalid, zodFieldErrors } from "./errors";
import { guardedAttempt, verifyPassword } from "./passwords";
import { throttleDoor } from "./rate-limit";
import { ROLE } from "./permissions";
import { asPlatform } from "@/lib/platform/rls";
import { noteCaller } from "./logger.mjs";

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "The email field is required.")
    .email("The email must be a valid email address.")
    .max(200),
  password: z.string().min(1, "The password field is required.").max(128),
});

/** The spec's login failure text: the same for unknown email, wrong password, lockout and inactive account. */
export const LOGIN_FAILED = "User can't login in portal";

/** Roles that may sign in to the portal; customers and staff use the mobile apps. */
const PORTAL_ROLES: string[] = [
  ROLE.SUPER_ADMIN,
  ROLE.ADMIN,
  ROLE.BACKEND_ADMIN,
  ROLE.MASTER_FRANCHISEE,
  ROLE.FRANCHISEE_ADMIN,
];

/**
 * Checks credentials for web login and /api/login alike. Answers the user id and session version, or throws 422
 * (field errors), 429 (too many attempts from this address, the account locked for it, or the instance-wide brake
 * on wrong passwords spent while this address is new to the account: with the seconds to wait) or 401
 * (LOGIN_FAILED) without telling which part was wrong. Unknown emails lock and throttle like known ones. The
 * address budget comes first and a request it refuses touches nothing shared (lib/platform/rate-limit.ts).
 */
async function checkCredentialsUnbound(
  input: unknown,
  kind: "web" | "api",
  portalOnly: boolean,
  address = "",
) {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const { email, password } = parsed.data;
  await throttleDoor("login", address);
  const db = await getDb();
  const [u] = await db
    .select({
      id: users.id,
      hash: users.password_hash,
      sv: users.session_version,
      active: users.is_active,
      role: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, sql`app_user_id_by_email(${email.toLowerCase()})`), isNull(users.deleted_at)))
    .limit(1);
  const allowed = await guardedAttempt(email, address, kind, async () => {
    const ok = await verifyPassword(u?.hash, password);
    return ok && u!.active === 1 && (!portalOnly || PORTAL_ROLES.includes(u!.role));
  });
  if (!allowed) throw new AppError(401, LOGIN_FAILED);
  return { userId: u!.id, sessionVersion: u!.sv };
}

/**
 * CheckCredentials, as platform work (row-level security, lib/platform/rls.ts). The sign-in's access-log line names
 * the user who signed in (lib/platform/logger.mjs).
 */
export const checkCredentials: typeof checkCredentialsUnbound = async (...args) => {
  const r = await asPlatform("sign-in", () => checkCredentialsUnbound(...args));
  noteCaller(r.userId, null);
  return r;
};
