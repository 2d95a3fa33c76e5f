"use client";
import { useEffect, useMemo } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Field } from "./field";

/** An image upload with a preview of the chosen or the current image. The server checks the content again. */
export function ImageField({
  name,
  label,
  currentUrl,
  disabled,
}: {
  name: string;
  label: string;
  currentUrl?: string;
  /** Read-only: the current image shows, no file can be chosen. */
  disabled?: boolean;
}) {
  const { control, watch } = useFormContext();
  const file = watch(name) as File | null;
  const preview = useMemo(() => (file instanceof File ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <Field name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            id={name}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={disabled}
            onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
            onBlur={field.onBlur}
          />
        )}
      />
      {shown && (
        // eslint-disable-next-line @next/next/no-img-element -- previews of blob: and authorised file URLs
        <img
          src={shown}
          alt={`${label} preview`}
          className="mt-1 h-20 w-auto rounded border bg-white object-contain"
        />
      )}
    </Field>
  );
}
