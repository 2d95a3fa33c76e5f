import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EntityListPage } from "@/components/data-table";
import { listPositions, positionsDef } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { PositionsTable } from "./_components/positions-table";

export const metadata = { title: "Positions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PositionsPage({ searchParams }: Props) {
  const s = await listScreen(positionsDef, searchParams, listPositions);
  // Roles are not in the spec's menu; their screens are reached from here.
  const roles = can(s.ctx, "roles.list");
  return (
    <EntityListPage
      {...s}
      title="Positions"
      noun="Position"
      href="/positions"
      filters={filterBar(positionsDef.list)}
      actions={
        roles ? (
          <Button asChild variant="outline">
            <Link href="/roles">
              <ShieldCheck className="size-4" aria-hidden />
              Roles
            </Link>
          </Button>
        ) : null
      }
    >
      <PositionsTable {...s.table} />
    </EntityListPage>
  );
}
