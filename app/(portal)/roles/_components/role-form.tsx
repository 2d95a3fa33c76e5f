"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import {
  PermissionCheckboxes,
  type PermissionGroup,
  reportFormFailure,
  SwitchField,
  TextField,
} from "@/components/form";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { createRoleAction, updateRoleAction } from "../actions";

export type RoleFormValues = { name: string; is_active: number; role_permissions: number[] };

export const EMPTY_ROLE: RoleFormValues = { name: "", is_active: 1, role_permissions: [] };

type Props = {
  /** The opaque id on edit; absent on create. */
  id?: string;
  initial: RoleFormValues;
  groups: PermissionGroup[];
  /** A caller who may not change roles (a company ADMIN) sees the role without Save. */
  readOnly?: boolean;
  /** Built-in roles keep their name and stay active: the code knows them by name. */
  builtIn?: boolean;
};

/** Name, Is Active (on edit) and the permissions grouped by module, in the positions' checkbox layout. */
export function RoleForm({ id, initial, groups, readOnly, builtIn }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<RoleFormValues>({ defaultValues: initial });
  const { handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    if (readOnly) return;
    // A disabled input may submit nothing; a built-in role's name and status are fixed anyway.
    const payload = builtIn ? { ...values, name: initial.name, is_active: 1 } : values;
    const r = id ? await updateRoleAction(id, payload) : await createRoleAction(payload);
    if (!r.ok) {
      reportFormFailure(dialogs, r, form);
      return; // what the user typed stays in the form
    }
    dialogs.success(id ? "Role updated successfully." : "Role created successfully.");
    router.push("/roles");
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{readOnly ? "View Role" : id ? "Edit Role" : "Add Role"}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField name="name" label="Name" required disabled={readOnly || builtIn} />
            {id && (
              <div className="flex items-end">
                <SwitchField name="is_active" label="Is Active" disabled={readOnly || builtIn} />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
          </CardHeader>
          <CardContent>
            <PermissionCheckboxes name="role_permissions" groups={groups} readOnly={readOnly} />
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/roles">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? "Update Role" : "Save Role"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
