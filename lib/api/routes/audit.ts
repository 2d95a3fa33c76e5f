import "server-only";
import { z } from "zod";
import { listAuditRecords } from "@/lib/history";
import type { ApiRoute } from "../types";

const change = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
const entry = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  action: z.string(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  changes: z.array(change),
});

/** A record's history (spec 000 §4: every create and edit records the old and new values). */
export const auditRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "audit_records",
    auth: "user",
    permission: "audit.view",
    shape: "list",
    tag: "History",
    summary:
      "A record's history, newest first, field by field; empty for a record the caller may not view (another company's)",
    query: z.object({
      entity: z
        .string()
        .describe("The record's entity, as its permissions name it: companies, users, positions..."),
      entity_id: z.string().describe("The record's id."),
      page: z.string().optional().describe("Page number, from 1."),
      rowsPerPage: z.string().optional().describe("Entries per page (10 by default)."),
    }),
    output: z.object({ data: z.array(entry), count: z.number().int() }),
    handler: ({ ctx, query }) => listAuditRecords(ctx, query),
  },
];
