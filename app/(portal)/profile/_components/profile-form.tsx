"use client";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { fieldsFor, settle } from "@/components/form";
import { useEditConflict } from "@/components/form/edit-conflict";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { updateProfileAction } from "../actions";

/** The fields of profileSchema (lib/admin/users/profile.ts) as the form holds them. */
export type ProfileFormValues = { first_name: string; middle_name: string; last_name: string; phone: string };
const F = fieldsFor<ProfileFormValues>();

type Props = {
  id: string;
  initial: ProfileFormValues;
  /** The record's version the form was opened on (a save over someone else's change opens the conflict dialog). */
  version?: string;
  /** Shown, not editable: the user's email, role, position and company. */
  readOnly: { label: string; value: string }[];
};

/** My Profile: one's own names and phone; the rest is shown read-only. */
export function ProfileForm({ id, initial, version, readOnly }: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<ProfileFormValues>({ defaultValues: initial });
  const { handleSubmit, setError, formState } = form;
  const conflict = useEditConflict(form, { version, initial });

  const onSubmit = handleSubmit(async (values) => {
    // A call that never answered shows the error popup too; what was typed stays.
    const sent = conflict.version ? { ...values, [VERSION_FIELD]: conflict.version } : values;
    const r = await settle(() => updateProfileAction(id, sent));
    if (!r.ok) {
      if (conflict.onFailure(r)) return;
      if (r.status === 401) return reloadAt("/auth/login");
      if (r.status === 403) return dialogs.accessWarning();
      if (r.fieldErrors) {
        for (const [k, msg] of Object.entries(r.fieldErrors))
          setError(k as keyof ProfileFormValues, { message: msg });
      } else dialogs.error(r.message);
      return;
    }
    conflict.adopt(r.data?.version);
    dialogs.success("Profile updated successfully.");
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      {conflict.dialog}
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Profile Details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <F.Text name="first_name" label="First Name" required />
            <F.Text name="middle_name" label="Middle Name" />
            <F.Text name="last_name" label="Last Name" required />
            <F.Text name="phone" label="Phone" type="tel" required />
            {readOnly.map((f) => {
              const fieldId = `profile-${f.label.toLowerCase()}`;
              return (
                <div key={f.label} className="grid gap-1.5">
                  <Label htmlFor={fieldId}>{f.label}</Label>
                  <Input id={fieldId} value={f.value} readOnly disabled />
                </div>
              );
            })}
          </CardContent>
        </Card>
        <div className="flex justify-end">
          <Button type="submit" disabled={formState.isSubmitting || conflict.reloading}>
            {formState.isSubmitting ? "Saving..." : "Update Profile"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
