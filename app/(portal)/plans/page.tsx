import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { masterRows, PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import { plansCrud } from "@/lib/franchise/plans";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportPlansAction } from "./actions";
import { PlansTable } from "./_components/plans-table";

export const metadata = { title: "Plans" };

/**
 * Plans or Deleted Plans (spec 002 §2): keyword, status, no. of dogs, no. of walks and tier filters; money in
 * rupees; add, trash, export.
 */
export default async function PlansPage({ searchParams }: ListPageProps) {
  const s = await listScreen(plansCrud, searchParams, {
    fields: [
      "plan_name",
      "tier_name",
      "no_of_dogs",
      "no_of_walks",
      "original_amount",
      "final_amount",
      "days",
      "customer_per_day_charges",
      "is_active",
    ],
  });
  const tiers = (await masterRows(s.ctx, PLAN_TIERS_VALUE)).map((t) => ({
    value: String(t.id),
    label: t.description,
  }));
  return (
    <EntityListPage
      {...s.page}
      filters={filterBar(plansCrud.def.list, { tier: tiers })}
      searchPlaceholder="Search by tier or plan"
      exportAction={exportPlansAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PlansTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
