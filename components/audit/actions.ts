"use server";
import { listAuditRecords } from "@/lib/history";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";
import { HISTORY_PAGE_SIZE, toEntryViews } from "./format";

/** The next page of a record's history ('Show more'); the same domain function as GET /api/audit_records. */
export async function loadAuditHistoryAction(entity: unknown, opaqueId: unknown, page: unknown) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const id = actionId(opaqueId);
    const r = await listAuditRecords(ctx, {
      entity,
      entity_id: id,
      page,
      rowsPerPage: HISTORY_PAGE_SIZE,
    });
    return { entries: await toEntryViews(ctx, r.data), count: r.count };
  });
}
