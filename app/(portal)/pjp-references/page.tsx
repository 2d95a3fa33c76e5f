import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { withPickers } from "@/lib/options/option-sources";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportPjpReferencesAction } from "./actions";
import { PjpReferencesTable, type PjpReferenceRow } from "./_components/pjp-references-table";

export const metadata = { title: "Pjp References" };

const COLUMNS = [
  "name",
  "location",
  "user_name",
  "day",
  "week",
  "is_active",
] as const satisfies readonly (keyof PjpReferenceRow)[];

/** /pjp-references (spec 001 §2 PJP references): search, User and Status filters; delete has no trash view. */
export default async function PjpReferencesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(pjpReferencesCrud, searchParams, { fields: COLUMNS });
  // The company's users (up to a million) are searched on the server; only the chosen one is named here.
  const filters = await withPickers(s.ctx, filterBar(pjpReferencesCrud.def.list), s.raw, {
    user_id: { source: "users" },
  });
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by name, location or user"
      exportAction={exportPjpReferencesAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PjpReferencesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
