"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { fieldError } from "./field";

/** One permission of the layout; `grantable` false shows it disabled (the caller may not tick or untick it). */
export type PermissionChoice = { id: number; permission_name: string; grantable: boolean };
/** A module heading with its permissions. */
export type PermissionGroup = { id: number; name: string; permissions: PermissionChoice[] };

type Props = {
  /** The form field holding the chosen permission ids (number[]). */
  name: string;
  label?: string;
  groups: PermissionGroup[];
  /** Shows the choices without letting them change (a view-only screen). */
  readOnly?: boolean;
};

/**
 * Permissions grouped by module (spec 000 §2.10, §2.11): a checkbox per permission, labelled by its name, under
 * its module's heading, with a 'Select all' per module. The form holds the chosen ids; ids it holds that are not
 * shown (or not grantable) are left as they are.
 */
export function PermissionCheckboxes({ name, label = "Permissions", groups, readOnly }: Props) {
  const { control, formState } = useFormContext();
  const error = fieldError(formState.errors, name);
  return (
    <div className="grid gap-3" data-field={name}>
      <div className={cn("text-sm font-medium", error && "text-destructive")}>{label}</div>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen = new Set<number>(Array.isArray(field.value) ? (field.value as number[]) : []);
          const set = (ids: number[], on: boolean) => {
            const next = new Set(chosen);
            for (const id of ids)
              if (on) next.add(id);
              else next.delete(id);
            field.onChange([...next].sort((a, b) => a - b));
          };
          if (!groups.length) return <p className="text-sm text-slate-500">No data found</p>;
          return (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {groups.map((g) => {
                const open = g.permissions.filter((p) => p.grantable && !readOnly).map((p) => p.id);
                const ticked = open.filter((id) => chosen.has(id)).length;
                const all = open.length > 0 && ticked === open.length;
                const selectAllId = `${name}-module-${g.id}`;
                return (
                  <fieldset key={g.id} className="rounded-lg border border-slate-200 p-3">
                    <legend className="px-1 text-sm font-semibold text-slate-800">{g.name}</legend>
                    {open.length > 0 && (
                      <div className="mb-2 flex items-center gap-2 border-b border-slate-100 pb-2">
                        <Checkbox
                          id={selectAllId}
                          checked={all ? true : ticked > 0 ? "indeterminate" : false}
                          onCheckedChange={(v) => set(open, v === true)}
                          onBlur={field.onBlur}
                        />
                        <Label htmlFor={selectAllId} className="text-xs text-slate-600">
                          Select all
                        </Label>
                      </div>
                    )}
                    <div className="grid gap-2">
                      {g.permissions.map((p) => {
                        const id = `${name}-${p.id}`;
                        return (
                          <div key={p.id} className="flex items-center gap-2">
                            <Checkbox
                              id={id}
                              checked={chosen.has(p.id)}
                              disabled={readOnly || !p.grantable}
                              aria-invalid={!!error}
                              aria-describedby={error ? `${name}-error` : undefined}
                              onCheckedChange={(v) => set([p.id], v === true)}
                              onBlur={field.onBlur}
                            />
                            <Label
                              htmlFor={id}
                              className={cn("font-normal", (readOnly || !p.grantable) && "text-slate-500")}
                            >
                              {p.permission_name}
                            </Label>
                          </div>
                        );
                      })}
                    </div>
                  </fieldset>
                );
              })}
            </div>
          );
        }}
      />
    </div>
  );
}
