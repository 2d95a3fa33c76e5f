"use client";
import { PermissionSetForm, type PermissionGroup, type PermissionSetValues } from "@/components/form";
import { createRoleAction, updateRoleAction } from "../actions";

export const EMPTY_ROLE: PermissionSetValues = { name: "", is_active: 1, permissions: [] };

type Props = {
  id?: string;
  initial: PermissionSetValues;
  groups: PermissionGroup[];
  /** A caller who may not change roles (a company ADMIN) sees the role without Save. */
  readOnly?: boolean;
  /** Built-in roles keep their name and stay active: the code knows them by name. */
  builtIn?: boolean;
};

/** The role form, in the positions' checkbox layout; saving sends role_permissions. */
export function RoleForm({ builtIn, ...props }: Props) {
  return (
    <PermissionSetForm
      noun="Role"
      field="role_permissions"
      listHref="/roles"
      create={createRoleAction}
      update={updateRoleAction}
      fixedName={builtIn}
      {...props}
    />
  );
}
