"use client";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createValueAction, updateValueAction } from "../actions";
import { TitledForm } from "./titled-form";
import { UpperTextField } from "./upper-text-field";

export type ValueFormValues = { name: string };
export const EMPTY_VALUE: ValueFormValues = { name: "" };

/** 'Add a Value' / 'Edit Value' (spec 001 §2): the name, upper case while typing (and on the server). */
export function ValueForm(props: FormScreenProps & { initial: ValueFormValues }) {
  return (
    <TitledForm<ValueFormValues>
      {...props}
      title={props.readOnly ? undefined : props.id ? "Edit Value" : "Add a Value"}
      actions={{ create: createValueAction, update: updateValueAction }}
    >
      <UpperTextField name="name" label="Name" required />
    </TitledForm>
  );
}
