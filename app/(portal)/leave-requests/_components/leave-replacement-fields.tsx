"use client";
import { useEffect, useMemo, useState } from "react";
import { Loader2, TriangleAlert } from "lucide-react";
import type { ExtraFields } from "@/components/approval/decision-dialog";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { BrowserStaff } from "@/lib/jobs/leave-requests";
import { loadStaff, staffName, staffMatches } from "./staff";

/** The input field the picker sets: a staff member's opaque id, or null for "Approve without replacement". */
export const REPLACEMENT_FIELD = "replacement_user_id";

/** The approve dialog's button (the modal's "Approve") and its question before cancelling a choice (spec 002 §4). */
export const REPLACEMENT_DIALOG = {
  confirmLabel: "Approve",
  discard: "Are you sure you want to cancel? Your changes will be lost.",
};

/** Spec 002 §4: approval needs a chosen member or the tick (the field left unset: neither yet). */
export function checkReplacement(values: Record<string, unknown>): Record<string, string> | null {
  return values[REPLACEMENT_FIELD] === undefined
    ? { [REPLACEMENT_FIELD]: "Choose a replacement or tick Approve without replacement." }
    : null;
}

/**
 * The Staff replacement modal's fields (spec 002 §2, §4, §5, §8), inside the kernel's DecisionDialog of the leave's
 * approve (its title "Staff Replacement", its reason box "Admin Remarks"): a search box (name, employee code or phone,
 * case-insensitive), the available staff in a list scrolling past 300 px, each with why they rank there, and
 * 'Approve without replacement'. With nobody available the tick is forced on with the warning; a failed load says why
 * and defaults to approving without a replacement. Sets `replacement_user_id` (opaque id, or null).
 */
export function LeaveReplacementFields({ id, values, set, errors, busy }: ExtraFields & { id: string }) {
  const [staff, setStaff] = useState<BrowserStaff[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [search, setSearch] = useState("");
  const chosen = values[REPLACEMENT_FIELD];
  const without = chosen === null;

  useEffect(() => {
    let live = true;
    void loadStaff(id).then((loaded) => {
      if (!live) return;
      setLoadFailed(!loaded);
      setStaff(loaded ?? []);
      if (!loaded?.length) set(REPLACEMENT_FIELD, null);
    });
    return () => {
      live = false;
    };
    // Loaded once per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const noStaff = staff != null && staff.length === 0;
  const shown = useMemo(() => (staff ?? []).filter((s) => staffMatches(s, search)), [staff, search]);
  const error = errors[REPLACEMENT_FIELD];
  const errorId = `replacement-${id}-error`;

  return (
    <>
      <Input
        type="search"
        aria-label="Search staff"
        placeholder="Search by name, employee code or phone"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={!staff?.length}
      />
      {noStaff && !loadFailed ? (
        <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <p>
            <strong>No Available Staff:</strong> No staff members are available for this timeslot. You can
            still approve the leave without a replacement.
          </p>
        </div>
      ) : null}
      <div
        role="radiogroup"
        aria-label="Available staff"
        aria-describedby={error ? errorId : undefined}
        className="max-h-[300px] overflow-y-auto rounded-md border border-slate-200"
      >
        {staff == null ? (
          <p className="flex items-center gap-2 p-3 text-sm text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading available staff...
          </p>
        ) : shown.length === 0 ? (
          <p className="p-3 text-sm text-slate-500">No data found</p>
        ) : (
          shown.map((s) => {
            const selected = chosen === s.id;
            return (
              <button
                key={s.id}
                type="button"
                role="radio"
                aria-checked={selected}
                disabled={without || busy}
                onClick={() => set(REPLACEMENT_FIELD, selected ? undefined : s.id)}
                className={`flex w-full items-center gap-3 border-b border-slate-100 p-2 text-left text-sm last:border-b-0 disabled:opacity-50 ${
                  selected ? "bg-primary/10" : "hover:bg-slate-50"
                }`}
              >
                <Avatar className="size-8">
                  {s.image_url ? <AvatarImage src={s.image_url} alt="" /> : null}
                  <AvatarFallback>{`${s.first_name[0] ?? ""}${s.last_name[0] ?? ""}`}</AvatarFallback>
                </Avatar>
                <span className="grid flex-1">
                  <span className="font-medium">{staffName(s)}</span>
                  <span className="text-xs text-slate-500">
                    {[s.employee_code, s.phone].filter(Boolean).join(" · ")}
                  </span>
                  <span className="text-xs text-slate-500">
                    {[
                      s.same_zone ? "Same zone" : null,
                      s.walked_pets_before ? "Walked these pets before" : null,
                      `${s.walks_that_day} walk${s.walks_that_day === 1 ? "" : "s"} that day`,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
              </button>
            );
          })
        )}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`without-${id}`}
          checked={without}
          disabled={noStaff || busy}
          onCheckedChange={(v) => set(REPLACEMENT_FIELD, v === true ? null : undefined)}
        />
        <Label htmlFor={`without-${id}`}>Approve without replacement</Label>
      </div>
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}
