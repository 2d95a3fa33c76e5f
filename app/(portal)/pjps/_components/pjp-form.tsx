"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createPjpAction, updatePjpAction } from "../actions";
import { OutletRows } from "./outlet-rows";

/** The PJP form's values (lib/operations/pjps.ts pjpCreateSchema); ids as strings. */
export type PjpFormValues = {
  name: string;
  location: string;
  user_id: string;
  date: string;
  description: string;
  is_active: number;
  is_outlet_visited: number;
  pjp_outlets: { outlet_id: string }[];
};

export const EMPTY_PJP: PjpFormValues = {
  name: "",
  location: "",
  user_id: "",
  date: "",
  description: "",
  is_active: 1,
  is_outlet_visited: 0,
  pjp_outlets: [{ outlet_id: "" }],
};

const F = fieldsFor<PjpFormValues>();

/** Name, Location, User, Date, Description and the outlets; on edit also Is outlet visited and Is Active. */
export function PjpForm(
  props: FormScreenProps & { initial: PjpFormValues; users: Option[]; outlets: Option[] },
) {
  const { users, outlets, initial, ...form } = props;
  return (
    <EntityForm<PjpFormValues>
      {...form}
      initial={initial}
      actions={{ create: createPjpAction, update: updatePjpAction }}
      after={<OutletRows name="pjp_outlets" outlets={outlets} disabled={form.readOnly} />}
    >
      <F.Text name="name" label="Name" required />
      <F.Text name="location" label="Location" />
      <F.Select name="user_id" label="User" options={users} required />
      <F.Text name="date" label="Date" type="date" required />
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
