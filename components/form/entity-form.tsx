"use client";
import type { ReactNode } from "react";
import Link from "next/link";
import {
  FormProvider,
  type DefaultValues,
  type FieldValues,
  useForm,
  type UseFormReturn,
} from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";
import { useSaveAndReturn } from "./use-save";

type Props<T extends FieldValues> = FormScreenProps & {
  initial: DefaultValues<T>;
  actions: {
    create?: (values: unknown) => Promise<ActionResult<unknown>>;
    update?: (opaqueId: string, values: unknown) => Promise<ActionResult<unknown>>;
  };
  /** The form's fields (inside a grid); a function gets the form, for fields that depend on others. */
  children: ReactNode | ((form: UseFormReturn<T>) => ReactNode);
  /** Cards under the main one (child rows, a read-only sub-list). */
  after?: ReactNode;
};

/**
 * An entity's form: the card with its title, the fields (disabled when read-only), Cancel and Save, the pending
 * state, and the answer to a save — field errors under their fields (what was typed stays), other failures and
 * an unreachable server in the popup, 'Hurray!' and back to the list on success.
 */
export function EntityForm<T extends FieldValues>({
  noun,
  id,
  initial,
  readOnly = false,
  listHref,
  actions,
  messages,
  children,
  after,
}: Props<T>) {
  const form = useForm<T>({ defaultValues: initial });
  const onSubmit = useSaveAndReturn(form, {
    save: (values) => (id ? actions.update!(id, values) : actions.create!(values)),
    success: id ? messages.updated : messages.created,
    listHref,
  });
  const title = readOnly ? `View ${noun}` : id ? `Edit ${noun}` : `Add ${noun}`;
  const pending = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={pending}>
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent>
            {/* A disabled fieldset disables every field, switches included: a read-only view needs no more. */}
            <fieldset disabled={readOnly || pending} className="grid gap-4 md:grid-cols-2">
              {typeof children === "function" ? children(form) : children}
            </fieldset>
          </CardContent>
        </Card>
        {after}
        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link href={listHref}>{readOnly ? "Back" : "Cancel"}</Link>
          </Button>
          {readOnly ? null : (
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : `${id ? "Update" : "Save"} ${noun}`}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
