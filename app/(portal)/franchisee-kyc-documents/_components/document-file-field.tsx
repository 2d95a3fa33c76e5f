"use client";
import { useRef } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Field, fieldError } from "@/components/form";

// As the server's rule (lib/franchise/kyc-common.ts documentFile): checked again there by content.
const MAX_BYTES = 10 * 1024 * 1024;
const TOO_LARGE = "The file may not be greater than 10 MB.";
const REQUIRED = "Choose a file to upload.";

/**
 * A KYC document's file: a PDF or an image, chosen here and sent with the save (the record and its file are saved
 * together). The current file opens in a new tab (the private /api/files link; each opening is recorded).
 */
export function DocumentFileField({
  name,
  label,
  currentUrl,
  required,
  disabled,
}: {
  name: string;
  label: string;
  currentUrl?: string | null;
  required?: boolean;
  disabled?: boolean;
}) {
  const { control, formState } = useFormContext();
  const input = useRef<HTMLInputElement | null>(null);
  const invalid = !!fieldError(formState.errors, name);
  return (
    <Field name={name} label={label} required={required}>
      <Controller
        control={control}
        name={name}
        rules={{
          validate: (f) => (f instanceof File ? f.size <= MAX_BYTES || TOO_LARGE : !required || REQUIRED),
        }}
        render={({ field }) => (
          <Input
            ref={input}
            id={name}
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
            disabled={disabled}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${name}-error` : undefined}
            onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
            onBlur={field.onBlur}
          />
        )}
      />
      {currentUrl ? (
        <a
          href={currentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary text-sm underline"
        >
          Preview the submitted file
        </a>
      ) : null}
    </Field>
  );
}
