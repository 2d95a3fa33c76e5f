"use client";
import { StatusChip, SubTable } from "@/components/data-table";
import { EntityForm, fieldsFor } from "@/components/form";
import type { ModulePermission } from "@/lib/admin/modules";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createModuleAction, updateModuleAction } from "../actions";
import type { ModuleFormValues } from "./module-values";

const F = fieldsFor<ModuleFormValues>();

/** Name and Is Active; on edit, the module's permissions under the form (spec 000 §2.12). */
export function ModuleForm({
  permissions,
  ...props
}: FormScreenProps & { initial: ModuleFormValues; permissions?: ModulePermission[] }) {
  return (
    <EntityForm<ModuleFormValues>
      {...props}
      actions={{ create: createModuleAction, update: updateModuleAction }}
      after={
        permissions ? (
          <SubTable
            title="Permissions"
            rows={permissions}
            columns={[
              { header: "Id", cell: (p) => <span className="tabular-nums">{p.id}</span>, className: "w-24" },
              { header: "Permission", cell: (p) => p.permission_name },
              { header: "Status", cell: (p) => <StatusChip active={p.is_active} />, className: "w-32" },
            ]}
          />
        ) : null
      }
    >
      <F.Text name="name" label="Name" required />
      <F.Switch name="is_active" label="Is Active" />
    </EntityForm>
  );
}
