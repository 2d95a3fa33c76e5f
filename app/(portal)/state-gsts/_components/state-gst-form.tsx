"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createStateGstAction, updateStateGstAction } from "../actions";

/**
 * The GST schema's fields (lib/operations/state-gsts.ts) as the form holds them. gst_date, description and
 * is_recurring start as the earlier client's form did; they are sent, stored and not shown.
 */
export type StateGstFormValues = {
  state: string;
  gst: string;
  gst_date: string;
  description: string;
  is_recurring: number;
  is_active: number;
};

export const EMPTY_STATE_GST: StateGstFormValues = {
  state: "",
  gst: "",
  gst_date: "",
  description: "",
  is_recurring: 0,
  is_active: 1,
};

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
