"use client";
import { EntityForm, fieldsFor, type Option, type PickedOption } from "@/components/form";
import { createUserAction, updateUserAction } from "../actions";
import type { UserFormValues } from "./user-values";

const F = fieldsFor<UserFormValues>();

type Props = {
  /** Opaque id of the user being edited; absent on create. */
  id?: string;
  initial: UserFormValues;
  positions: Option[];
  /** The chosen franchisee, named by the server (the picker searches the rest as you type). */
  franchisee: PickedOption | null;
  /** The staff screens: titled Staff; on create the franchisee is required (unless `franchiseeFixed`). */
  staff?: boolean;
  /** The franchisee came with the screen (query, or the caller's own): shown preselected, not changeable. */
  franchiseeFixed?: boolean;
  /** Where Cancel and a successful save go. */
  listHref: string;
  /** A caller who may view but not update sees the form without Save. */
  readOnly?: boolean;
  /** The user record's version: a save over a newer one is refused (lib/platform/versions.ts). */
  version?: string;
};

/**
 * The user form of spec 000 §2.9, shared by the users and staff screens. The upline user is not edited here (the
 * bulk upload sets it): the form does not send it, so a save keeps it.
 */
export function UserForm({
  id,
  initial,
  positions,
  franchisee,
  staff,
  franchiseeFixed,
  listHref,
  readOnly,
  version,
}: Props) {
  const franchiseeRequired = !!staff && !id && !franchiseeFixed;
  return (
    <EntityForm<UserFormValues>
      noun={staff ? "Staff" : "User"}
      id={id}
      version={version}
      initial={initial}
      readOnly={readOnly}
      listHref={listHref}
      actions={{ create: (values) => createUserAction(values, !!staff), update: updateUserAction }}
      messages={{ created: "User created successfully.", updated: "User updated successfully." }}
    >
      <F.Text name="first_name" label="First Name" required />
      <F.Text name="middle_name" label="Middle Name" />
      <F.Text name="last_name" label="Last Name" required />
      <F.Text name="email" label="Email" type="email" required />
      <F.Text name="phone" label="Phone" type="tel" required={!!id} />
      <F.Text name="employee_code" label="Employee Code" />
      <F.Select name="position_id" label="Position" options={positions} required />
      <F.Picker
        name="franchisee_id"
        label="Franchisee"
        source="franchisees"
        selected={franchisee}
        // An optional franchisee can be taken away again ("0" is read as none by the schema).
        none={franchiseeRequired ? undefined : { value: "0", label: "None" }}
        required={franchiseeRequired}
        disabled={franchiseeFixed || readOnly}
      />
      {id && <F.Switch name="is_active" label="Is Active" />}
    </EntityForm>
  );
}
