"use client";
import { EntityForm, fieldsFor, type PickedOption } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createPjpAction, updatePjpAction } from "../actions";
import { OutletRows } from "./outlet-rows";
import type { PjpFormValues } from "./pjp-values";

const F = fieldsFor<PjpFormValues>();

/**
 * Name, Location, User, Date, Description and the outlets; on edit also Is outlet visited and Is Active. The user
 * and outlets are searched on the server; `user` and `outlets` name the record's own on first paint.
 */
export function PjpForm(
  props: FormScreenProps & { initial: PjpFormValues; user?: PickedOption | null; outlets?: PickedOption[] },
) {
  const { user, outlets, initial, ...form } = props;
  return (
    <EntityForm<PjpFormValues>
      {...form}
      initial={initial}
      actions={{ create: createPjpAction, update: updatePjpAction }}
      after={<OutletRows name="pjp_outlets" chosen={outlets} disabled={form.readOnly} />}
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="location" label="Location" />
      <F.Picker name="user_id" label="User" source="users" selected={user} required />
      <F.Date name="date" label="Date" required />
      <F.Text name="description" label="Description" multiline className="md:col-span-2" />
      {form.id ? (
        <>
          <F.Switch name="is_outlet_visited" label="Is outlet visited" />
          <F.Switch name="is_active" label="Is Active" />
        </>
      ) : null}
    </EntityForm>
  );
}
