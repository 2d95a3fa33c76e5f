"use server";
import { and, eq, ilike, isNull, or } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { companies } from "@/db/schema";
import { recordUserTimestamp, MAX_PAGE_SECONDS } from "@/lib/admin/user-timestamps";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { forbidden, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { toActionResult, type ActionResult } from "@/lib/platform/mutations";
import { ROLE } from "@/lib/platform/permissions";
import { ACTING_COMPANY_COOKIE, actionContext } from "@/lib/platform/session";

// Every action here is a public endpoint: each one resolves the caller itself and checks what it may do.

/** Only platform admins choose the company they act for (spec 000 §2.4). */
function requireSwitcher(ctx: Ctx) {
  if (ctx.roleName !== ROLE.SUPER_ADMIN && ctx.roleName !== ROLE.BACKEND_ADMIN) throw forbidden();
}

async function isHttps(): Promise<boolean> {
  const h = await headers();
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (proto) return proto === "https";
  return h.get("origin")?.startsWith("https://") ?? false;
}

/** Chooses the company a SUPER ADMIN or BACKEND ADMIN acts for, or clears it (null). The client then reloads. */
export async function switchCompanyAction(opaqueCompanyId: string | null): Promise<ActionResult<null>> {
  return toActionResult(async () => {
    const ctx = await actionContext();
    requireSwitcher(ctx);
    const jar = await cookies();
    if (opaqueCompanyId == null) {
      jar.delete(ACTING_COMPANY_COOKIE);
      revalidatePath("/", "layout");
      return null;
    }
    const id = typeof opaqueCompanyId === "string" ? decodeId(opaqueCompanyId) : null;
    if (id == null) throw notFound();
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
};

const searchSchema = z.string().trim().max(200).catch("");

/** Live companies for the company picker: search on name, email and admin name, at most 50. */
export async function searchCompaniesAction(search: string): Promise<ActionResult<CompanyChoice[]>> {
  return toActionResult(async () => {
    const ctx = await actionContext();
    requireSwitcher(ctx);
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
          term
            ? or(ilike(companies.name, like), ilike(companies.email, like), ilike(companies.admin_name, like))
            : undefined,
        ),
      )
      .orderBy(companies.name, companies.id)
      .limit(50);
    return rows.map((r) => ({ ...r, id: encodeId(r.id) }));
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
