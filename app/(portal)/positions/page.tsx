import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { positionsCrud } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { PositionsTable } from "./_components/positions-table";

export const metadata = { title: "Positions" };

export default async function PositionsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(positionsCrud, searchParams);
  // Roles are not in the spec's menu; their screens are reached from here.
  const roles = can(s.ctx, "roles.list") && (
    <Button asChild variant="outline">
      <Link href="/roles">
        <ShieldCheck className="size-4" aria-hidden />
        Roles
      </Link>
    </Button>
  );
  return (
    <EntityListPage {...s.page} actions={roles}>
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PositionsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
