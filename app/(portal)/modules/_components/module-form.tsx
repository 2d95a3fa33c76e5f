"use client";
import { StatusChip } from "@/components/data-table";
import { EntityForm, fieldsFor } from "@/components/form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { createModuleAction, updateModuleAction } from "../actions";

/** The fields of the module schema (lib/admin/modules.ts), as the form holds them. */
export type ModuleFormValues = { name: string; is_active: number };
export const EMPTY_MODULE: ModuleFormValues = { name: "", is_active: 1 };
const F = fieldsFor<ModuleFormValues>();

type Props = {
  /** Opaque id of the module being edited; absent on create. */
  id?: string;
  initial: ModuleFormValues;
  /** The module's permissions, listed under the form on edit (spec 000 §2.12). */
  permissions?: { id: number; permission_name: string; is_active: number }[];
  /** A caller who may view but not update (a company ADMIN) sees the form without a save button. */
  readOnly?: boolean;
};

export function ModuleForm({ id, initial, permissions, readOnly }: Props) {
  return (
    <EntityForm<ModuleFormValues>
      noun="Module"
      id={id}
      initial={initial}
      readOnly={readOnly}
      listHref="/modules"
      actions={{ create: createModuleAction, update: updateModuleAction }}
      messages={{ created: "Module created successfully.", updated: "Module updated successfully." }}
      after={permissions ? <ModulePermissions permissions={permissions} /> : null}
    >
      <F.Text name="name" label="Name" required />
      <F.Switch name="is_active" label="Is Active" />
    </EntityForm>
  );
}

function ModulePermissions({ permissions }: { permissions: NonNullable<Props["permissions"]> }) {
  return (
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
  );
}
