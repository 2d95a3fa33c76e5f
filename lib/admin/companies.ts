import "server-only";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  companies,
  companiesSearchText,
  DEFAULT_FRANCHISEE_COLOR,
  DEFAULT_STAFF_COLOR,
  type Company,
} from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { notFound } from "@/lib/platform/errors";
import { iterateList, parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { defineMutation } from "@/lib/platform/mutations";
import { defineRestore, defineSoftDelete } from "@/lib/platform/soft-delete";
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
import type { ExportColumn } from "@/lib/platform/spreadsheet";

export const RICH_TEXT_FIELDS = [
  "about_us",
  "terms",
  "faqs",
  "privacy",
  "return_policy",
  "refund_policy",
  "cancellation_policy",
  "disclaimer",
] as const;

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
  // No zod defaults: the columns default (active, switches off) on create, and an update that leaves a flag out
  // keeps it (zod 4 applies .default() even inside .partial()).
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
export type CompanyInput = z.input<typeof companySchema>;

const updateSchema = companySchema.partial().extend({ id: z.coerce.number().int().positive() });

export const companyListSpec: ListSpec = {
  table: companies,
  id: companies.id,
  isActive: companies.is_active,
  deletedAt: companies.deleted_at,
  search: [companies.name, companies.email, companies.phone, companies.admin_name, companies.city],
  searchText: companiesSearchText(companies),
  orderBy: { column: companies.id, dir: "desc" },
};

/** Which companies a caller sees: a SUPER ADMIN all of them; anyone else only the company they act for. */
function companyScope(ctx: Ctx): SQL | undefined {
  if (ctx.roleName === ROLE.SUPER_ADMIN) return undefined;
  return eq(companies.id, requireCompany(ctx));
}

const listColumns = {
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
};
export type CompanyListRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  admin_name: string | null;
  city: string | null;
  state: string | null;
  logo_path: string | null;
  is_active: number;
  deleted_at: Date | null;
};

export async function listCompanies(
  ctx: Ctx,
  raw: URLSearchParams | Record<string, string | string[] | undefined>,
) {
  authorize(ctx, "companies.list");
  const db = await getDb();
  return runList<CompanyListRow>(
    db,
    companyListSpec,
    parseListParams(raw, companyListSpec),
    companyScope(ctx),
    listColumns,
  );
}

/** One live company the caller may see; another company's id answers 404 like a missing one. */
export async function getCompany(ctx: Ctx, id: number): Promise<Company> {
  authorize(ctx, "companies.view");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deleted_at), companyScope(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** get_company/{id}: the branding a client needs (logo). */
export async function getCompanyBranding(ctx: Ctx, id: number) {
  const c = await getCompanyForRead(ctx, id);
  return { id: c.id, name: c.name, logo_path: c.logo_path, explorer_poster_path: c.explorer_poster_path };
}

// Any signed-in member reads their own company's branding; no companies.view needed for that.
async function getCompanyForRead(ctx: Ctx, id: number) {
  const db = await getDb();
  const scope = ctx.roleName === ROLE.SUPER_ADMIN ? undefined : eq(companies.id, ctx.companyId ?? -1);
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deleted_at), scope))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export const createCompany = defineMutation({
  entity: "companies",
  action: "create",
  permission: "companies.create",
  input: companySchema,
  async run({ ctx, input, tx }) {
    const [row] = await tx
      .insert(companies)
      .values({ ...input, created_by: ctx.userId, updated_by: ctx.userId })
      .returning();
    return { id: row.id, before: null, after: row, result: row };
  },
});

export const updateCompany = defineMutation({
  entity: "companies",
  action: "update",
  permission: "companies.update",
  input: updateSchema,
  async run({ ctx, input, tx }) {
    const { id, ...fields } = input;
    const [before] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), isNull(companies.deleted_at), companyScope(ctx)))
      .for("update");
    if (!before) throw notFound();
    const [after] = await tx
      .update(companies)
      .set({ ...fields, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(companies.id, id))
      .returning();
    return { id, before, after, result: after };
  },
});

/** Sets the logo and/or explorer poster paths after the files were stored (upload_logo_path). */
export const setCompanyImages = defineMutation({
  entity: "companies",
  action: "update",
  permission: "companies.update",
  input: z.object({
    id: z.coerce.number().int().positive(),
    logo_path: z.string().max(500).optional(),
    explorer_poster_path: z.string().max(500).optional(),
  }),
  async run({ ctx, input, tx }) {
    const [before] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, input.id), isNull(companies.deleted_at), companyScope(ctx)))
      .for("update");
    if (!before) throw notFound();
    const set: Partial<Company> = { updated_at: new Date(), updated_by: ctx.userId };
    if (input.logo_path !== undefined) set.logo_path = input.logo_path;
    if (input.explorer_poster_path !== undefined) set.explorer_poster_path = input.explorer_poster_path;
    const [after] = await tx.update(companies).set(set).where(eq(companies.id, input.id)).returning();
    return { id: input.id, before, after, result: after };
  },
});

export const deleteCompany = defineSoftDelete({
  entity: "companies",
  permission: "companies.delete",
  table: companies,
  scope: companyScope,
});

export const restoreCompany = defineRestore({
  entity: "companies",
  permission: "companies.restore",
  table: companies,
  scope: companyScope,
});

export const companyExportColumns: ExportColumn<CompanyListRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Status", value: (r) => (r.is_active === 1 ? "Active" : "Inactive") },
  { header: "Name", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Admin Name", value: (r) => r.admin_name },
  { header: "City", value: (r) => r.city },
  { header: "State", value: (r) => r.state },
];

/** Every company of the list's filters, streamed for the export. */
export async function* companiesForExport(ctx: Ctx, raw: URLSearchParams) {
  authorize(ctx, "companies.export");
  const db = await getDb();
  yield* iterateList<CompanyListRow>(
    db,
    companyListSpec,
    parseListParams(raw, companyListSpec),
    companyScope(ctx),
    listColumns,
  );
}
