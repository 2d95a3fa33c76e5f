"use client";
import { useRouter } from "next/navigation";
import { Copy, Loader2 } from "lucide-react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Field, FormTitle, PickerField, reportFormFailure, settle } from "@/components/form";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { previousMonth } from "@/lib/operations/week-parity";
import { copyPjpFromPreviousMonthAction, copyPjpFromReferencesAction } from "../actions";
import { MONTH_NAMES as MONTHS } from "@/lib/format";

type Values = { user_id: string; month_year: string };
type Answer = { created: number; skipped: number; message: string };

/** 2026-06 → "June 2026" (the same text on the server and in the browser). */
const monthName = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/**
 * The two copy screens (spec 001 §2): User and a month, button Copy Pjp; the answer "N PJPs created, M skipped".
 * From references the screen returns to /pjps on that month; from the previous month it stays (spec).
 * `month_year` is the month PJPs are made in; the previous-month copy reads the month before it.
 */
export function CopyPjpForm({
  mode,
  initialMonth,
}: {
  mode: "references" | "previous";
  initialMonth: string;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<Values>({ defaultValues: { user_id: "", month_year: initialMonth } });
  const month = useWatch({ control: form.control, name: "month_year" });
  const fromReferences = mode === "references";
  const onSubmit = form.handleSubmit(async (values) => {
    const r = await settle<Answer>(() =>
      fromReferences ? copyPjpFromReferencesAction(values) : copyPjpFromPreviousMonthAction(values),
    );
    if (!r.ok) return reportFormFailure(dialogs, r, form);
    dialogs.success(r.data.message);
    if (fromReferences) router.push(`/pjps?month_year=${encodeURIComponent(values.month_year)}`);
    else router.refresh();
  });
  const source = /^\d{4}-\d{2}$/.test(month ?? "") ? previousMonth(month) : null;
  return (
    <FormProvider {...form}>
      <form method="post" onSubmit={onSubmit} noValidate aria-busy={form.formState.isSubmitting}>
        <Card className="max-w-3xl">
          <CardHeader>
            <FormTitle>
              {fromReferences ? "Copy Pjp from References" : "Copy Pjp from Previous Month"}
            </FormTitle>
            <CardDescription>
              {fromReferences
                ? "Makes the user's PJPs of the month from their active PJP references: one on every date whose weekday is a reference's day and whose week is the reference's (ODD weeks are ISO weeks 1, 3, 5…, EVEN weeks 2, 4, 6…). PJPs already there (same user, date and name) are skipped."
                : `Copies the user's PJPs of ${source ? monthName(source) : "the month before"} into ${
                    source ? monthName(month) : "the chosen month"
                  }, each on the same weekday of the same week (the 2nd Tuesday goes to the 2nd Tuesday). A 5th weekday the month does not have, and PJPs already there (same user, date and name), are skipped.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <fieldset disabled={form.formState.isSubmitting} className="contents">
              <PickerField name="user_id" label="User" source="users" required />
              <Field name="month_year" label={fromReferences ? "for Month" : "from Previous Month"} required>
                <Input
                  id="month_year"
                  type="month"
                  aria-invalid={!!form.formState.errors.month_year}
                  aria-describedby={form.formState.errors.month_year ? "month_year-error" : undefined}
                  {...form.register("month_year")}
                  // In the server's HTML too (register fills the input only after hydration).
                  defaultValue={initialMonth}
                />
              </Field>
            </fieldset>
          </CardContent>
          <div className="flex justify-end gap-2 px-6 pb-6">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Copy className="size-4" aria-hidden />
              )}
              Copy Pjp
            </Button>
          </div>
        </Card>
      </form>
    </FormProvider>
  );
}
