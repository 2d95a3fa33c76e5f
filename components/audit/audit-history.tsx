import "server-only";
import { listAuditRecords } from "@/lib/history";
import { can, type Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AuditEntries } from "./audit-entries";
import { HISTORY_PAGE_SIZE, toEntryViews } from "./format";

type Props = {
  ctx: Ctx;
  /** The audited table's name, as mutations record it: "companies", "users", "positions", ... */
  entity: string;
  /** The record's plain id. */
  entityId: number;
};

/**
 * A record's history for its edit page: who changed what and when, newest first, field by field. Renders
 * nothing for a caller without audit.view, and no entries for a record the caller may not view itself (see
 * listAuditRecords). Usage: `<AuditHistory ctx={ctx} entity="companies" entityId={id} />`.
 */
export async function AuditHistory({ ctx, entity, entityId }: Props) {
  if (!can(ctx, "audit.view")) return null;
  const r = await listAuditRecords(ctx, {
    entity,
    entity_id: entityId,
    page: 1,
    rowsPerPage: HISTORY_PAGE_SIZE,
  }).catch((e) => {
    // A history is an extra on an edit page: a refused read (no company chosen) hides it, never the page.
    if (e instanceof AppError && e.status === 403) return null;
    throw e;
  });
  if (!r) return null;
  return (
    <Card role="region" className="min-w-0 gap-4 border-slate-200" aria-labelledby="audit-history-title">
      <CardHeader>
        <CardTitle id="audit-history-title" className="text-lg text-slate-900">
          History
        </CardTitle>
      </CardHeader>
      <CardContent>
        <AuditEntries
          entity={entity}
          entityId={encodeId(entityId)}
          initial={await toEntryViews(ctx, r.data)}
          count={r.count}
        />
      </CardContent>
    </Card>
  );
}
