"use client";
import { PermissionSetForm, type PermissionGroup, type PermissionSetValues } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createPositionAction, updatePositionAction } from "../actions";

/** The position form: name, Is Active (on edit) and its permissions; saving sends position_permissions. */
export function PositionForm(
  props: FormScreenProps & { initial: PermissionSetValues; groups: PermissionGroup[] },
) {
  return (
    <PermissionSetForm
      field="position_permissions"
      create={createPositionAction}
      update={updatePositionAction}
      {...props}
    />
  );
}
