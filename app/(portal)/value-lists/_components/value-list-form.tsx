"use client";
import { fieldsFor, type Option, EntityForm, TextField } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createValueListAction, updateValueListAction } from "../actions";
import type { ValueListFormValues } from "./value-list-values";

const F = fieldsFor<ValueListFormValues>();

/**
 * /value-lists/create and /value-lists/{id}: the spec does not show them; they hold what a row of the inline
 * table holds, plus Is Active on edit. A row stays under its master: the dropdown is locked on edit.
 */
export function ValueListForm(props: FormScreenProps & { initial: ValueListFormValues; masters: Option[] }) {
  const { masters, ...form } = props;
  return (
    <EntityForm<ValueListFormValues>
      {...form}
      actions={{ create: createValueListAction, update: updateValueListAction }}
    >
      <F.Select name="value_id" label="Master" options={masters} required disabled={!!props.id} />
      <TextField name="description" label="Description" required upperCase />
      <TextField name="code" label="Code" required upperCase />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
