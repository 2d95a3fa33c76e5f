"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createOutletAction, updateOutletAction } from "../actions";
import type { OutletFormValues } from "./outlet-values";

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
