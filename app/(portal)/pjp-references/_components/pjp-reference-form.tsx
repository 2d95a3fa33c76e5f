"use client";
import { EntityForm, fieldsFor, type PickedOption } from "@/components/form";
import { DAYS, WEEK_PARITIES, WEEK_PARITY_HINT } from "@/lib/operations/week-parity";
import type { FormScreenProps } from "@/lib/platform/screens";
import { OutletRows } from "../../pjps/_components/outlet-rows";
import { createPjpReferenceAction, updatePjpReferenceAction } from "../actions";
import type { PjpReferenceFormValues } from "./pjp-reference-values";

const F = fieldsFor<PjpReferenceFormValues>();
const DAY_OPTIONS = DAYS.map((d) => ({ value: d, label: d }));
const WEEK_OPTIONS = WEEK_PARITIES.map((w) => ({ value: w, label: w }));

/**
 * Name, Location, User, Day, Week (with what EVEN and ODD mean), Is Active on edit, and the outlets. The user and
 * outlets are searched on the server; `user` and `outlets` name the record's own on first paint.
 */
export function PjpReferenceForm(
  props: FormScreenProps & {
    initial: PjpReferenceFormValues;
    user?: PickedOption | null;
    outlets?: PickedOption[];
  },
) {
  const { user, outlets, initial, ...form } = props;
  return (
    <EntityForm<PjpReferenceFormValues>
      {...form}
      initial={initial}
      actions={{ create: createPjpReferenceAction, update: updatePjpReferenceAction }}
      after={<OutletRows name="pjp_reference_outlets" chosen={outlets} disabled={form.readOnly} />}
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="location" label="Location" />
      <F.Picker name="user_id" label="User" source="users" selected={user} required />
      <F.Select name="day" label="Day" options={DAY_OPTIONS} required />
      <div className="grid gap-1.5">
        <F.Select name="week" label="Week" options={WEEK_OPTIONS} required />
        <p className="text-sm text-slate-600" id="week-hint">
          {WEEK_PARITY_HINT}
        </p>
      </div>
      {form.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
