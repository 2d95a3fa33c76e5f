"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Field } from "./field";

/** A colour code: a picker for the RGB part and a text box for the full #RRGGBB(AA) value. */
export function ColorField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  return (
    <Field name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = String(field.value ?? "");
          const rgb = /^#[0-9a-fA-F]{6}/.test(value) ? value.slice(0, 7) : "#000000";
          return (
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={`${label} picker`}
                className="border-input h-9 w-12 shrink-0 cursor-pointer rounded-md border bg-transparent p-1 disabled:cursor-not-allowed disabled:opacity-50"
                value={rgb}
                disabled={disabled}
                onChange={(e) => field.onChange(e.target.value.toUpperCase() + value.slice(7))}
              />
              <Input
                id={name}
                value={value}
                disabled={disabled}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
              />
            </div>
          );
        }}
      />
    </Field>
  );
}
