"use client";
import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Field, fieldError } from "./field";
import { SearchPicker, type PickedOption } from "./search-picker";

/**
 * A form field choosing one row of a table that can grow (customers, walkers, franchisees...): a SearchPicker over
 * an option source. The form holds the row's id as a string; `selected` is the initial value's label, rendered by
 * the server; `none` is a choice that is no row ("None", "Not assigned": its value, e.g. "0").
 */
export function PickerField({
  name,
  label,
  source,
  params,
  selected,
  none,
  required,
  placeholder,
  disabled,
  onPicked,
}: {
  name: string;
  label: string;
  source: string;
  params?: Record<string, string>;
  selected?: PickedOption | null;
  none?: PickedOption;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Told of every choice (e.g. to load the chosen customer's pets). */
  onPicked?: (option: PickedOption | null) => void;
}) {
  const { control, formState } = useFormContext();
  const invalid = !!fieldError(formState.errors, name);
  // Labels of values chosen here; the server's label for the initial one.
  const [labels, setLabels] = useState<Record<string, PickedOption>>(() =>
    selected ? { [selected.value]: selected } : {},
  );
  return (
    <Field name={name} label={label} required={required}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = field.value == null ? "" : String(field.value);
          const isNone = none != null && value === none.value;
          return (
            <SearchPicker
              id={name}
              source={source}
              params={params}
              value={isNone ? "" : value}
              selected={labels[value] ?? null}
              none={none}
              placeholder={placeholder ?? `Select ${label}`}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${name}-error` : undefined}
              disabled={disabled}
              onBlur={field.onBlur}
              onChange={(o) => {
                if (o) setLabels((l) => ({ ...l, [o.value]: o }));
                field.onChange(o ? o.value : (none?.value ?? ""));
                onPicked?.(o);
              }}
            />
          );
        }}
      />
    </Field>
  );
}
