"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Field, fieldError } from "./field";

export type Option = { value: string; label: string };

/** One choice from a list; the form holds the option's value as a string ("" when none). */
export function SelectField({
  name,
  label,
  options,
  required,
  placeholder,
  disabled,
}: {
  name: string;
  label: string;
  options: Option[];
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { control, formState } = useFormContext();
  const invalid = !!fieldError(formState.errors, name);
  return (
    <Field name={name} label={label} required={required}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value ? String(field.value) : ""}
            onValueChange={field.onChange}
            disabled={disabled}
          >
            <SelectTrigger
              id={name}
              className="w-full"
              onBlur={field.onBlur}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${name}-error` : undefined}
            >
              {/* The chosen option's label, also before hydration (Radix mirrors it from items mounted later). */}
              <SelectValue placeholder={placeholder ?? `Select ${label}`}>
                {options.find((o) => String(o.value) === String(field.value ?? ""))?.label}
              </SelectValue>
            </SelectTrigger>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}
