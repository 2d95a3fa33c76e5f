"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Eye, EyeOff } from "lucide-react";
import { FormProvider, useForm, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field, fieldError, settle } from "@/components/form";
import { cn } from "@/lib/utils";
import { reloadAt, useDialogs } from "@/components/shell/dialogs";
import { changePasswordAction } from "../actions";

/** The fields of changePasswordSchema (lib/admin/me.ts). */
export type ChangePasswordValues = {
  current_password: string;
  password: string;
  password_confirmation: string;
};
type Name = keyof ChangePasswordValues;
const EMPTY: ChangePasswordValues = { current_password: "", password: "", password_confirmation: "" };

/**
 * Change Password on My Profile: the current password, the new one twice under the spec's password rule. Other
 * sessions and API tokens end; this browser stays signed in (the action signs it in again).
 */
export function ChangePasswordForm({ rule }: { rule: string }) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<ChangePasswordValues>({ defaultValues: EMPTY });
  const { handleSubmit, setError, reset, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    const r = await settle(() => changePasswordAction(values));
    if (!r.ok) {
      if (r.status === 401) return reloadAt("/auth/login");
      if (r.status === 403) return dialogs.accessWarning();
      // Locked out after too many wrong passwords: said under the field, with when to retry.
      if (r.status === 429)
        return setError("current_password", { message: r.message }, { shouldFocus: true });
      if (r.fieldErrors) {
        const entries = Object.entries(r.fieldErrors);
        entries.forEach(([k, msg], i) => setError(k as Name, { message: msg }, { shouldFocus: i === 0 }));
      } else dialogs.error(r.message);
      return;
    }
    // Changed, but this browser could not sign in again: the login page, with the new password.
    if (!r.data.signedIn) return reloadAt("/auth/login");
    reset(EMPTY);
    dialogs.success(r.data.message);
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Card>
          <CardHeader>
            <CardTitle id="change-password-title">Change Password</CardTitle>
            <CardDescription>
              Your other sessions and app sign-ins end; you stay signed in here.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <PasswordField
              name="current_password"
              label="Current Password"
              autoComplete="current-password"
              className="md:col-span-2 md:max-w-[calc(50%-0.5rem)]"
            />
            <PasswordField name="password" label="New Password" autoComplete="new-password" hint={rule} />
            <PasswordField
              name="password_confirmation"
              label="Confirm Password"
              autoComplete="new-password"
            />
            <div className="flex justify-end md:col-span-2">
              <Button type="submit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? "Saving..." : "Change Password"}
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
    </FormProvider>
  );
}

/** A password input with show/hide, its server error under it (and the rule, or whether the two match). */
function PasswordField({
  name,
  label,
  autoComplete,
  hint,
  className,
}: {
  name: Name;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  className?: string;
}) {
  const { register, formState, control } = useFormContext<ChangePasswordValues>();
  const [shown, setShown] = useState(false);
  const error = fieldError(formState.errors, name);
  const [password, confirmation] = useWatch({ control, name: ["password", "password_confirmation"] });
  // The spec's two messages, live under the confirmation until the server says otherwise.
  const match =
    name === "password_confirmation" && confirmation && !error
      ? confirmation === password
        ? "Passwords match."
        : "Passwords do not match."
      : null;
  const note = hint && !error ? hint : match;
  const noteId = `${name}-note`;
  return (
    <Field name={name} label={label} required className={cn("content-start", className)}>
      <div className="relative">
        <Input
          id={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          className="pr-10"
          aria-invalid={!!error}
          aria-describedby={error ? `${name}-error` : note ? noteId : undefined}
          {...register(name)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2 text-slate-600"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? `Hide ${label}` : `Show ${label}`}
          aria-pressed={shown}
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </Button>
      </div>
      {note ? (
        <p
          id={noteId}
          className={
            !match
              ? "text-xs text-slate-600"
              : match === "Passwords match."
                ? "text-sm text-teal-700"
                : "text-sm text-red-700"
          }
        >
          {note}
        </p>
      ) : null}
    </Field>
  );
}
