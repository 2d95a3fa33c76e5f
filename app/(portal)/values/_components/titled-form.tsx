"use client";
import { useState, type ReactNode } from "react";
import Link from "next/link";
import { FormProvider, type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import { FormTitle, useFocusFirstError, useLeaveGuard, useSaveAndReturn } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";

type Props<T extends FieldValues> = FormScreenProps & {
  initial: DefaultValues<T>;
  actions: {
    create?: (values: unknown) => Promise<ActionResult<unknown>>;
    update?: (opaqueId: string, values: unknown) => Promise<ActionResult<unknown>>;
  };
  /** The spec's own title ('Add a Value', 'Add User'); default as EntityForm's: 'Add <noun>' / 'Edit <noun>'. */
  title?: string;
  /** The spec's own button ('Update Outlet'); default 'Save <noun>' / 'Update <noun>'. */
  submitLabel?: string;
  children: ReactNode;
};

/**
 * EntityForm (components/form) with the title and the save button's label given by the screen, where spec 001
 * words them otherwise than '<Add|Edit> <noun>'. Same behaviour: field errors under their fields with what was
 * typed kept, the leave guard, the success toast and back to the list.
 */
export function TitledForm<T extends FieldValues>({
  noun,
  id,
  initial,
  readOnly = false,
  listHref,
  actions,
  messages,
  title,
  submitLabel,
  children,
}: Props<T>) {
  const form = useForm<T>({ defaultValues: initial, shouldFocusError: false });
  const guard = useLeaveGuard(!readOnly && form.formState.isDirty);
  const formRef = useFocusFirstError(form);
  const [saved, setSaved] = useState(false);
  const onSubmit = useSaveAndReturn(form, {
    save: (values) => (id ? actions.update!(id, values) : actions.create!(values)),
    success: id ? messages.updated : messages.created,
    listHref,
    onSaved: () => {
      guard.release();
      setSaved(true);
    },
  });
  const heading = readOnly ? `View ${noun}` : (title ?? (id ? `Edit ${noun}` : `Add ${noun}`));
  const pending = form.formState.isSubmitting || saved;
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        method="post"
        onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit}
        noValidate
        aria-busy={pending}
      >
        <fieldset disabled={readOnly || pending} className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <FormTitle>{heading}</FormTitle>
            </CardHeader>
            <CardContent className="grid gap-4 md:grid-cols-2">{children}</CardContent>
          </Card>
        </fieldset>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href={listHref}>{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : (submitLabel ?? `${id ? "Update" : "Save"} ${noun}`)}
            </Button>
          )}
        </div>
      </form>
      {guard.dialog}
    </FormProvider>
  );
}
