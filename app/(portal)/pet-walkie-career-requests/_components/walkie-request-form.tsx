"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createWalkieRequestAction } from "../actions";

/** The walker application's fields (lib/franchise/pet-walkie-career-requests.ts) as the form holds them. */
export type WalkieRequestFormValues = {
  user_name: string;
  age: string;
  phone_no: string;
  whatsapp_no: string;
  area: string;
  pin_code: string;
  preferred_timeslot: string;
  is_experienced: number;
  has_internet_access: number;
};

export const EMPTY_WALKIE_REQUEST: WalkieRequestFormValues = {
  user_name: "",
  age: "",
  phone_no: "",
  whatsapp_no: "",
  area: "",
  pin_code: "",
  preferred_timeslot: "",
  is_experienced: 0,
  has_internet_access: 0,
};

const F = fieldsFor<WalkieRequestFormValues>();

/**
 * /pet-walkie-career-requests/create: an admin enters a walker's paper application (decision: the earlier client's
 * create page was a mis-wired copy of the services form, spec 002 §2). It is saved pending, with no applicant
 * account, and reviewed like any other.
 */
export function WalkieRequestForm(props: FormScreenProps & { initial: WalkieRequestFormValues }) {
  return (
    <EntityForm<WalkieRequestFormValues>
      {...props}
      title="Add Walkie Career Request"
      submitLabel="Save Request"
      actions={{ create: createWalkieRequestAction }}
    >
      <F.Text name="user_name" label="Full Name" required />
      <F.Text name="age" label="Age" type="number" />
      <F.Text name="phone_no" label="Phone" type="tel" required />
      <F.Text name="whatsapp_no" label="WhatsApp No" type="tel" />
      <F.Text name="area" label="Area" />
      <F.Text name="pin_code" label="Pin Code" />
      <F.Text name="preferred_timeslot" label="Preferred Timeslot" />
      <F.Switch name="is_experienced" label="Is Experienced" />
      <F.Switch name="has_internet_access" label="Has Internet Access" />
    </EntityForm>
  );
}
