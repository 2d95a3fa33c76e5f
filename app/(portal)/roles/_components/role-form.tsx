"use client";
import { PermissionSetForm, type PermissionGroup, type PermissionSetValues } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createRoleAction, updateRoleAction } from "../actions";

type Props = FormScreenProps & {
  initial: PermissionSetValues;
  groups: PermissionGroup[];
  /** Built-in roles keep their name and stay active: the code knows them by name. */
  builtIn?: boolean;
};

/** The role form, in the positions' checkbox layout; saving sends role_permissions. */
export function RoleForm({ builtIn, ...props }: Props) {
  return (
    <PermissionSetForm
      field="role_permissions"
      create={createRoleAction}
      update={updateRoleAction}
      fixedName={builtIn}
      {...props}
    />
  );
}
