"use client";
import { useState, type ReactNode } from "react";
import Link from "next/link";
import {
  FormProvider,
  type DefaultValues,
  type FieldValues,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";
import { cn } from "@/lib/utils";
import { IDEMPOTENCY_FIELD, VERSION_FIELD } from "@/lib/platform/write-fields";
import { useEditConflict } from "./edit-conflict";
import { FormReadOnly } from "./field";
import { useFocusFirstError } from "./focus-error";
import { useLeaveGuard } from "./unsaved-changes-guard";
import { useSaveAndReturn } from "./use-save";

type Props<T extends FieldValues> = FormScreenProps & {
  initial: DefaultValues<T>;
  actions: {
    create?: (values: unknown) => Promise<ActionResult<unknown>>;
    update?: (opaqueId: string, values: unknown) => Promise<ActionResult<unknown>>;
  };
  /** The form's fields (inside a grid); a function gets the form, for fields that depend on others. */
  children: ReactNode | ((form: UseFormReturn<T>) => ReactNode);
  /** Cards under the main one (more fields in sections, child rows, a read-only sub-list). */
  after?: ReactNode;
  /** The spec's own title where it words it otherwise ('Add a Value'); default 'Add <noun>' / 'Edit <noun>'. */
  title?: string;
  /** The spec's own button where it words it otherwise ('Update Outlet'); default 'Save <noun>' / 'Update <noun>'. */
  submitLabel?: string;
};

/** A fresh idempotency key (a random UUID; the browser's crypto, or Math.random where crypto.randomUUID is absent). */
function newKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** A form page's one h1: the form's title, styled as its card's title. */
export function FormTitle({ className, ...props }: React.ComponentProps<"h1">) {
  return <h1 className={cn("text-lg leading-none font-semibold", className)} {...props} />;
}

/**
 * An entity's form: the card with its title (the page's h1), the fields (disabled when read-only), Cancel and
 * Save, the pending state, and the answer to a save — field errors under their fields (what was typed stays, the
 * first one scrolled to and focused), other failures and an unreachable server in the popup, the success toast and
 * back to the list on success. Files chosen in image fields travel with the save (the entity's `files`), so the
 * record and its files are saved together or not at all. Leaving with unsaved changes asks first.
 */
export function EntityForm<T extends FieldValues>({
  noun,
  id,
  version,
  initial,
  readOnly = false,
  listHref,
  actions,
  messages,
  children,
  after,
  title: ownTitle,
  submitLabel,
}: Props<T>) {
  // Our own focusing (useFocusFirstError) knows custom fields and the page's order.
  const form = useForm<T>({ defaultValues: initial, shouldFocusError: false });
  const guard = useLeaveGuard(!readOnly && form.formState.isDirty);
  const formRef = useFocusFirstError(form);
  // Saved: the form stays shut while the list loads (the toast does not block a second Save as a popup did).
  const [saved, setSaved] = useState(false);
  // An edit sends the version it was opened on (a stale save is refused and answered by the conflict dialog); a
  // create sends one idempotency key per form, so a double submit (or a retry after a lost answer) creates one record.
  const conflict = useEditConflict(form, { version, initial });
  const [idempotencyKey] = useState(newKey);
  const onSubmit = useSaveAndReturn(form, {
    save: (values) =>
      id
        ? actions.update!(id, conflict.version ? { ...values, [VERSION_FIELD]: conflict.version } : values)
        : actions.create!({ ...values, [IDEMPOTENCY_FIELD]: idempotencyKey }),
    success: id ? messages.updated : messages.created,
    listHref,
    onSaved: () => {
      guard.release();
      setSaved(true);
    },
    onFailure: conflict.onFailure,
    root: formRef,
  });
  const title = readOnly ? `View ${noun}` : (ownTitle ?? (id ? `Edit ${noun}` : `Add ${noun}`));
  const pending = form.formState.isSubmitting || saved || conflict.reloading;
  return (
    <FormProvider {...form}>
      <FormReadOnly.Provider value={readOnly}>
        <form
          ref={formRef}
          method="post"
          onSubmit={readOnly ? (e) => e.preventDefault() : onSubmit}
          noValidate
          aria-busy={pending}
        >
          {/* A disabled fieldset disables every field, switches included; rich text and images are told themselves. */}
          <fieldset disabled={readOnly || pending} className="min-w-0 space-y-6">
            <Card>
              <CardHeader>
                <FormTitle>{title}</FormTitle>
              </CardHeader>
              <CardContent className="grid gap-4 md:grid-cols-2">
                {typeof children === "function" ? children(form) : children}
              </CardContent>
            </Card>
            {after}
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
      </FormReadOnly.Provider>
      {guard.dialog}
      {conflict.dialog}
    </FormProvider>
  );
}
