"use client";
import { useEffect, useMemo, useRef, useState, useTransition } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useRouter } from "next/navigation";
import { Loader2, Plus, Trash2 } from "lucide-react";
import { useEditConflict } from "@/components/form/edit-conflict";
import { FormTitle } from "@/components/form/entity-form";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { saveWalkPolicyAction } from "../actions";

type Tier = { min_hours: number | string; refund_percent: number | string };
type Values = { reschedule_quota: number | string; refund_tiers: Tier[] };

const SAVED = "Walk request policy saved successfully.";

/** The error of a field, as the server names it (`refund_tiers.1.min_hours`). */
const errorId = (key: string) => `policy-${key.replace(/\./g, "-")}-error`;

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  const e = errors[name];
  return e ? (
    <p id={errorId(name)} className="text-destructive text-sm">
      {e}
    </p>
  ) : null;
}

/**
 * The policy form: the reschedule quota (0-31 per monthly request) and the refund tiers (minimum hours before the
 * walk → refund percent; at least one, distinct minimums; saved highest first). Field errors under their fields;
 * success as the shell's toast, the rows shown in their saved order.
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
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();
  // The conflict dialog every edit form has (components/form/edit-conflict.tsx), over this form's own state.
  const current = useRef(values);
  useEffect(() => {
    current.current = values;
  });
  const formLike = useMemo(
    () =>
      ({
        getValues: () => current.current,
        reset: (v: Values) => setValues(v),
        setValue: (name: keyof Values, v: unknown) => setValues((s) => ({ ...s, [name]: v })),
      }) as unknown as UseFormReturn<Values>,
    [],
  );
  const conflict = useEditConflict(formLike, { version, initial });

  const setTier = (i: number, key: keyof Tier, v: string) =>
    setValues((s) => ({
      ...s,
      refund_tiers: s.refund_tiers.map((t, k) => (k === i ? { ...t, [key]: v } : t)),
    }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const r = await settle(() =>
        saveWalkPolicyAction({ ...values, [VERSION_FIELD]: conflict.version ?? "" }),
      );
      if (!r.ok) {
        if (r.fieldErrors && Object.keys(r.fieldErrors).length) return setErrors(r.fieldErrors);
        if (conflict.onFailure(r)) return;
        return reportFailure(dialogs, r);
      }
      setErrors({});
      conflict.adopt(r.data.updated_at);
      setValues({ reschedule_quota: r.data.reschedule_quota, refund_tiers: r.data.refund_tiers });
      dialogs.success(SAVED);
      router.refresh();
    });
  };

  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": errorId(name) } : {};

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
        <form onSubmit={submit} noValidate className="grid gap-6">
          <fieldset disabled={readOnly || pending} className="grid gap-6">
            <div className="grid max-w-xs gap-2">
              <Label htmlFor="reschedule_quota">
                Reschedule Quota <span aria-hidden>*</span>
              </Label>
              <Input
                id="reschedule_quota"
                type="number"
                inputMode="numeric"
                min={0}
                max={31}
                step={1}
                required
                value={values.reschedule_quota}
                onChange={(e) => setValues((s) => ({ ...s, reschedule_quota: e.target.value }))}
                {...invalid("reschedule_quota")}
              />
              <p className="text-xs text-slate-600">Reschedules per monthly request (0 to 31).</p>
              <FieldError name="reschedule_quota" errors={errors} />
            </div>
            <div className="grid gap-3">
              <div>
                <h2 className="text-base font-semibold">Refund Tiers</h2>
                <p className="text-xs text-slate-600">
                  A cancellation made at least this many hours before the walk refunds this share of its
                  price; the highest tier met applies, none met refunds nothing.
                </p>
              </div>
              <FieldError name="refund_tiers" errors={errors} />
              <ul className="grid gap-3">
                {values.refund_tiers.map((t, i) => (
                  <li key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
                    <div className="grid gap-1">
                      <Label htmlFor={`tier-${i}-hours`}>Min Hours Before</Label>
                      <Input
                        id={`tier-${i}-hours`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        value={t.min_hours}
                        onChange={(e) => setTier(i, "min_hours", e.target.value)}
                        {...invalid(`refund_tiers.${i}.min_hours`)}
                      />
                      <FieldError name={`refund_tiers.${i}.min_hours`} errors={errors} />
                    </div>
                    <div className="grid gap-1">
                      <Label htmlFor={`tier-${i}-percent`}>Refund Percent</Label>
                      <Input
                        id={`tier-${i}-percent`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={100}
                        step={1}
                        value={t.refund_percent}
                        onChange={(e) => setTier(i, "refund_percent", e.target.value)}
                        {...invalid(`refund_tiers.${i}.refund_percent`)}
                      />
                      <FieldError name={`refund_tiers.${i}.refund_percent`} errors={errors} />
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="mt-6"
                      aria-label={`Remove tier ${i + 1}`}
                      disabled={values.refund_tiers.length <= 1}
                      onClick={() =>
                        setValues((s) => ({ ...s, refund_tiers: s.refund_tiers.filter((_, k) => k !== i) }))
                      }
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
                  onClick={() =>
                    setValues((s) => ({
                      ...s,
                      refund_tiers: [...s.refund_tiers, { min_hours: "", refund_percent: "" }],
                    }))
                  }
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
        {conflict.dialog}
      </CardContent>
    </Card>
  );
}
