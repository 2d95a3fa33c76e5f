import "server-only";
import { companiesForExport, companyExportColumns, type CompanyListRow } from "@/lib/admin/companies";
import type { ExportDef } from "@/lib/platform/exports";

/** Every export a signed download link may name. Each `rows` checks its own permission. */
export const exportDefs: Record<string, ExportDef<never>> = {
  companies: {
    filename: "companies.xlsx",
    sheet: "Companies",
    columns: companyExportColumns,
    rows: companiesForExport,
  } satisfies ExportDef<CompanyListRow> as unknown as ExportDef<never>,
};
