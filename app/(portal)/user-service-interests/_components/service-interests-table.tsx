"use client";
import { EntityTable, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteServiceInterestAction } from "../actions";

type Row = ScreenRow<{ id: number; user_name: string; service_name: string; is_active: number }>;

/** Sr No, Interested By (the user), Service, Action (delete only: no edit screen, no restore on the screen). */
export function ServiceInterestsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      may={{ ...props.may, view: false, update: false, restore: false }}
      label={(r) => `${r.user_name}'s interest in ${r.service_name}`}
      actions={{ delete: deleteServiceInterestAction }}
      columns={[textColumn<Row>("Interested By", "user_name"), textColumn<Row>("Service", "service_name")]}
    />
  );
}
