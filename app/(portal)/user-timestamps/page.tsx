import { listUserTimestamps, userTimestampList } from "@/lib/admin/user-timestamps";
import { formatDateTime, formatDuration } from "@/lib/format";
import { withPickers } from "@/lib/options/option-sources";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { filterBar, parseListQuery } from "@/lib/platform/list";
import { authorizePage, guardPage, pageCompanyId } from "@/lib/platform/page-guard";
import { PORTAL_MAX_ROWS, sortParamOf, type ListScreenProps } from "@/lib/platform/screens";
import { requirePageContext } from "@/lib/platform/session";
import { ListPage, ListToolbar } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { UserTimestampsTable, type UserTimestampView } from "./_components/user-timestamps-table";
import { exportUserTimestampsAction } from "./actions";

export const metadata = { title: "User Timestamps" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Read-only audit of time spent on pages (spec 001 §2): search, user and date filters, delete per row, export; no
 * trash view. Not an entity of the screen kit (no lifecycle columns), so the steps of `listScreen` are spelled out.
 */
export default async function UserTimestampsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  authorizePage(ctx, "user_timestamps.list");
  // The records belong to a company: a SUPER ADMIN or BACKEND ADMIN picks one first (the company switch).
  pageCompanyId(ctx);
  const sp = await searchParams;
  const query = await guardPage(() => parseListQuery(userTimestampList, sp));
  const may = {
    list: true,
    view: false,
    create: false,
    update: false,
    delete: can(ctx, "user_timestamps.delete"),
    restore: false,
    export: can(ctx, "user_timestamps.export"),
  };
  // The rows stream in under the toolbar (components/data-table/list-rows.tsx); ALL shows the portal's ceiling.
  const all = query.rowsPerPage > PORTAL_MAX_ROWS;
  const shown = all
    ? { ...sp, rowsPerPage: String(PORTAL_MAX_ROWS), page: undefined, cursor: undefined, before: undefined }
    : sp;
  const table: Promise<ListScreenProps<Omit<UserTimestampView, "id"> & { id: number }>> = guardPage(() =>
    listUserTimestamps(ctx, shown),
  ).then((result) => ({
    rows: result.data.map((r) => ({
      id: encodeId(r.id),
      name: r.name,
      email: r.email,
      url: r.url,
      page: r.from_name,
      timeSpent: r.timespent == null ? "-" : formatDuration(r.timespent),
      date: formatDateTime(r.created_at),
      clientReported: r.client_reported === true,
    })),
    count: result.count,
    countEstimated: result.count_estimated,
    page: all ? 1 : query.page,
    rowsPerPage: query.rowsPerPage,
    ceiling: PORTAL_MAX_ROWS,
    cursors: { prev: result.prev_cursor, next: result.next_cursor },
    sort: sortParamOf(query),
    trash: false,
    href: "/user-timestamps",
    messages: { deleted: "User timestamp deleted successfully.", restored: "" },
    may,
  }));
  table.catch(() => {});
  // The people with page time (up to the company's million users) are searched on the server; only the chosen one
  // is named here.
  const filters = await withPickers(ctx, filterBar(userTimestampList), sp, {
    user_id: { source: "page_time_users" },
  });
  return (
    <ListPage
      title="User Timestamps"
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name, email or URL"
          filters={filters}
          exportAction={may.export ? exportUserTimestampsAction : undefined}
        />
      }
    >
      <ListRows table={table} rows={query.rowsPerPage}>
        {(t) => <UserTimestampsTable {...t} />}
      </ListRows>
    </ListPage>
  );
}
