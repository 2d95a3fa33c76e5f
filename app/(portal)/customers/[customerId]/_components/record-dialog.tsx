"use client";
import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import { reportFormFailure, settle, useFocusFirstError } from "@/components/form";
import { useEditConflict } from "@/components/form/edit-conflict";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/platform/mutations";
import { VERSION_FIELD } from "@/lib/platform/write-fields";

/**
 * A small form in a dialog (the customer page's pet and address): the trigger button, the fields, Cancel and Save.
 * A refused save keeps what was typed and shows each message under its field (others in the error popup); a saved
 * one closes the dialog, confirms with a toast and reloads the page's data.
 */
export function RecordDialog<T extends FieldValues>({
  trigger,
  title,
  description,
  initial,
  save,
  success,
  version,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  initial: DefaultValues<T>;
  save: (values: T) => Promise<ActionResult<unknown>>;
  success: string;
  /** An edit's record version (its updated_at): sent with the save; a stale one opens the conflict dialog. */
  version?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<T>({ defaultValues: initial, shouldFocusError: false });
  const formRef = useFocusFirstError(form);
  const conflict = useEditConflict(form, { version, initial });
  const onSubmit = form.handleSubmit(async (values) => {
    const r = await settle(() =>
      save(conflict.version ? ({ ...values, [VERSION_FIELD]: conflict.version } as T) : values),
    );
    if (!r.ok) {
      if (conflict.onFailure(r)) return;
      return reportFormFailure(dialogs, r, form);
    }
    setOpen(false);
    form.reset(initial);
    dialogs.success(success);
    router.refresh();
  });
  const pending = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) form.reset(initial);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <FormProvider {...form}>
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={pending}>
            <fieldset disabled={pending} className="grid min-w-0 gap-4 md:grid-cols-2">
              {children}
            </fieldset>
            <DialogFooter className="mt-6">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? "Saving..." : "Save"}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}
