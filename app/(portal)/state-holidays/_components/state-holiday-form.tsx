"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createStateHolidayAction, updateStateHolidayAction } from "../actions";
import type { StateHolidayFormValues } from "./state-holiday-values";

const F = fieldsFor<StateHolidayFormValues>();

/**
 * State (required, with its hint), Holiday Date (required), Description, Recurring; Is Active on edit. The
 * earlier client's leftover pricing fields are left out (spec 001 §2 notes them as meaningless here).
 */
export function StateHolidayForm({
  states,
  ...props
}: FormScreenProps & { initial: StateHolidayFormValues; states: Option[] }) {
  return (
    <EntityForm<StateHolidayFormValues>
      {...props}
      actions={{ create: createStateHolidayAction, update: updateStateHolidayAction }}
    >
      <div className="grid gap-1.5">
        <F.Select name="state" label="State" options={states} required />
        <p className="text-muted-foreground text-xs">State for which this holiday is applicable</p>
      </div>
      <F.Date name="holiday_date" label="Holiday Date" required />
      <F.Text name="description" label="Description" multiline className="md:col-span-2" />
      <F.Switch name="is_recurring" label="Recurring (every year on this day)" />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
