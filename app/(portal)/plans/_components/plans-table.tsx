"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { EntityTable, statusColumn, textColumn, type ColumnFit } from "@/components/data-table";
import { formatRupees } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePlanAction, restorePlanAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  plan_name: string;
  tier_name: string | null;
  no_of_dogs: number;
  no_of_walks: number;
  original_amount: number;
  final_amount: number;
  days: number | null;
  customer_per_day_charges: number | null;
  is_active: number;
}>;

/** A money column: the amount in rupees (₹1,23,456.00), right-aligned. */
const money = (header: string, key: keyof Row & string, fit: ColumnFit = {}): ColumnDef<Row> => ({
  id: key,
  header,
  meta: { className: "text-right whitespace-nowrap", ...fit },
  cell: ({ row }) => formatRupees(row.original[key] as number | null),
});

/** Sr No, Status, Plan, Tier, Dogs, Walks, Original and Final Amount, Days, Per Day, Action (spec 002 §2 Plans). */
export function PlansTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.plan_name}
      actions={{ delete: deletePlanAction, restore: restorePlanAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Plan", "plan_name", { title: true }),
        textColumn<Row>("Tier", "tier_name", { priority: 3, card: true }),
        textColumn<Row>("No.Of Dogs", "no_of_dogs", { priority: 5 }),
        textColumn<Row>("No.Of Walks", "no_of_walks", { priority: 5 }),
        money("Original Amount", "original_amount", { priority: 6 }),
        money("Final Amount", "final_amount", { priority: 2, card: true }),
        textColumn<Row>("Days", "days", { priority: 4, card: true }),
        money("Per Day Charges", "customer_per_day_charges", { priority: 7 }),
      ]}
    />
  );
}
