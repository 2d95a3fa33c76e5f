import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { reportFailure, type Dialogs } from "@/components/shell/dialogs";

/**
 * A failed save, as every form answers it: no session → login page; no permission → the unauthorised popup;
 * field errors under their fields (what the user typed stays); anything else — or an error for a field this
 * form does not show — in the error popup. A field is shown when it is one of the form's values or, with `root`
 * (the form element), when the form has a Field of that name (`data-field`): a rule over several values names its
 * own field, as working hours over start and end time (spec 002 §5), and its error stands beside that field.
 */
export function reportFormFailure<T extends FieldValues>(
  dialogs: Dialogs,
  r: { status: number; message: string; fieldErrors?: Record<string, string>; title?: string },
  form: UseFormReturn<T>,
  root?: ParentNode | null,
): void {
  if (r.status === 401 || r.status === 403) return reportFailure(dialogs, r);
  const shown = new Set(Object.keys(form.getValues()));
  for (const el of root?.querySelectorAll<HTMLElement>("[data-field]") ?? [])
    if (el.dataset.field) shown.add(el.dataset.field.split(".")[0]);
  const errors = Object.entries(r.fieldErrors ?? {});
  for (const [field, message] of errors)
    if (shown.has(field.split(".")[0])) form.setError(field as Path<T>, { message });
  // A 208 (already submitted) shows its own title over the sub-title.
  if (!errors.length || errors.some(([field]) => !shown.has(field.split(".")[0])))
    if (r.title) dialogs.error(r.message, r.title);
    else dialogs.error(r.message);
}
