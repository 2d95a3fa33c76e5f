"use client";
import { useFormContext } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

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
  return (
    <div className={cn("grid gap-1.5", className)} data-field={name}>
      <Label htmlFor={name} className={cn(error && "text-destructive")}>
        {label}
        {required && <span className="text-destructive">*</span>}
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

/** The message of a (possibly nested) field's error. */
export function fieldError(errors: Record<string, unknown>, name: string): string | undefined {
  const e = name
    .split(".")
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], errors) as
    { message?: string } | undefined;
  return e?.message;
}
