"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, fieldError } from "./field";
import type { Option } from "./select-field";

/**
 * Several choices from a short list, as checkboxes; the form holds the chosen values (strings). With `max`, the
 * others are disabled once that many are chosen; `empty` is said when there is nothing to choose.
 */
export function CheckboxesField({
  name,
  label,
  options,
  required,
  max,
  empty,
  className,
}: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  max?: number;
  empty?: string;
  className?: string;
}) {
  const { control, formState } = useFormContext();
  const invalid = !!fieldError(formState.errors, name);
  return (
    <Field name={name} label={label} required={required} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen: string[] = field.value ?? [];
          return (
            <div
              id={name}
              className="flex flex-wrap gap-4"
              aria-invalid={invalid}
              aria-describedby={invalid ? `${name}-error` : undefined}
            >
              {options.length === 0 && empty ? (
                <span className="text-muted-foreground text-sm">{empty}</span>
              ) : null}
              {options.map((o) => {
                const on = chosen.includes(o.value);
                return (
                  <label key={o.value} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={on}
                      disabled={!on && max != null && chosen.length >= max}
                      onCheckedChange={(c) =>
                        field.onChange(c ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
                      }
                    />
                    {o.label}
                  </label>
                );
              })}
            </div>
          );
        }}
      />
    </Field>
  );
}
