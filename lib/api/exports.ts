import "server-only";
import { userTimestampExport } from "@/lib/admin/user-timestamps";
import type { ExportDef } from "@/lib/platform/exports";
import { registry } from "@/lib/registry";

/** Every export a signed download link may name. Each `rows` checks its own permission. */
export const exportDefs: Record<string, ExportDef<never>> = {
  ...Object.fromEntries(registry.filter((r) => r.export).map((r) => [r.def.name, r.export!])),
  user_timestamps: userTimestampExport as unknown as ExportDef<never>,
};
