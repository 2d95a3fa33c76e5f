import Link from "next/link";
import { redirect } from "next/navigation";
import { CalendarRange, Copy, Upload } from "lucide-react";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { Button } from "@/components/ui/button";
import { pjpsCrud } from "@/lib/operations/pjps";
import { withPickers } from "@/lib/options/option-sources";
import { currentMonthYear } from "@/lib/operations/week-parity";
import { can } from "@/lib/platform/context";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportPjpsAction } from "./actions";
import { PjpsTable, type PjpRow } from "./_components/pjps-table";

export const metadata = { title: "Pjps" };

const PJP_COLUMNS = [
  "name",
  "location",
  "user_name",
  "date",
  "description",
  "is_active",
] as const satisfies readonly (keyof PjpRow)[];

/** /pjps (spec 001 §2 PJPs): one month's PJPs (Year - Month, the current month in India unless chosen). */
export default async function PjpsPage({ searchParams }: ListPageProps) {
  const sp = await searchParams;
  // The month picker shows the month the list holds: the default goes into the URL.
  if (!sp.month_year) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(sp)) if (typeof v === "string") q.set(k, v);
    q.set("month_year", currentMonthYear());
    redirect(`/pjps?${q}`);
  }
  const s = await listScreen(pjpsCrud, Promise.resolve(sp), { fields: PJP_COLUMNS });
  // The company's users (up to a million) are searched on the server; only the chosen one is named here.
  const filters = await withPickers(s.ctx, filterBar(pjpsCrud.def.list), s.raw, {
    user_id: { source: "users" },
  });
  const tools = !s.trash && (
    <div className="flex flex-wrap gap-2">
      {can(s.ctx, "pjps.copy") && (
        <>
          <Button asChild variant="outline">
            <Link href="/pjps/copy-pjp-references">
              <Copy className="size-4" aria-hidden />
              Copy Pjp from References
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/pjps/copy-pjp-prev-month">
              <CalendarRange className="size-4" aria-hidden />
              Copy Pjp from Previous Month
            </Link>
          </Button>
        </>
      )}
      {can(s.ctx, "pjps.upload") && (
        <Button asChild variant="outline">
          <Link href="/pjps/upload">
            <Upload className="size-4" aria-hidden />
            Upload Pjp
          </Link>
        </Button>
      )}
    </div>
  );
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by name, location, description or user"
      exportAction={exportPjpsAction}
      actions={tools}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PjpsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
