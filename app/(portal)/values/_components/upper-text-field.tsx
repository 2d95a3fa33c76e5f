"use client";
import { useFormContext } from "react-hook-form";
import { Field, fieldError } from "@/components/form";
import { Input } from "@/components/ui/input";

/** A text field forced to upper case while typing (spec 001 §5: value names, value-list descriptions and codes). */
export function UpperTextField({
  name,
  label,
  required,
}: {
  name: string;
  label: string;
  required?: boolean;
}) {
  const { register, formState } = useFormContext();
  const invalid = !!fieldError(formState.errors, name);
  const field = register(name);
  return (
    <Field name={name} label={label} required={required}>
      <Input
        id={name}
        placeholder={label}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${name}-error` : undefined}
        {...field}
        onChange={(e) => {
          const { selectionStart, selectionEnd } = e.target;
          e.target.value = e.target.value.toUpperCase();
          e.target.setSelectionRange(selectionStart, selectionEnd);
          return field.onChange(e);
        }}
      />
    </Field>
  );
}
