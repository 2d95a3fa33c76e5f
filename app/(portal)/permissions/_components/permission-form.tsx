"use client";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createPermissionAction, updatePermissionAction } from "../actions";
import type { PermissionFormValues } from "./permission-values";

const F = fieldsFor<PermissionFormValues>();

type Props = FormScreenProps & {
  initial: PermissionFormValues;
  modules: Option[];
  /** Set when the name is one the server checks (PERMISSION_REGISTRY): it cannot be renamed. */
  nameLocked?: boolean;
};

/** Module and Name; Is Active on edit only (spec 001 §2: a new permission starts active). */
export function PermissionForm({ modules, nameLocked = false, ...props }: Props) {
  return (
    <EntityForm<PermissionFormValues>
      {...props}
      actions={{ create: createPermissionAction, update: updatePermissionAction }}
    >
      <F.Select name="module_id" label="Module" options={modules} required />
      <div className="grid gap-1">
        <F.Text name="permission_name" label="Name" disabled={nameLocked} />
        {nameLocked && !props.readOnly ? (
          <p className="text-sm text-slate-500">
            The server checks this permission by its name, so it cannot be renamed.
          </p>
        ) : null}
      </div>
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
