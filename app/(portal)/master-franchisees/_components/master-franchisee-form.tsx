"use client";
import { Controller, useFormContext } from "react-hook-form";
import { EntityForm, fieldError, fieldsFor, type Option, useFormReadOnly } from "@/components/form";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { FormScreenProps } from "@/lib/platform/screens";
import { cn } from "@/lib/utils";
import { createMasterFranchiseeAction, updateMasterFranchiseeAction } from "../actions";
import type { MasterFranchiseeFormValues } from "./master-franchisee-values";

const F = fieldsFor<MasterFranchiseeFormValues>();

/** The zones as checkboxes (at least one); an error on one zone (`zone_ids.{i}`) shows with the group's. */
function ZoneChoices({ zones }: { zones: Option[] }) {
  const { control, formState } = useFormContext<MasterFranchiseeFormValues>();
  const readOnly = useFormReadOnly();
  const errors = formState.errors.zone_ids as unknown as Record<string, { message?: string }> | undefined;
  const error =
    fieldError(formState.errors, "zone_ids") ??
    (errors ? Object.values(errors).find((e) => e?.message)?.message : undefined);
  return (
    <div className="grid gap-2 md:col-span-2" data-field="zone_ids">
      <div className={cn("text-sm font-medium", error && "text-destructive")}>
        Zones{readOnly ? null : <span className="text-destructive">*</span>}
      </div>
      <Controller
        control={control}
        name="zone_ids"
        render={({ field }) => (
          <div className="grid gap-2 sm:grid-cols-3" role="group" aria-label="Zones">
            {zones.map((z) => {
              const checked = (field.value ?? []).includes(z.value);
              const id = `zone_${z.value}`;
              return (
                <div key={z.value} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    onCheckedChange={(on) =>
                      field.onChange(
                        on
                          ? [...(field.value ?? []), z.value]
                          : (field.value ?? []).filter((v: string) => v !== z.value),
                      )
                    }
                  />
                  <Label htmlFor={id}>{z.label}</Label>
                </div>
              );
            })}
          </div>
        )}
      />
      {error && (
        <p id="zone_ids-error" role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * User (role or position MASTER FRANCHISEE) and Zones (at least one); Is Active on edit. The zones chosen are
 * what that user sees of the franchise network.
 */
export function MasterFranchiseeForm({
  users,
  zones,
  ...props
}: FormScreenProps & { initial: MasterFranchiseeFormValues; users: Option[]; zones: Option[] }) {
  return (
    <EntityForm<MasterFranchiseeFormValues>
      {...props}
      actions={{ create: createMasterFranchiseeAction, update: updateMasterFranchiseeAction }}
    >
      <F.Select name="user_id" label="User" options={users} required />
      <ZoneChoices zones={zones} />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
