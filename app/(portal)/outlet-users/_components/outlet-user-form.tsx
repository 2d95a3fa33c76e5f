"use client";
import { fieldsFor, type PickedOption, EntityForm } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createOutletUserAction, updateOutletUserAction } from "../actions";
import type { OutletUserFormValues } from "./outlet-user-values";

const F = fieldsFor<OutletUserFormValues>();

/**
 * Add User: User (dropdown) and Start Date. Edit: User, Start Date, End Date, Is Active, and the button the spec
 * labels 'Update Outlet'. Both return to the outlet's user list.
 */
export function OutletUserForm(
  props: FormScreenProps & { initial: OutletUserFormValues; user?: PickedOption | null },
) {
  const { user, ...form } = props;
  const editing = !!props.id;
  return (
    <EntityForm<OutletUserFormValues>
      {...form}
      title={editing ? "Edit Outlet User" : "Add User"}
      submitLabel={editing ? "Update Outlet" : "Save User"}
      actions={{ create: createOutletUserAction, update: updateOutletUserAction }}
    >
      {/* The company's users (up to a million) are searched on the server as you type. */}
      <F.Picker name="user_id" label="User" source="users" selected={user} required />
      <F.Date name="start_date" label="Start Date" required />
      {editing ? (
        <>
          <F.Date name="end_date" label="End Date" />
          <F.Switch name="is_active" label="Is Active" />
        </>
      ) : null}
    </EntityForm>
  );
}
