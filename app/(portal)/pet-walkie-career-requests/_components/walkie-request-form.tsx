"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createWalkieRequestAction } from "../actions";
import type { WalkieRequestFormValues } from "./walkie-request-values";

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
