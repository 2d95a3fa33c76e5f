import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { userSavedViews } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, notFound } from "@/lib/platform/errors";
import { withCaller } from "@/lib/platform/rls";

// Saved views (issue 25): a list's path with its filters in the URL, named and kept per user and company. Only the
// caller's own views, in the acting company; the path is a portal path (never another origin).

export const SAVED_VIEWS_MAX = 50;

export const savedViewSchema = z.object({
  name: z
    .string({ error: "The name is required." })
    .trim()
    .min(1, "The name is required.")
    .max(100, "The name may not be greater than 100 characters."),
  path: z
    .string()
    .trim()
    .max(1000, "The view's address is too long.")
    .refine(
      (p) => p.startsWith("/") && !p.startsWith("//") && !p.includes("\\"),
      "The view must be a page of the portal.",
    ),
});

export type SavedView = { id: number; name: string; path: string };

/** The caller's saved views in the acting company, by name. */
export async function listSavedViews(ctx: Ctx): Promise<SavedView[]> {
  const companyId = requireCompany(ctx);
  return withCaller(ctx, async () =>
    (await getDb())
      .select({ id: userSavedViews.id, name: userSavedViews.name, path: userSavedViews.path })
      .from(userSavedViews)
      .where(and(eq(userSavedViews.user_id, ctx.userId), eq(userSavedViews.company_id, companyId)))
      .orderBy(asc(sql`lower(${userSavedViews.name})`))
      .limit(SAVED_VIEWS_MAX),
  );
}

/** Saves (or, under a name the caller already uses, replaces) a view; 422 with field errors on bad input. */
export async function saveView(ctx: Ctx, raw: unknown): Promise<SavedView> {
  const companyId = requireCompany(ctx);
  const p = savedViewSchema.safeParse(raw);
  if (!p.success)
    throw invalid(Object.fromEntries(p.error.issues.map((i) => [String(i.path[0]), i.message])));
  const mine = and(eq(userSavedViews.user_id, ctx.userId), eq(userSavedViews.company_id, companyId));
  const cols = { id: userSavedViews.id, name: userSavedViews.name, path: userSavedViews.path };
  return withCaller(ctx, async () => {
    const db = await getDb();
    const [same] = await db
      .select({ id: userSavedViews.id })
      .from(userSavedViews)
      .where(and(mine, sql`lower(${userSavedViews.name}) = lower(${p.data.name})`));
    if (same) {
      const [row] = await db
        .update(userSavedViews)
        .set({ name: p.data.name, path: p.data.path })
        .where(eq(userSavedViews.id, same.id))
        .returning(cols);
      return row;
    }
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userSavedViews)
      .where(mine);
    if (Number(n) >= SAVED_VIEWS_MAX)
      throw invalid({ name: `At most ${SAVED_VIEWS_MAX} views may be saved.` });
    const [row] = await db
      .insert(userSavedViews)
      .values({ company_id: companyId, user_id: ctx.userId, name: p.data.name, path: p.data.path })
      .returning(cols);
    return row;
  });
}

/** Deletes one of the caller's own views (404 for anyone else's). */
export async function deleteView(ctx: Ctx, id: number): Promise<void> {
  const companyId = requireCompany(ctx);
  await withCaller(ctx, async () => {
    const gone = await (
      await getDb()
    )
      .delete(userSavedViews)
      .where(
        and(
          eq(userSavedViews.id, id),
          eq(userSavedViews.user_id, ctx.userId),
          eq(userSavedViews.company_id, companyId),
        ),
      )
      .returning({ id: userSavedViews.id });
    if (!gone.length) throw notFound();
  });
}
