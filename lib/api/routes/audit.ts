import "server-only";
import { listAuditRecords } from "@/lib/admin/audit";
import type { ApiRoute } from "../types";

/** A record's history (spec 000 §4: every create and edit records the old and new values). */
export const auditRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "audit_records",
    auth: "user",
    permission: "audit.view",
    shape: "list",
    handler: ({ ctx, query }) => listAuditRecords(ctx, query),
  },
];
