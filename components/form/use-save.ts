"use client";
import type { RefObject } from "react";
import { useRouter } from "next/navigation";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useDialogs } from "@/components/shell/dialogs";
import type { ActionResult } from "@/lib/platform/mutations";
import { reportFormFailure } from "./report-failure";
import { settle } from "./settle";

/**
 * The submit handler of an entity form: save through the server action; on failure (a call that never answered
 * included, see settle) keep what was typed and show why (reportFormFailure); on success `onSaved` (the leave
 * guard lets go), the success toast with `success` and back to the list.
 */
export function useSaveAndReturn<T extends FieldValues>(
  form: UseFormReturn<T>,
  o: {
    save: (values: T) => Promise<ActionResult<unknown>>;
    success: string;
    listHref: string;
    onSaved?: () => void;
    /** A failure the form answers itself (an edit conflict): true when handled, else the usual report. */
    onFailure?: (r: Extract<ActionResult<unknown>, { ok: false }>) => boolean;
    /** The form element: its Fields (data-field) take the errors of rules named after them (reportFormFailure). */
    root?: RefObject<HTMLElement | null>;
  },
) {
  const router = useRouter();
  const dialogs = useDialogs();
  return form.handleSubmit(async (values) => {
    const r = await settle(() => o.save(values));
    if (!r.ok) return o.onFailure?.(r) ? undefined : reportFormFailure(dialogs, r, form, o.root?.current);
    o.onSaved?.();
    dialogs.success(o.success);
    router.push(o.listHref);
    router.refresh();
  });
}
