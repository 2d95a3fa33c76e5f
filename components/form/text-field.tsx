"use client";
import { useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Field, fieldError, useRegister } from "./field";

type Props = {
  name: string;
  label: string;
  required?: boolean;
  // No "date": a calendar date is the DateField (DD-MM-YYYY whatever the browser's locale).
  type?: "text" | "email" | "tel" | "number" | "password" | "time";
  placeholder?: string;
  multiline?: boolean;
  disabled?: boolean;
  className?: string;
  /** Forced to upper case while typing (spec 001 §5: value names, value-list descriptions and codes). */
  upperCase?: boolean;
};

/** A text input bound to the form; its server error shows under it. */
export function TextField({
  name,
  label,
  required,
  type = "text",
  placeholder,
  multiline,
  disabled,
  className,
  upperCase,
}: Props) {
  const { formState } = useFormContext();
  const invalid = !!fieldError(formState.errors, name);
  const field = useRegister(name);
  const common = {
    id: name,
    placeholder: placeholder ?? label,
    disabled,
    "aria-invalid": invalid,
    "aria-describedby": invalid ? `${name}-error` : undefined,
    ...field,
    ...(upperCase
      ? {
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
            // Upper-cased in place, the caret where it was.
            const { selectionStart, selectionEnd } = e.target;
            e.target.value = e.target.value.toUpperCase();
            e.target.setSelectionRange(selectionStart, selectionEnd);
            return field.onChange(e);
          },
        }
      : {}),
  };
  return (
    <Field name={name} label={label} required={required} className={className}>
      {multiline ? <Textarea {...common} rows={3} /> : <Input type={type} {...common} />}
    </Field>
  );
}
