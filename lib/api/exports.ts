import "server-only";
import { moduleExport } from "@/lib/admin/modules";
import { roleExport } from "@/lib/admin/roles";
import { userTimestampExport } from "@/lib/admin/user-timestamps";
import type { ExportDef } from "@/lib/platform/exports";
import { registered } from "@/lib/registry";

/** Every export a signed download link may name. Each `rows` checks its own permission. */
export const exportDefs: Record<string, ExportDef<never>> = {
  companies: registered("companies")!.export!,
  modules: { ...moduleExport, sheet: "Modules" } as unknown as ExportDef<never>,
  roles: { ...roleExport, sheet: "Roles" } as unknown as ExportDef<never>,
  users: registered("users")!.export!,
  user_timestamps: userTimestampExport as unknown as ExportDef<never>,
};
