import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { invalid } from "@/lib/platform/errors";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";

/** The error under a user field whose id is not a live, active user of the acting company. */
export const USER_LOOKUP_MESSAGES = { userInvalid: "The selected user is invalid." } as const;

const USER_ROLE_ID = ROLE_IDS[ROLE.USER];

/**
 * The users field operations assign (outlet users, PJPs): role USER (customers and franchisee staff; the admins
 * of other roles run the portal, they are not sent to outlets), live, active, of the acting company.
 */
const pickable = (companyId: number) =>
  and(
    eq(users.company_id, companyId),
    eq(users.role_id, USER_ROLE_ID),
    isNull(users.deleted_at),
    eq(users.is_active, 1),
  );

/** users.user_name may be empty on old rows: the first and last names then stand in. */
const displayName = sql<string>`coalesce(nullif(${users.user_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`;

/** The user picker of outlet users and PJPs: live, active users (role USER) of the acting company, by name. */
export async function userOptions(ctx: Ctx): Promise<{ id: number; user_name: string }[]> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  return db
    .select({ id: users.id, user_name: displayName })
    .from(users)
    .where(pickable(companyId))
    .orderBy(asc(displayName), asc(users.id));
}

/** Whether `userId` is a user the picker offers (see `userOptions`). */
export async function isUserOfCompany(db: Executor, ctx: Ctx, userId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), pickable(requireCompany(ctx))))
    .limit(1);
  return !!hit;
}

/**
 * Refuses (422 on `field`) a user id that is not a live, active user (role USER) of the acting company.
 * Call it inside the save's transaction (`db` is the transaction) so the check and the write see the same rows.
 */
export async function checkUserOfCompany(
  db: Executor,
  ctx: Ctx,
  userId: number,
  field: string,
): Promise<void> {
  if (!(await isUserOfCompany(db, ctx, userId))) throw invalid({ [field]: USER_LOOKUP_MESSAGES.userInvalid });
}
