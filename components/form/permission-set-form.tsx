"use client";
import Link from "next/link";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/platform/mutations";
import { PermissionCheckboxes, type PermissionGroup } from "./permission-checkboxes";
import { useSaveAndReturn } from "./use-save";
import { SwitchField } from "./switch-field";
import { TextField } from "./text-field";

/** The values of a name + active flag + permissions form (positions, roles). */
export type PermissionSetValues = { name: string; is_active: number; permissions: number[] };

type Save = (values: Record<string, unknown>) => Promise<ActionResult<unknown>>;

type Props = {
  /** 'Position' or 'Role': titles, buttons and success texts. */
  noun: string;
  /** The field the server takes the permission ids in (position_permissions, role_permissions). */
  field: string;
  listHref: string;
  /** The opaque id on edit; absent on create. */
  id?: string;
  initial: PermissionSetValues;
  groups: PermissionGroup[];
  create: Save;
  update: (id: string, values: Record<string, unknown>) => Promise<ActionResult<unknown>>;
  /** A caller who may view but not edit sees the form without Save. */
  readOnly?: boolean;
  /** Name and status are fixed (built-in roles: the code knows them by name). */
  fixedName?: boolean;
};

/** Name, Is Active (on edit) and the permissions grouped by module (spec 000 §2.10, §2.11); saving sends the ids. */
export function PermissionSetForm({
  noun,
  field,
  listHref,
  id,
  initial,
  groups,
  create,
  update,
  readOnly,
  fixedName,
}: Props) {
  const form = useForm<Record<string, unknown>>({
    defaultValues: { name: initial.name, is_active: initial.is_active, [field]: initial.permissions },
  });
  const { formState } = form;

  const onSubmit = useSaveAndReturn(form, {
    save: (values) => {
      // A disabled input may submit nothing; fixed names and statuses are sent as they are.
      const payload = fixedName ? { ...values, name: initial.name, is_active: initial.is_active } : values;
      return id ? update(id, payload) : create(payload);
    },
    success: `${noun} ${id ? "updated" : "created"} successfully.`,
    listHref: listHref,
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{readOnly ? `View ${noun}` : id ? `Edit ${noun}` : `Add ${noun}`}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField name="name" label="Name" required disabled={readOnly || fixedName} />
            {id && (
              <div className="flex items-end">
                <SwitchField name="is_active" label="Is Active" disabled={readOnly || fixedName} />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
          </CardHeader>
          <CardContent>
            <PermissionCheckboxes name={field} groups={groups} readOnly={readOnly} />
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href={listHref}>{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? `Update ${noun}` : `Save ${noun}`}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
