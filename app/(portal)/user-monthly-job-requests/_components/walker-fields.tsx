"use client";
import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import type { ExtraFields } from "@/components/approval/decision-dialog";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDate } from "@/lib/format";
import { monthlyApprovalWalkersAction } from "../actions";

type Choices = Awaited<ReturnType<typeof monthlyApprovalWalkersAction>> & { ok: true };

/**
 * A franchisee admin's approval of a monthly request, inside the kernel's DecisionDialog (the list's and the
 * inbox's): the request's franchisee's walkers, each with their walks on the request's first day (the least busy
 * first), and the time of each walk a day (two when the plan has two). It sets `walker_id` (opaque), `timeslot` and
 * `timeslot_2` (HH:MM), starting from the request's own; the server checks them (422 under the fields).
 */
export function WalkerFields({ id, ...f }: ExtraFields & { id: string }) {
  const dialogs = useDialogs();
  const [choices, setChoices] = useState<Choices["data"] | null>(null);
  useEffect(() => {
    let live = true;
    void settle(() => monthlyApprovalWalkersAction(id)).then((r) => {
      if (!live) return;
      if (!r.ok) return reportFailure(dialogs, r);
      setChoices(r.data);
      const current = r.data.walkers.find((w) => w.current);
      if (current && !f.values.walker_id) f.set("walker_id", current.id);
      if (r.data.timeslot && !f.values.timeslot) f.set("timeslot", r.data.timeslot);
      if (r.data.timeslot_2 && !f.values.timeslot_2) f.set("timeslot_2", r.data.timeslot_2);
    });
    return () => {
      live = false;
    };
    // Loaded once per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const err = (k: string) =>
    f.errors[k] ? (
      <p id={`approve-${id}-${k}-error`} className="text-destructive text-sm">
        {f.errors[k]}
      </p>
    ) : null;
  const time = (k: "timeslot" | "timeslot_2", label: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`approve-${id}-${k}`}>
        {label} <span aria-hidden>*</span>
      </Label>
      <Input
        id={`approve-${id}-${k}`}
        type="time"
        value={String(f.values[k] ?? "")}
        disabled={f.busy}
        aria-invalid={!!f.errors[k]}
        aria-describedby={f.errors[k] ? `approve-${id}-${k}-error` : undefined}
        onChange={(e) => f.set(k, e.target.value)}
      />
      {err(k)}
    </div>
  );
  const two = choices?.walks_a_day === 2;
  return (
    <>
      <fieldset
        className="grid gap-1"
        aria-describedby={f.errors.walker_id ? `approve-${id}-walker_id-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">
          Walker <span aria-hidden>*</span>
          {choices ? (
            <span className="text-muted-foreground font-normal"> · walks on {formatDate(choices.date)}</span>
          ) : null}
        </legend>
        {!choices ? (
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading walkers…
          </p>
        ) : choices.walkers.length === 0 ? (
          <p className="text-muted-foreground text-sm">This franchisee has no active walker.</p>
        ) : (
          <div className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
            {choices.walkers.map((w) => (
              <label
                key={w.id}
                className="hover:bg-muted has-[:checked]:bg-muted flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm"
              >
                <input
                  type="radio"
                  name={`approve-${id}-walker`}
                  className="mt-1"
                  value={w.id}
                  disabled={f.busy}
                  checked={f.values.walker_id === w.id}
                  onChange={() => f.set("walker_id", w.id)}
                />
                <span>
                  {w.name}
                  <span className="text-muted-foreground block text-xs">
                    {w.times.length
                      ? `${w.times.length} walk${w.times.length === 1 ? "" : "s"} that day: ${w.times.join(", ")}`
                      : "No walks that day"}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        {err("walker_id")}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        {time("timeslot", two ? "Timeslot 1" : "Timeslot")}
        {two ? time("timeslot_2", "Timeslot 2") : null}
      </div>
    </>
  );
}
