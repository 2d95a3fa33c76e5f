"use client";
import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { fieldError, PickerField, type PickedOption } from "@/components/form";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Spec 001 §2: the question before an outlet row goes. */
const REMOVE_QUESTION = "Do you want to remove the outlet?";

/**
 * The repeatable outlet rows of the PJP and PJP reference forms (`pjp_outlets` / `pjp_reference_outlets`, each
 * `{ outlet_id }`): an Outlet picker per row (searched on the server: a company may have 20k outlets), a remove
 * button asking Yes/No first, and Add Outlet. `chosen` names the record's outlets on first paint (also one
 * deactivated since). The server's errors show under their row (`pjp_outlets.{index}.outlet_id`) or under the list.
 */
export function OutletRows({
  name,
  chosen = [],
  disabled,
}: {
  name: "pjp_outlets" | "pjp_reference_outlets";
  chosen?: PickedOption[];
  disabled?: boolean;
}) {
  const { control, formState, clearErrors } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const [asking, setAsking] = useState<number | null>(null);
  const listError = fieldError(formState.errors, name) ?? fieldError(formState.errors, `${name}.root`);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle>Outlets</CardTitle>
        {disabled ? null : (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              clearErrors(name);
              append({ outlet_id: "" });
            }}
          >
            <Plus className="size-4" aria-hidden />
            Add Outlet
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3" data-field={name}>
        {listError ? (
          <p id={`${name}-error`} role="alert" className="text-destructive text-sm">
            {listError}
          </p>
        ) : null}
        {fields.length === 0 ? <p className="text-sm text-slate-500">No outlets yet: add one.</p> : null}
        {fields.map((f, i) => (
          <div key={f.id} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <PickerField
                name={`${name}.${i}.outlet_id`}
                label={`Outlet ${i + 1}`}
                source="outlets"
                selected={chosen.find((o) => o.value === (f as { outlet_id?: string }).outlet_id) ?? null}
                required
                disabled={disabled}
              />
            </div>
            {disabled ? null : (
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="mb-0.5 text-red-600 hover:bg-red-50 hover:text-red-700"
                aria-label={`Remove outlet ${i + 1}`}
                onClick={() => setAsking(i)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
          </div>
        ))}
      </CardContent>
      <AlertDialog open={asking != null} onOpenChange={(open) => !open && setAsking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove outlet</AlertDialogTitle>
            <AlertDialogDescription>{REMOVE_QUESTION}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>No</AlertDialogCancel>
            <AlertDialogAction
              className="bg-red-600 text-white hover:bg-red-700"
              onClick={() => {
                if (asking != null) remove(asking);
                setAsking(null);
              }}
            >
              Yes
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
