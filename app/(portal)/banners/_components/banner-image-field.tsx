"use client";
import { useEffect, useMemo, useRef } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Field, fieldError } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

// As the server's image rule (lib/platform/files.ts): an image above it is refused before the save is sent.
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TOO_LARGE = "The image may not be greater than 5 MB.";

/**
 * The banner's image chooser with a Remove button (spec 001 §2): the chosen file travels with the save; Remove
 * drops the choice (on edit the current image stays). A preview shows the chosen image, else the current one.
 */
export function BannerImageField({
  name,
  label,
  currentUrl,
  disabled,
}: {
  name: string;
  label: string;
  currentUrl?: string;
  disabled?: boolean;
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
      </div>
      {shown && (
        // eslint-disable-next-line @next/next/no-img-element -- previews of blob: and authorised file URLs
        <img
          key={shown}
          src={shown}
          onError={(e) => void (e.currentTarget.hidden = true)}
          alt={`${label} preview`}
          className="mt-1 h-24 w-auto rounded border bg-white object-contain"
        />
      )}
    </Field>
  );
}
