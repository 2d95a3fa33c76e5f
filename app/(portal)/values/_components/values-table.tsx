"use client";
import { EntityTable, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";

type Row = ScreenRow<{ id: number; name: string }>;

/** Sr No, Name, and edit at /values/{id}; masters are never deleted (spec 001 §2). */
export function ValuesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{}}
      columns={[textColumn<Row>("Name", "name", { sort: true })]}
    />
  );
}
