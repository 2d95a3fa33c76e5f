import Link from "next/link";
import { Plus, Upload } from "lucide-react";
import { ListPage } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import { rowsOfMaster } from "@/lib/operations/value-lists";
import { liveValueOf, valueOptions } from "@/lib/operations/values";
import { can } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { authorizePage, pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { MasterPicker } from "./_components/master-picker";
import { ValueListTable } from "./_components/value-list-table";

export const metadata = { title: "List of Masters" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /value-lists (spec 001 §2 List of Masters): choose a master, then edit its rows inline and Save them at once. */
export default async function ValueListsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  authorizePage(ctx, "value_lists.list");
  pageCompanyId(ctx);
  const sp = await searchParams;
  const chosen = typeof sp.master === "string" ? decodeId(sp.master) : null;
  const db = await getDb();
  const master = chosen != null ? await liveValueOf(db, ctx, chosen) : null;
  const masters = (await valueOptions(ctx)).map((v) => ({ value: encodeId(v.id), label: v.name }));
  const rows = master
    ? (await rowsOfMaster(db, ctx, master.id)).map((r) => ({ ...r, id: encodeId(r.id) }))
    : [];
  const may = {
    save: can(ctx, "value_lists.create") || can(ctx, "value_lists.update"),
    edit: can(ctx, "value_lists.view"),
    delete: can(ctx, "value_lists.delete"),
  };
  const opaque = master ? encodeId(master.id) : null;
  const query = opaque ? `?master=${opaque}` : "";
  return (
    <ListPage
      title="List of Masters"
      trash={false}
      actions={
        <div className="flex gap-2">
          {can(ctx, "value_lists.upload") ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/value-lists/upload${query}`}>
                <Upload className="size-4" aria-hidden />
                Upload
              </Link>
            </Button>
          ) : null}
          {can(ctx, "value_lists.create") ? (
            <Button asChild size="sm">
              <Link href={`/value-lists/create${query}`}>
                <Plus className="size-4" aria-hidden />
                Add Value List
              </Link>
            </Button>
          ) : null}
        </div>
      }
      toolbar={<MasterPicker masters={masters} value={opaque} />}
    >
      <div className="p-4 sm:p-6">
        {master && opaque ? (
          // Keyed by master: choosing another starts from its saved rows.
          <ValueListTable key={opaque} masterId={opaque} initial={rows} may={may} />
        ) : (
          <p className="text-muted-foreground text-sm">Choose a master to see and edit its rows.</p>
        )}
      </div>
    </ListPage>
  );
}
