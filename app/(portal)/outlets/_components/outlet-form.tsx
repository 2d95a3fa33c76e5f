"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createOutletAction, updateOutletAction } from "../actions";

/** The outlet form's fields (lib/operations/outlets.ts); the earlier client's role_id 3 goes with a create. */
export type OutletFormValues = { name: string; brand: string; is_active: number; role_id?: number };
export const EMPTY_OUTLET: OutletFormValues = { name: "", brand: "", is_active: 1, role_id: 3 };
const F = fieldsFor<OutletFormValues>();

/** Add Outlet: Name, Brand. Edit: Name, Brand and Is Active (spec 001 §2). */
export function OutletForm(props: FormScreenProps & { initial: OutletFormValues }) {
  return (
    <EntityForm<OutletFormValues>
      {...props}
      actions={{ create: createOutletAction, update: updateOutletAction }}
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="brand" label="Brand" />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
