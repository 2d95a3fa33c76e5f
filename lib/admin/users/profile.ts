import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { positions, roles, users } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { AppError, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { writeAudit } from "@/lib/platform/mutations";
import { optionalText, phone, requiredText } from "@/lib/platform/schemas";
import { nextUpdatedAt, staleVersion, versionMatches, versionOf } from "@/lib/platform/versions";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { fullName, publicUser } from "./users";

/** What a user may change about themselves on /profile/{userId}; email, role, position and company stay read-only. */
export const profileSchema = z.object({
  first_name: requiredText("first name", 100),
  middle_name: optionalText("middle name", 100),
  last_name: requiredText("last name", 100),
  phone: phone(),
});
export type ProfileInput = z.output<typeof profileSchema>;

export type Profile = {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string;
  phone: string | null;
  role_name: string;
  position_name: string | null;
  company_name: string | null;
  /** The record's version (its updated_at): the form sends it back, so a save over someone else's change is refused. */
  version: string | null;
};

/** The profile route is for one's own account only: another id is the access warning, never someone else's data. */
const ownOnly = (ctx: Ctx, userId: number) => {
  if (userId !== ctx.userId) throw new AppError(403, "You are not authorized to perform this action.");
};

/** The signed-in user's own profile. */
export async function getProfile(ctx: Ctx, userId: number): Promise<Profile> {
  ownOnly(ctx, userId);
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
      email: users.email,
      phone: users.phone,
      role_name: roles.name,
      position_name: positions.name,
      updated_at: users.updated_at,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(positions, and(eq(positions.id, users.position_id), isNull(positions.deleted_at)))
    .where(and(eq(users.id, ctx.userId), isNull(users.deleted_at)))
    .limit(1);
  if (!row) throw notFound();
  const { updated_at, ...profile } = row;
  return { ...profile, company_name: ctx.companyName, version: versionOf({ updated_at }) };
}

/**
 * Saves one's own names and phone, with an audit record in the same transaction. Not through the users entity's
 * builders: editing oneself needs no permission, only being oneself, and it reaches any role, not just role USER.
 * The form's version (`__version`, the updated_at it was opened on) is compared under the row lock, as the kernel's
 * update does: an admin's save of the same user in between makes this one a 409 naming them (lib/platform/versions.ts).
 */
export async function updateProfile(ctx: Ctx, userId: number, raw: unknown): Promise<Profile> {
  ownOnly(ctx, userId);
  const sent = raw && typeof raw === "object" ? (raw as Record<string, unknown>)[VERSION_FIELD] : undefined;
  const expected = typeof sent === "string" && sent ? [sent] : null;
  const parsed = profileSchema.safeParse(raw);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const input = parsed.data;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, ctx.userId), isNull(users.deleted_at)))
      .for("update");
    if (!before) throw notFound();
    if (expected && !versionMatches(expected, versionOf(before)))
      throw await staleVersion(tx, "users", before);
    const [after] = await tx
      .update(users)
      .set({
        ...input,
        user_name: fullName(input),
        updated_at: nextUpdatedAt(before.updated_at),
        updated_by: ctx.userId,
      })
      .where(eq(users.id, ctx.userId))
      .returning();
    await writeAudit(tx, ctx, {
      entity: "users",
      entityId: ctx.userId,
      action: "update",
      before: publicUser(before),
      after: publicUser(after),
    });
  });
  return getProfile(ctx, userId);
}
