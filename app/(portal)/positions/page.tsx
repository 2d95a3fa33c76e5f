import Link from "next/link";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ListPage, ListToolbar } from "@/components/data-table";
import { listPositions, positionsDef } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { PositionsTable } from "./_components/positions-table";

export const metadata = { title: "Positions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PositionsPage({ searchParams }: Props) {
  const { ctx, may, table, trash } = await listScreen(positionsDef, searchParams, listPositions);
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
      trash={trash}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={filterBar(positionsDef.list)}
          createHref={may.create ? "/positions/create" : undefined}
          createLabel="Add Position"
          trash={may.restore}
        />
      }
    >
      <PositionsTable {...table} />
    </ListPage>
  );
}
