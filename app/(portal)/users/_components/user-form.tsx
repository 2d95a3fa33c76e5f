"use client";
import Link from "next/link";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { type Option, SelectField, SwitchField, TextField, useSaveAndReturn } from "@/components/form";
import { createUserAction, updateUserAction } from "../actions";

export type UserFormValues = {
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  phone: string;
  position_id: string;
  franchisee_id: string;
  employee_code: string;
  /** Not edited here (the bulk upload sets it); sent back unchanged so a save keeps it. */
  upline_user_id: string;
  is_active: number;
};

export const EMPTY_USER: UserFormValues = {
  first_name: "",
  middle_name: "",
  last_name: "",
  email: "",
  phone: "",
  position_id: "",
  franchisee_id: "",
  employee_code: "",
  upline_user_id: "",
  is_active: 1,
};

type Props = {
  /** Opaque id of the user being edited; absent on create. */
  id?: string;
  initial: UserFormValues;
  positions: Option[];
  franchisees: Option[];
  /** Staff creation: franchisee required (unless `franchiseeFixed`). */
  staff?: boolean;
  /** The franchisee came with the screen (query, or the caller's own): shown preselected, not changeable. */
  franchiseeFixed?: boolean;
  /** Where Cancel and a successful save go. */
  listHref: string;
  /** A caller who may view but not update sees the form without Save. */
  readOnly?: boolean;
};

/** The user form of spec 000 §2.9, shared by /users/create, /users/{id} and /franchisee-staffs/create. */
export function UserForm({
  id,
  initial,
  positions,
  franchisees,
  staff,
  franchiseeFixed,
  listHref,
  readOnly = false,
}: Props) {
  const form = useForm<UserFormValues>({ defaultValues: initial });
  const { formState } = form;
  const noun = staff ? "Staff" : "User";
  const franchiseeRequired = !!staff && !id && !franchiseeFixed;

  const onSubmit = useSaveAndReturn(form, {
    save: (values) => (id ? updateUserAction(id, values) : createUserAction(values, !!staff)),
    success: id ? "User updated successfully." : "User created successfully.",
    listHref: listHref,
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>{readOnly ? `View ${noun}` : id ? `Edit ${noun}` : `Add ${noun}`}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <TextField name="first_name" label="First Name" required disabled={readOnly} />
            <TextField name="middle_name" label="Middle Name" disabled={readOnly} />
            <TextField name="last_name" label="Last Name" required disabled={readOnly} />
            <TextField name="email" label="Email" type="email" required disabled={readOnly} />
            <TextField name="phone" label="Phone" type="tel" required={!!id} disabled={readOnly} />
            <TextField name="employee_code" label="Employee Code" disabled={readOnly} />
            <SelectField
              name="position_id"
              label="Position"
              options={positions}
              required
              disabled={readOnly}
            />
            <SelectField
              name="franchisee_id"
              label="Franchisee"
              // An optional franchisee can be taken away again ("0" is read as none by the schema).
              options={franchiseeRequired ? franchisees : [{ value: "0", label: "None" }, ...franchisees]}
              required={franchiseeRequired}
              disabled={franchiseeFixed || readOnly}
            />
            {id && <SwitchField name="is_active" label="Is Active" disabled={readOnly} />}
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href={listHref}>{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : id ? `Update ${noun}` : `Save ${noun}`}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
