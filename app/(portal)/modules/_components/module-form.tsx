"use client";
import Link from "next/link";
import { FormProvider, useForm } from "react-hook-form";
import { StatusChip } from "@/components/data-table";
import { SwitchField, TextField, useSaveAndReturn } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { createModuleAction, updateModuleAction } from "../actions";

/** The fields of the module schema (lib/admin/modules.ts), as the form holds them. */
export type ModuleFormValues = { name: string; is_active: number };

export const EMPTY_MODULE: ModuleFormValues = { name: "", is_active: 1 };

type Props = {
  /** Opaque id of the module being edited; absent on create. */
  id?: string;
  initial: ModuleFormValues;
  /** The module's permissions, listed under the form on edit (spec 000 §2.12). */
  permissions?: { id: number; permission_name: string; is_active: number }[];
  /** A caller who may view but not update (a company ADMIN) sees the form without a save button. */
  readOnly?: boolean;
};

export function ModuleForm({ id, initial, permissions, readOnly = false }: Props) {
  const form = useForm<ModuleFormValues>({ defaultValues: initial });
  const { formState } = form;

  const onSubmit = useSaveAndReturn(form, {
    save: (values) => (id ? updateModuleAction(id, values) : createModuleAction(values)),
    success: id ? "Module updated successfully." : "Module created successfully.",
    listHref: "/modules",
  });

  const title = readOnly ? "View Module" : id ? "Edit Module" : "Add Module";
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent>
            {/* A disabled fieldset also disables the switch (a button), so a read-only view needs no extra props. */}
            <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-2">
              <TextField name="name" label="Name" required />
              <SwitchField name="is_active" label="Is Active" />
            </fieldset>
          </CardContent>
        </Card>
        {permissions ? (
          <Card>
            <CardHeader>
              <CardTitle>Permissions</CardTitle>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-24">Id</TableHead>
                    <TableHead>Permission</TableHead>
                    <TableHead className="w-32">Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {permissions.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3} className="text-center text-slate-500">
                        No data found
                      </TableCell>
                    </TableRow>
                  ) : (
                    permissions.map((p) => (
                      <TableRow key={p.id}>
                        <TableCell className="tabular-nums">{p.id}</TableCell>
                        <TableCell>{p.permission_name}</TableCell>
                        <TableCell>
                          <StatusChip active={p.is_active} />
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href="/modules">{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? "Update Module" : "Save Module"}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
