"use client";
import { EntityForm, TextField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createValueAction, updateValueAction } from "../actions";
import type { ValueFormValues } from "./value-values";

/** 'Add a Value' / 'Edit Value' (spec 001 §2): the name, upper case while typing (and on the server). */
export function ValueForm(props: FormScreenProps & { initial: ValueFormValues }) {
  return (
    <EntityForm<ValueFormValues>
      {...props}
      title={props.readOnly ? undefined : props.id ? "Edit Value" : "Add a Value"}
      actions={{ create: createValueAction, update: updateValueAction }}
    >
      <TextField name="name" label="Name" required upperCase />
    </EntityForm>
  );
}
