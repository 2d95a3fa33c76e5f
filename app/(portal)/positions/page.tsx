import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ListPage, ListToolbar, STATUS_FILTER } from "@/components/data-table";
import { listPositions, positionListSpec } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../_components/access-denied";
import { PositionsTable } from "./_components/positions-table";

export const metadata = { title: "Positions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PositionsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "positions.list")) return <AccessDenied />;
  // Positions belong to a company: a SUPER or BACKEND ADMIN who chose none is asked to choose one.
  pageCompanyId(ctx);
  const sp = await searchParams;
  const params = parseListParams(sp, positionListSpec);
  const { data, count } = await listPositions(ctx, sp);
  const rows = data.map((r) => ({ id: encodeId(r.id), name: r.name, is_active: r.is_active }));
  return (
    <ListPage
      actions={
        // Roles are not in the spec's menu; their screens are reached from here.
        can(ctx, "roles.list") ? (
          <Button asChild variant="outline">
            <Link href="/roles">
              <ShieldCheck className="size-4" aria-hidden />
              Roles
            </Link>
          </Button>
        ) : null
      }
      title="Positions"
      trashTitle="Deleted Positions"
      trash={params.showDeleted}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={[STATUS_FILTER]}
          createHref={can(ctx, "positions.create") ? "/positions/create" : undefined}
          createLabel="Add Position"
          trash={can(ctx, "positions.restore")}
        />
      }
    >
      <PositionsTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        trash={params.showDeleted}
        canEdit={can(ctx, "positions.update") || can(ctx, "positions.view")}
        canDelete={can(ctx, "positions.delete")}
        canRestore={can(ctx, "positions.restore")}
      />
    </ListPage>
  );
}
