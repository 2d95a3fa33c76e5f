"use client";
import type { ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { CheckboxesField } from "./checkboxes-field";
import { ColorField } from "./color-field";
import { DateField } from "./date-field";
import { PickerField } from "./picker-field";
import { RichTextField } from "./rich-text-field";
import { SelectField } from "./select-field";
import { SwitchField } from "./switch-field";
import { TextField } from "./text-field";

type Named<P, T extends FieldValues> = (p: Omit<P, "name"> & { name: Path<T> }) => ReactNode;

/**
 * The form fields typed by a schema's field names: `const F = fieldsFor<ModuleFormValues>()`, then
 * `<F.Text name="name" label="Name" />` — a misspelt field name is a type error.
 */
export function fieldsFor<T extends FieldValues>() {
  return {
    Text: TextField as Named<Parameters<typeof TextField>[0], T>,
    Date: DateField as Named<Parameters<typeof DateField>[0], T>,
    Switch: SwitchField as Named<Parameters<typeof SwitchField>[0], T>,
    Select: SelectField as Named<Parameters<typeof SelectField>[0], T>,
    Color: ColorField as Named<Parameters<typeof ColorField>[0], T>,
    RichText: RichTextField as Named<Parameters<typeof RichTextField>[0], T>,
    Picker: PickerField as Named<Parameters<typeof PickerField>[0], T>,
    Checkboxes: CheckboxesField as Named<Parameters<typeof CheckboxesField>[0], T>,
  };
}
