"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePjpReferenceAction } from "../actions";

export type PjpReferenceRow = ScreenRow<{
  id: number;
  name: string;
  location: string | null;
  user_name: string | null;
  day: string;
  week: string;
  is_active: number;
}>;

/** Sr No, Status, Name, Location, User, Day, Week, Action (delete, edit); no trash view (spec 001 §4). */
export function PjpReferencesTable(props: ListScreenProps<PjpReferenceRow>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deletePjpReferenceAction }}
      columns={[
        statusColumn<PjpReferenceRow>(),
        textColumn<PjpReferenceRow>("Name", "name", { sort: true }),
        textColumn<PjpReferenceRow>("Location", "location"),
        textColumn<PjpReferenceRow>("User", "user_name"),
        textColumn<PjpReferenceRow>("Day", "day"),
        textColumn<PjpReferenceRow>("Week", "week"),
      ]}
    />
  );
}
