"use client";
import Link from "next/link";
import { FormProvider, useForm } from "react-hook-form";
import { type Option, SelectField, SwitchField, TextField, useSaveAndReturn } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { createPermissionAction, updatePermissionAction } from "../actions";

/** The fields of the permission schema (lib/admin/permission-records.ts), as the form holds them. */
export type PermissionFormValues = { module_id: string; permission_name: string; is_active: number };

export const EMPTY_PERMISSION: PermissionFormValues = { module_id: "", permission_name: "", is_active: 1 };

type Props = {
  /** Opaque id of the permission being edited; absent on create. */
  id?: string;
  initial: PermissionFormValues;
  modules: Option[];
  /** A caller who may view but not update (a company ADMIN) sees the form without a save button. */
  readOnly?: boolean;
  /** Set when the name is one the server checks (PERMISSION_REGISTRY): it cannot be renamed. */
  nameLocked?: boolean;
};

export function PermissionForm({ id, initial, modules, readOnly = false, nameLocked = false }: Props) {
  const form = useForm<PermissionFormValues>({ defaultValues: initial });
  const { formState } = form;

  const onSubmit = useSaveAndReturn(form, {
    save: (values) =>
      id
        ? updatePermissionAction(id, values)
        : // Create has no Is Active switch (spec 001 §2): a new permission starts active.
          createPermissionAction({ module_id: values.module_id, permission_name: values.permission_name }),
    success: id ? "Permission updated successfully." : "Permission created successfully.",
    listHref: "/permissions",
  });

  const title = readOnly ? "View Permission" : id ? "Edit Permission" : "Add Permission";
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent>
            {/* A disabled fieldset also disables the select and the switch (buttons): a read-only view for free. */}
            <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-2">
              <SelectField name="module_id" label="Module" options={modules} required />
              <div className="grid gap-1">
                <TextField name="permission_name" label="Name" disabled={nameLocked} />
                {nameLocked && !readOnly ? (
                  <p className="text-sm text-slate-500">
                    The server checks this permission by its name, so it cannot be renamed.
                  </p>
                ) : null}
              </div>
              {id ? <SwitchField name="is_active" label="Is Active" /> : null}
            </fieldset>
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/permissions">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? "Update Permission" : "Save Permission"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
