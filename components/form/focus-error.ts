"use client";
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { fieldError } from "./field";

const FOCUSABLE =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * Scrolls to the first field of the form, in the page's order, that shows an error and focuses its control (the
 * element with the field's id, else its first focusable one). Fields mark themselves with `data-field` (see Field),
 * so custom controls (selects, rich text, images, checkbox groups) are found like plain inputs. Answers whether a
 * field was found.
 */
export function focusFirstError(form: HTMLElement, errors: Record<string, unknown>): boolean {
  for (const field of form.querySelectorAll<HTMLElement>("[data-field]")) {
    const name = field.dataset.field ?? "";
    if (!fieldError(errors, name)) continue;
    const own = field.querySelector<HTMLElement>(`[id="${CSS.escape(name)}"]`);
    const control = own && !own.matches(":disabled") ? own : field.querySelector<HTMLElement>(FOCUSABLE);
    field.scrollIntoView({ block: "center" });
    control?.focus({ preventScroll: true });
    return true;
  }
  return false;
}

/**
 * After every submit that ends with errors — the browser's checks or the server's field errors — the first invalid
 * field is scrolled to and focused (react-hook-form's own focusing knows only registered inputs, in the order they
 * registered). It runs once the submit has settled, when the fields are enabled again. Returns the form's ref.
 */
export function useFocusFirstError<T extends FieldValues>(form: UseFormReturn<T>) {
  const ref = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitting, errors } = form.formState;
  const handled = useRef(submitCount);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    if (ref.current) focusFirstError(ref.current, errors);
  }, [isSubmitting, submitCount, errors]);
  return ref;
}
