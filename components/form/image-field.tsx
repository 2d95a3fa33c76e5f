"use client";
import { useEffect, useMemo, useRef } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field, fieldError } from "./field";

// As the server's image rule (lib/platform/files.ts): an image above it is refused before the save is sent.
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TOO_LARGE = "The image may not be greater than 5 MB.";

/**
 * An image upload with a preview of the chosen or the current image. The chosen file is a value of the form and
 * travels with the save (the entity's `files`); the server checks its content again. What was chosen stays when
 * the save is refused. `removable` adds a Remove button that drops the chosen file (a stored image stays).
 */
export function ImageField({
  name,
  label,
  currentUrl,
  disabled,
  removable,
}: {
  name: string;
  label: string;
  currentUrl?: string;
  /** Read-only: the current image shows, no file can be chosen. */
  disabled?: boolean;
  removable?: boolean;
}) {
  const { control, watch, setValue, formState } = useFormContext();
  const input = useRef<HTMLInputElement | null>(null);
  const file = watch(name) as File | null;
  const preview = useMemo(() => (file instanceof File ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  const invalid = !!fieldError(formState.errors, name);
  return (
    <Field name={name} label={label}>
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name={name}
          rules={{ validate: (f) => !(f instanceof File) || f.size <= MAX_IMAGE_BYTES || IMAGE_TOO_LARGE }}
          render={({ field }) => (
            <Input
              ref={input}
              id={name}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              disabled={disabled}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${name}-error` : undefined}
              onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
              onBlur={field.onBlur}
            />
          )}
        />
        {removable ? (
          <Button
            type="button"
            variant="outline"
            disabled={disabled || !(file instanceof File)}
            onClick={() => {
              setValue(name, null, { shouldDirty: true });
              if (input.current) input.current.value = "";
            }}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {shown && (
        // eslint-disable-next-line @next/next/no-img-element -- previews of blob: and authorised file URLs
        <img
          key={shown}
          src={shown}
          // A chosen file that is no image (the server refuses it under the field) previews as nothing.
          onError={(e) => void (e.currentTarget.hidden = true)}
          alt={`${label} preview`}
          className="mt-1 h-20 w-auto rounded border bg-white object-contain"
        />
      )}
    </Field>
  );
}
