"use server";
import { and, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { companies } from "@/db/schema";
import { recordUserTimestamp, MAX_PAGE_SECONDS } from "@/lib/admin/user-timestamps";
import { isPlatformAdmin, memberCompanyIds, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { forbidden, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { toActionResult, type ActionResult } from "@/lib/platform/mutations";
import { ACTING_COMPANY_COOKIE, actionContext } from "@/lib/platform/session";

// Every action here is a public endpoint: each one resolves the caller itself and checks what it may do.

/**
 * The companies the caller may choose to act for: any (null) for a SUPER ADMIN or BACKEND ADMIN (spec 000 §2.4);
 * their own companies for anyone else who belongs to more than one (a MASTER FRANCHISEE overseeing two: issue 7),
 * switching between them the same way; nobody else chooses (403).
 */
async function choosableCompanies(ctx: Ctx): Promise<number[] | null> {
  if (isPlatformAdmin(ctx)) return null;
  const own = await memberCompanyIds(ctx.userId);
  if (own.length < 2) throw forbidden();
  return own;
}

async function isHttps(): Promise<boolean> {
  const h = await headers();
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (proto) return proto === "https";
  return h.get("origin")?.startsWith("https://") ?? false;
}

/**
 * Chooses the company the caller acts for, or clears the choice (null: a platform admin back to their own view,
 * anyone else back to their home company). The client then reloads. A company the caller may not choose answers
 * 404, like a missing one; the context checks the cookie again on every request.
 */
export async function switchCompanyAction(opaqueCompanyId: string | null): Promise<ActionResult<null>> {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const allowed = await choosableCompanies(ctx);
    const jar = await cookies();
    if (opaqueCompanyId == null) {
      jar.delete(ACTING_COMPANY_COOKIE);
      revalidatePath("/", "layout");
      return null;
    }
    const id = typeof opaqueCompanyId === "string" ? decodeId(opaqueCompanyId) : null;
    if (id == null || (allowed && !allowed.includes(id))) throw notFound();
    const db = await getDb();
    const [c] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, id), isNull(companies.deleted_at)))
      .limit(1);
    if (!c) throw notFound();
    jar.set(ACTING_COMPANY_COOKIE, encodeId(c.id), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: await isHttps(),
    });
    revalidatePath("/", "layout");
    return null;
  });
}

export type CompanyChoice = {
  id: string;
  name: string;
  email: string;
  admin_name: string | null;
  is_active: number;
  /** The company the caller acts for now. */
  current: boolean;
};

const searchSchema = z.string().trim().max(200).catch("");

/** Live companies the caller may choose, for the company picker: search on name, email and admin name, at most 50. */
export async function searchCompaniesAction(search: string): Promise<ActionResult<CompanyChoice[]>> {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const allowed = await choosableCompanies(ctx);
    const term = searchSchema.parse(search);
    const like = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const db = await getDb();
    const rows = await db
      .select({
        id: companies.id,
        name: companies.name,
        email: companies.email,
        admin_name: companies.admin_name,
        is_active: companies.is_active,
      })
      .from(companies)
      .where(
        and(
          isNull(companies.deleted_at),
          allowed ? inArray(companies.id, allowed) : undefined,
          term
            ? or(ilike(companies.name, like), ilike(companies.email, like), ilike(companies.admin_name, like))
            : undefined,
        ),
      )
      .orderBy(companies.name, companies.id)
      .limit(50);
    return rows.map((r) => ({ ...r, id: encodeId(r.id), current: r.id === ctx.companyId }));
  });
}

const pageTimeSchema = z.object({
  from_path: z.string().trim().min(1, "The from path field is required.").max(500),
  from_name: z.string().trim().max(200).optional(),
  timespent: z
    .number()
    .int()
    .min(0)
    .max(86_400)
    .transform((s) => Math.min(s, MAX_PAGE_SECONDS)),
});

/** Time spent on the previous page (spec 000 §2.1, capped at 1200 s), recorded for the caller and acting company. */
export async function recordPageTimeAction(input: unknown): Promise<ActionResult<null>> {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const parsed = pageTimeSchema.safeParse(input);
    if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
    // Same domain function as POST /api/user_timestamps: the user and company always come from the context.
    await recordUserTimestamp(ctx, parsed.data);
    return null;
  });
}
