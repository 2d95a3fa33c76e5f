import "server-only";
import { companiesForExport, companyExportColumns, type CompanyListRow } from "@/lib/admin/companies";
import { moduleExport } from "@/lib/admin/modules";
import { roleExport } from "@/lib/admin/roles";
import { userExportColumns, usersForExport, type UserListRow } from "@/lib/admin/users/users";
import {
  userTimestampExportColumns,
  userTimestampsForExport,
  type UserTimestampRow,
} from "@/lib/admin/user-timestamps";
import type { ExportDef } from "@/lib/platform/exports";

/** Every export a signed download link may name. Each `rows` checks its own permission. */
export const exportDefs: Record<string, ExportDef<never>> = {
  companies: {
    filename: "companies.xlsx",
    sheet: "Companies",
    columns: companyExportColumns,
    rows: companiesForExport,
  } satisfies ExportDef<CompanyListRow> as unknown as ExportDef<never>,
  modules: { ...moduleExport, sheet: "Modules" } as unknown as ExportDef<never>,
  roles: { ...roleExport, sheet: "Roles" } as unknown as ExportDef<never>,
  users: {
    filename: "users.xlsx",
    sheet: "Users",
    columns: userExportColumns,
    rows: usersForExport,
  } satisfies ExportDef<UserListRow> as unknown as ExportDef<never>,
  user_timestamps: {
    filename: "user-timestamps.xlsx",
    sheet: "User Timestamps",
    columns: userTimestampExportColumns,
    rows: userTimestampsForExport,
  } satisfies ExportDef<UserTimestampRow> as unknown as ExportDef<never>,
};
