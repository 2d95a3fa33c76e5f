"use client";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { fieldError, PickerField, SelectField, TextField, type Option } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EMPTY_WALK, SAME_AS_PLAN } from "./form-values";

const SAME_AS_PLAN_OPTION = { value: SAME_AS_PLAN, label: "The plan's walker" };

/**
 * The plan's walks (`daily_job_plan_walks`): per walk its timeslot, walker (the plan's unless another is chosen, e.g.
 * a leave's replacement), status and duration; Add Walk and a remove button per walk. The server's errors show under
 * their cell (`daily_job_plan_walks.{index}.timeslot`) or under the list.
 */
export function WalkRows({
  names,
  walkerParams,
  statuses,
  disabled,
}: {
  /** The walks' walkers' names by id (the first paint). */
  names: Record<string, { value: string; label: string }>;
  /** The staff source's parameters (the plan's franchisee). */
  walkerParams?: Record<string, string>;
  statuses: Option[];
  disabled?: boolean;
}) {
  const name = "daily_job_plan_walks";
  const { control, formState, clearErrors, getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = fieldError(formState.errors, name) ?? fieldError(formState.errors, `${name}.root`);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle>Walks</CardTitle>
        {disabled ? null : (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              clearErrors(name);
              append({ ...EMPTY_WALK });
            }}
          >
            <Plus className="size-4" aria-hidden />
            Add Walk
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4" data-field={name}>
        {listError ? (
          <p id={`${name}-error`} role="alert" className="text-destructive text-sm">
            {listError}
          </p>
        ) : null}
        {fields.length === 0 ? <p className="text-sm text-slate-500">No walks yet: add one.</p> : null}
        {fields.map((f, i) => (
          <fieldset
            key={f.id}
            className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_1.5fr_1fr_auto] lg:items-end"
          >
            <legend className="px-1 text-sm font-medium">Walk {i + 1}</legend>
            <TextField
              name={`${name}.${i}.timeslot`}
              label="Timeslot"
              type="time"
              required
              disabled={disabled}
            />
            <PickerField
              name={`${name}.${i}.walker_id`}
              label="Walker"
              source="staff"
              params={walkerParams}
              selected={names[String(getValues(`${name}.${i}.walker_id`))] ?? null}
              none={SAME_AS_PLAN_OPTION}
              disabled={disabled}
            />
            <SelectField name={`${name}.${i}.status`} label="Status" options={statuses} disabled={disabled} />
            <TextField
              name={`${name}.${i}.duration_minutes`}
              label="Duration (minutes)"
              type="number"
              disabled={disabled}
            />
            {disabled ? null : (
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="mb-0.5 text-red-600 hover:bg-red-50 hover:text-red-700"
                aria-label={`Remove walk ${i + 1}`}
                onClick={() => remove(i)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
          </fieldset>
        ))}
      </CardContent>
    </Card>
  );
}
