"use client";
import { createContext, useContext } from "react";
import { useFormContext, type RegisterOptions } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** Whether the form around is read-only (a View screen): its fields are shown, never asked for. */
export const FormReadOnly = createContext(false);

/** True inside a read-only form (EntityForm's readOnly). */
export function useFormReadOnly(): boolean {
  return useContext(FormReadOnly);
}

/** The shell of every form field: label with the required marker, the control, the server's first message under it. */
export function Field({
  name,
  label,
  required,
  className,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const { formState } = useFormContext();
  const error = fieldError(formState.errors, name);
  // A read-only field asks nothing of the reader: no required marker.
  const readOnly = useFormReadOnly();
  const marked = required && !readOnly;
  return (
    <div className={cn("grid gap-1.5", className)} data-field={name}>
      <Label htmlFor={name} className={cn(error && "text-destructive")}>
        {label}
        {marked && <span className="text-destructive">*</span>}
      </Label>
      {children}
      {error && (
        <p id={`${name}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * `register(name)` plus the field's value as the input's `defaultValue`, so the server's HTML already holds what
 * the form starts with: register alone fills an uncontrolled input through its ref, after hydration, and the page
 * showed empty inputs until then (issue 26: Edit Plan's amounts, Add Plan's defaults). Every registered input of the
 * kit and the forms goes through it.
 */
export function useRegister(name: string, options?: RegisterOptions) {
  const { register, getValues } = useFormContext();
  const value: unknown = getValues(name);
  return { ...register(name, options), defaultValue: value == null ? "" : String(value) };
}

/** The message of a (possibly nested) field's error. */
export function fieldError(errors: Record<string, unknown>, name: string): string | undefined {
  const e = name
    .split(".")
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as
    { message?: string } | undefined;
  return e?.message;
}
