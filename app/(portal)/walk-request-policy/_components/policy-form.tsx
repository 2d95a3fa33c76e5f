"use client";
import { FormProvider, useFieldArray, useForm, useFormContext } from "react-hook-form";
import { useRouter } from "next/navigation";
import { Loader2, Plus, Trash2 } from "lucide-react";
import { Field, fieldError, FormTitle, reportFormFailure, settle, useRegister } from "@/components/form";
import { useEditConflict } from "@/components/form/edit-conflict";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { saveWalkPolicyAction } from "../actions";

type Tier = { min_hours: number | string; refund_percent: number | string };
type Values = { reschedule_quota: number | string; refund_tiers: Tier[] };

const SAVED = "Walk request policy saved successfully.";

/** A whole number from 0 in the kernel's Field (its label, the server's error under it); `hint` under the input. */
function NumberField(p: {
  name: string;
  label: string;
  max?: number;
  required?: boolean;
  hint?: string;
  className?: string;
}) {
  const { formState } = useFormContext();
  const field = useRegister(p.name);
  const invalid = !!fieldError(formState.errors, p.name);
  return (
    <Field name={p.name} label={p.label} required={p.required} className={p.className}>
      <Input
        id={p.name}
        type="number"
        inputMode="numeric"
        min={0}
        max={p.max}
        step={1}
        required={p.required}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${p.name}-error` : undefined}
        {...field}
      />
      {p.hint ? <p className="text-xs text-slate-600">{p.hint}</p> : null}
    </Field>
  );
}

/**
 * The policy form: the reschedule quota (0-31 per monthly request) and the refund tiers (minimum hours before the
 * walk → refund percent; at least one, distinct minimums; saved highest first). Field errors under their fields
 * (the server names a tier's as `refund_tiers.1.min_hours`); success as the shell's toast, the rows shown in their
 * saved order.
 */
export function PolicyForm({
  initial,
  isDefault,
  readOnly,
  version,
}: {
  initial: Values;
  isDefault: boolean;
  readOnly: boolean;
  /** The policy's version (its updated_at; blank for the default): a save over a change made since is refused. */
  version: string;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const form = useForm<Values>({ defaultValues: initial });
  const tiers = useFieldArray({ control: form.control, name: "refund_tiers" });
  // The conflict dialog every edit form has (components/form/edit-conflict.tsx).
  const conflict = useEditConflict(form, { version, initial });
  const pending = form.formState.isSubmitting;
  const tiersError = fieldError(form.formState.errors, "refund_tiers");

  const save = form.handleSubmit(async (values) => {
    const r = await settle(() =>
      saveWalkPolicyAction({ ...values, [VERSION_FIELD]: conflict.version ?? "" }),
    );
    if (!r.ok) return conflict.onFailure(r) ? undefined : reportFormFailure(dialogs, r, form);
    conflict.adopt(r.data.updated_at);
    form.reset({ reschedule_quota: r.data.reschedule_quota, refund_tiers: r.data.refund_tiers });
    dialogs.success(SAVED);
    router.refresh();
  });
  // The last save's errors go first: the list's own (not a field's) would otherwise hold the next submit back.
  const submit = (e: React.FormEvent) => {
    form.clearErrors();
    return save(e);
  };

  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <FormTitle>Walk Request Policy</FormTitle>
        <p className="text-sm text-slate-600">
          Customers&apos; reschedule and cancel requests: how many reschedules a monthly plan allows, and how
          much of a walk&apos;s price a cancellation refunds by how early it is asked.
          {isDefault ? " The default policy applies until you save one." : ""}
        </p>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate className="grid gap-6">
            <fieldset disabled={readOnly || pending} className="grid gap-6">
              <NumberField
                name="reschedule_quota"
                label="Reschedule Quota"
                max={31}
                required
                className="max-w-xs"
                hint="Reschedules per monthly request (0 to 31)."
              />
              <div className="grid gap-3">
                <div>
                  <h2 className="text-base font-semibold">Refund Tiers</h2>
                  <p className="text-xs text-slate-600">
                    A cancellation made at least this many hours before the walk refunds this share of its
                    price; the highest tier met applies, none met refunds nothing.
                  </p>
                </div>
                {tiersError ? (
                  <p role="alert" className="text-destructive text-sm">
                    {tiersError}
                  </p>
                ) : null}
                <ul className="grid gap-3">
                  {tiers.fields.map((t, i) => (
                    <li key={t.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
                      <NumberField name={`refund_tiers.${i}.min_hours`} label="Min Hours Before" />
                      <NumberField
                        name={`refund_tiers.${i}.refund_percent`}
                        label="Refund Percent"
                        max={100}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="mt-6"
                        aria-label={`Remove tier ${i + 1}`}
                        disabled={tiers.fields.length <= 1}
                        onClick={() => tiers.remove(i)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </li>
                  ))}
                </ul>
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => tiers.append({ min_hours: "", refund_percent: "" })}
                  >
                    <Plus className="size-4" aria-hidden /> Add Tier
                  </Button>
                </div>
              </div>
            </fieldset>
            {readOnly ? null : (
              <div className="flex justify-end">
                <Button type="submit" disabled={pending}>
                  {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  Save Policy
                </Button>
              </div>
            )}
          </form>
        </FormProvider>
        {conflict.dialog}
      </CardContent>
    </Card>
  );
}
