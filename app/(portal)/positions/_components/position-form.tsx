"use client";
import { PermissionSetForm, type PermissionGroup, type PermissionSetValues } from "@/components/form";
import { createPositionAction, updatePositionAction } from "../actions";

export const EMPTY_POSITION: PermissionSetValues = { name: "", is_active: 1, permissions: [] };

type Props = { id?: string; initial: PermissionSetValues; groups: PermissionGroup[]; readOnly?: boolean };

/** The position form: name, Is Active (on edit) and its permissions; saving sends position_permissions. */
export function PositionForm(props: Props) {
  return (
    <PermissionSetForm
      noun="Position"
      field="position_permissions"
      listHref="/positions"
      create={createPositionAction}
      update={updatePositionAction}
      {...props}
    />
  );
}
