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
import { createPositionAction, updatePositionAction } from "../actions";

export type PositionFormValues = { name: string; is_active: number; position_permissions: number[] };

export const EMPTY_POSITION: PositionFormValues = { name: "", is_active: 1, position_permissions: [] };

type Props = {
  /** The opaque id on edit; absent on create. */
  id?: string;
  initial: PositionFormValues;
  groups: PermissionGroup[];
  /** A caller who may view but not edit sees the form without Save. */
  readOnly?: boolean;
};

/** Name, Is Active (on edit) and the permissions grouped by module; saving sends the chosen permission ids. */
export function PositionForm({ id, initial, groups, readOnly }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<PositionFormValues>({ defaultValues: initial });
  const { handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    if (readOnly) return;
    const r = id ? await updatePositionAction(id, values) : await createPositionAction(values);
    if (!r.ok) {
      reportFormFailure(dialogs, r, form);
      return; // what the user typed stays in the form
    }
    dialogs.success(id ? "Position updated successfully." : "Position created successfully.");
    router.push("/positions");
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{readOnly ? "View Position" : id ? "Edit Position" : "Add Position"}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField name="name" label="Name" required disabled={readOnly} />
            {id && (
              <div className="flex items-end">
                <SwitchField name="is_active" label="Is Active" disabled={readOnly} />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Permissions</CardTitle>
          </CardHeader>
          <CardContent>
            <PermissionCheckboxes name="position_permissions" groups={groups} readOnly={readOnly} />
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/positions">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {!readOnly && (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? "Update Position" : "Save Position"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
