"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createStateGstAction, updateStateGstAction } from "../actions";
import type { StateGstFormValues } from "./state-gst-values";

const F = fieldsFor<StateGstFormValues>();

/**
 * 'Add State Gst' / 'Edit State Gst' (the buttons 'Save State Gst' / 'Update State Gst'): State (required, with
 * its hint) and 'GST (%) *'; Is Active on edit.
 */
export function StateGstForm({
  states,
  ...props
}: FormScreenProps & { initial: StateGstFormValues; states: Option[] }) {
  return (
    <EntityForm<StateGstFormValues>
      {...props}
      actions={{ create: createStateGstAction, update: updateStateGstAction }}
    >
      <div className="grid gap-1.5">
        <F.Select name="state" label="State" options={states} required />
        <p className="text-muted-foreground text-xs">State for which this gst is applicable</p>
      </div>
      <F.Text name="gst" label="GST (%)" type="number" required />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
