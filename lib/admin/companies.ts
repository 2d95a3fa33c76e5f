import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { companies, companiesSearchText, DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { crudOf, defineEntity, type Scope } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { notFound } from "@/lib/platform/errors";
import { imageFile } from "@/lib/platform/files";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { ROLE } from "@/lib/platform/permissions";
import { sanitizeRichText } from "@/lib/platform/sanitize";
import {
  colorCode,
  email,
  flag,
  optionalPhone,
  optionalText,
  phone,
  requiredText,
} from "@/lib/platform/schemas";

const richText = z
  .string()
  .max(200_000, "The text is too long.")
  .nullish()
  .transform((v) => sanitizeRichText(v ?? null));

/** The company form, used unchanged by the portal form, the server action and /api. */
export const companySchema = z.object({
  name: requiredText("name"),
  tag_line: optionalText("tag line", 300),
  email: email(),
  phone: phone(),
  admin_name: optionalText("admin name"),
  address: requiredText("address", 500),
  city: optionalText("city", 100),
  state: optionalText("state", 100),
  pincode: optionalText("pincode", 12).refine(
    (v) => v == null || /^[0-9]{4,10}$/.test(v),
    "The pincode must be 4 to 10 digits.",
  ),
  code: optionalText("code", 50),
  whatsapp_no: optionalPhone("whatsapp no"),
  // No zod defaults: the columns default (active, switches off) on create, and an update writes only what was sent.
  is_active: flag.optional(),
  is_location_tracking_enabled: flag.optional(),
  is_SUSP_enabled: flag.optional(),
  is_SUSL_enabled: flag.optional(),
  franchisee_summary_colorcode: colorCode("franchisee summary colour code", DEFAULT_FRANCHISEE_COLOR),
  franchisee_summary_colorcode_2: colorCode("franchisee summary colour code 2", DEFAULT_FRANCHISEE_COLOR),
  franchisee_summary_colorcode_3: colorCode("franchisee summary colour code 3", DEFAULT_FRANCHISEE_COLOR),
  staff_summary_colorcode: colorCode("staff summary colour code", DEFAULT_STAFF_COLOR),
  staff_summary_colorcode_2: colorCode("staff summary colour code 2", DEFAULT_STAFF_COLOR),
  staff_summary_colorcode_3: colorCode("staff summary colour code 3", DEFAULT_STAFF_COLOR),
  about_us: richText,
  terms: richText,
  faqs: richText,
  privacy: richText,
  return_policy: richText,
  refund_policy: richText,
  cancellation_policy: richText,
  disclaimer: richText,
});

/**
 * Which companies a caller sees: a SUPER ADMIN every company (acting for one or not: they may edit another, see
 * lib/history.ts); anyone else only the company they act for, and without one 'Choose a company first.'.
 * A company's records belong to the company itself.
 */
const companyRows: Scope = {
  kind: "companies",
  where: (ctx) => (ctx.roleName === ROLE.SUPER_ADMIN ? undefined : eq(companies.id, requireCompany(ctx))),
  companyOf: (row) => row.id as number,
  stamp: () => ({}),
};

/** Companies (spec 000 §2.8): create, delete and restore are the SUPER ADMIN's (PLATFORM_ONLY). */
export const companiesDef = defineEntity({
  name: "companies",
  noun: "Company",
  plural: "Companies",
  href: "/companies",
  table: companies,
  scope: companyRows,
  create: companySchema,
  // The logo and poster travel with the company's save (form, POST/PATCH companies, upload_logo_path): all or nothing.
  files: { logo_path: imageFile, explorer_poster_path: imageFile },
  list: defineList({
    from: companies,
    select: {
      id: companies.id,
      name: companies.name,
      email: companies.email,
      phone: companies.phone,
      admin_name: companies.admin_name,
      city: companies.city,
      state: companies.state,
      logo_path: companies.logo_path,
      is_active: companies.is_active,
      deleted_at: companies.deleted_at,
    },
    id: companies.id,
    isActive: companies.is_active,
    deletedAt: companies.deleted_at,
    searchText: companiesSearchText(companies),
    sort: { name: companies.name, created_at: companies.created_at },
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Email", field: "email" },
      { header: "Phone", field: "phone" },
      { header: "Admin Name", field: "admin_name" },
      { header: "City", field: "city" },
      { header: "State", field: "state" },
    ],
  }),
});

export const companiesCrud = crudOf(companiesDef);
export const companyActions = entityActions(companiesCrud);

/** get_company/{id}: the branding a client needs (logo). Any signed-in member reads their own company's. */
export async function getCompanyBranding(ctx: Ctx, id: number) {
  const db = await getDb();
  const scope = ctx.roleName === ROLE.SUPER_ADMIN ? undefined : eq(companies.id, ctx.companyId ?? -1);
  const [c] = await db
    .select({
      id: companies.id,
      name: companies.name,
      logo_path: companies.logo_path,
      explorer_poster_path: companies.explorer_poster_path,
    })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deleted_at), scope))
    .limit(1);
  if (!c) throw notFound();
  return c;
}
