import { diffRecords } from "@/lib/admin/audit";
import { listUserTimestamps, userTimestampListSpec } from "@/lib/admin/user-timestamps";
import { formatDateTime, formatDuration } from "@/lib/format";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { requirePageContext } from "@/lib/platform/session";
import { ListPage, ListToolbar } from "@/components/data-table";
import { fieldLabel } from "@/components/audit/format";
import { AccessDenied } from "../_components/access-denied";
import { UserTimestampsTable } from "./_components/user-timestamps-table";
import { exportUserTimestampsAction } from "./actions";

export const metadata = { title: "User Timestamps" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Read-only audit of time spent on pages (spec 001 §2): search, delete per row, export; no trash view. */
export default async function UserTimestampsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "user_timestamps.list")) return <AccessDenied />;
  // The records belong to a company: a SUPER ADMIN or BACKEND ADMIN picks one first (the company switch).
  pageCompanyId(ctx);
  const sp = await searchParams;
  const params = parseListParams(sp, userTimestampListSpec);
  const { data, count } = await listUserTimestamps(ctx, sp);
  const rows = data.map((r) => ({
    id: encodeId(r.id),
    name: r.name,
    email: r.email,
    url: r.url,
    page: r.from_name,
    timeSpent: r.timespent == null ? "-" : formatDuration(r.timespent),
    date: formatDateTime(r.created_at),
    changed:
      r.old_json == null && r.new_json == null
        ? []
        : diffRecords(r.old_json, r.new_json).map((c) => fieldLabel(c.field)),
  }));
  return (
    <ListPage
      title="User Timestamps"
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name, email or URL"
          exportAction={can(ctx, "user_timestamps.export") ? exportUserTimestampsAction : undefined}
        />
      }
    >
      <UserTimestampsTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        canDelete={can(ctx, "user_timestamps.delete")}
      />
    </ListPage>
  );
}
