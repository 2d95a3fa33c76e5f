"use client";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";
import { EntityForm } from "./entity-form";
import { PermissionCheckboxes, type PermissionGroup } from "./permission-checkboxes";
import { SwitchField } from "./switch-field";
import { TextField } from "./text-field";

/** The values of a name + active flag + permissions form (positions, roles). */
export type PermissionSetValues = { name: string; is_active: number; permissions: number[] };

type Props = FormScreenProps & {
  /** The field the server takes the permission ids in (position_permissions, role_permissions). */
  field: string;
  initial: PermissionSetValues;
  groups: PermissionGroup[];
  create: (values: unknown) => Promise<ActionResult<unknown>>;
  update: (id: string, values: unknown) => Promise<ActionResult<unknown>>;
  /** Name and status are fixed (built-in roles: the code knows them by name). */
  fixedName?: boolean;
};

/** Name, Is Active (on edit) and the permissions grouped by module (spec 000 §2.10, §2.11); saving sends the ids. */
export function PermissionSetForm({ field, initial, groups, create, update, fixedName, ...screen }: Props) {
  // A disabled input submits nothing: fixed names and statuses are sent as they are.
  const fixed = (v: unknown) =>
    fixedName ? { ...(v as object), name: initial.name, is_active: initial.is_active } : v;
  return (
    <EntityForm<Record<string, unknown>>
      {...screen}
      initial={{ name: initial.name, is_active: initial.is_active, [field]: initial.permissions }}
      actions={{ create: (v) => create(fixed(v)), update: (id, v) => update(id, fixed(v)) }}
      after={
        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
          </CardHeader>
          <CardContent>
            <PermissionCheckboxes name={field} groups={groups} readOnly={screen.readOnly} />
          </CardContent>
        </Card>
      }
    >
      <TextField name="name" label="Name" required disabled={fixedName} />
      {screen.id && (
        <div className="flex items-end">
          <SwitchField name="is_active" label="Is Active" disabled={fixedName} />
        </div>
      )}
    </EntityForm>
  );
}
