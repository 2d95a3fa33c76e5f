"use client";
import dynamic from "next/dynamic";
import { Controller, useFormContext } from "react-hook-form";
import { Field } from "./field";

// The editor's code loads with the first rich-text field shown, not with every form of the portal (fieldsFor names it
// for all of them). Until it arrives, a box of the editor's size holds its place.
const RichTextEditor = dynamic(() => import("./rich-text-editor"), {
  ssr: false,
  loading: () => <div className="border-input h-[8.6rem] rounded-md border bg-white" aria-busy="true" />,
});

/** Rich text with tiptap; the HTML it produces is sanitised again on the server. `disabled`: shown, not editable. */
export function RichTextField({
  name,
  label,
  disabled,
}: {
  name: string;
  label: string;
  disabled?: boolean;
}) {
  const { control } = useFormContext();
  return (
    <Field name={name} label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={name}
            label={label}
            value={field.value ?? ""}
            onChange={field.onChange}
            disabled={disabled}
          />
        )}
      />
    </Field>
  );
}
