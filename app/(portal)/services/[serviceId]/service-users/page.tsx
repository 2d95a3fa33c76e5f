import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { ListPage, ListToolbar } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { Button } from "@/components/ui/button";
import { listServiceUsers, servicesCrud, serviceUsersList } from "@/lib/operations/services";
import { parseListQuery } from "@/lib/platform/list";
import { PORTAL_MAX_ROWS } from "@/lib/platform/screens";
import { guardPage, authorizePage, pageCompanyId } from "@/lib/platform/page-guard";
import { pageId, requirePageContext } from "@/lib/platform/session";
import { ServiceUsersTable } from "../../_components/service-users-table";

export const metadata = { title: "Service Users" };

type Props = {
  params: Promise<{ serviceId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The users interested in one service (their interests, spec 002): user name, email, phone; search and paging.
 * Gated on services.view; another company's service shows the not-found card.
 */
export default async function ServiceUsersPage({ params, searchParams }: Props) {
  const ctx = await requirePageContext();
  authorizePage(ctx, "services.view");
  pageCompanyId(ctx);
  const id = pageId((await params).serviceId);
  const service = await guardPage(() => servicesCrud.get(ctx, id));
  const raw = await searchParams;
  const parsed = await guardPage(() => parseListQuery(serviceUsersList, raw));
  // ALL shows the first PORTAL_MAX_ROWS rows, as on every portal list.
  const query = parsed.rowsPerPage > PORTAL_MAX_ROWS ? { ...parsed, rowsPerPage: PORTAL_MAX_ROWS } : parsed;
  const table = guardPage(() => listServiceUsers(ctx, id, raw, query)).then((r) => ({
    rows: r.data.map((u) => ({ key: u.id, user_name: u.user_name, email: u.email, phone: u.phone })),
    count: r.count,
    countEstimated: r.count_estimated,
    cursors: { prev: r.prev_cursor, next: r.next_cursor },
  }));
  table.catch(() => {});
  return (
    <ListPage
      title={`Users of ${service.name}`}
      actions={
        <Button asChild variant="outline">
          <Link href="/services">
            <ArrowLeft className="size-4" aria-hidden />
            Services
          </Link>
        </Button>
      }
      toolbar={<ListToolbar searchPlaceholder="Search by name, email or phone" />}
    >
      <ListRows table={table} rows={query.rowsPerPage}>
        {(t) => (
          <ServiceUsersTable
            {...t}
            page={query.page}
            rowsPerPage={parsed.rowsPerPage}
            ceiling={PORTAL_MAX_ROWS}
          />
        )}
      </ListRows>
    </ListPage>
  );
}
