"use client";
import { useState, useTransition } from "react";
import { Loader2 } from "lucide-react";
import { toast } from "sonner";
import { settle } from "@/components/form/settle";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { formatDate } from "@/lib/format";
import type { BrowserStaff, BrowserWalk } from "@/lib/jobs/leave-requests";
import { reassignLeaveWalkAction } from "../actions";
import { LeaveWalksTable } from "./leave-walks";
import { failureText, loadStaff, staffName } from "./staff";

const NONE = "";

/**
 * The reassign dialog (spec 002 §4: after an approval, the full-day reassign dialog for a full_day leave, the walk
 * reassign dialog for a time_range one; their contents are ours): each affected walk with who has it now, and for a
 * walk not yet begun 'Change', which loads the staff free at that walk's time and saves one walk's replacement (or
 * none: the walk goes back to the walker on leave, uncovered).
 */
export function ReassignDialog({
  leaveId,
  fullDay,
  walks: listed,
  onClose,
}: {
  leaveId: string;
  fullDay: boolean;
  walks: BrowserWalk[];
  onClose: () => void;
}) {
  const dialogs = useDialogs();
  // The list's walks (refreshed after an approval) until a reassignment answers them.
  const [saved, setWalks] = useState<BrowserWalk[] | null>(null);
  const walks = saved ?? listed;
  const [editing, setEditing] = useState<string | null>(null);
  const [staff, setStaff] = useState<BrowserStaff[] | null>(null);
  const [choice, setChoice] = useState(NONE);
  const [pending, start] = useTransition();

  const edit = (walkId: string) => {
    setEditing(walkId);
    setStaff(null);
    setChoice(NONE);
    start(async () => setStaff((await loadStaff(leaveId, walkId)) ?? []));
  };

  const save = (walkId: string) =>
    start(async () => {
      const r = await settle(() => reassignLeaveWalkAction(leaveId, walkId, choice === NONE ? null : choice));
      if (!r.ok) {
        toast.error(`Failed to reassign the walk. ${failureText(r)}`);
        if (r.status === 403) dialogs.unauthorised();
        return;
      }
      dialogs.success(r.data.message);
      setWalks(r.data.walks);
      setEditing(null);
    });

  return (
    <Dialog open onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{fullDay ? "Full Day Reassign" : "Walk Reassign"}</DialogTitle>
          <DialogDescription>
            {fullDay
              ? "The walks of the day of leave. Change who takes any one of them."
              : "The walks within the leave's hours. Change who takes any one of them."}
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] overflow-auto">
          <LeaveWalksTable
            walks={walks}
            approved
            className="w-full text-sm"
            walker={{
              header: "Replacement",
              cell: (w) =>
                editing !== w.id ? undefined : staff == null ? (
                  <Loader2 className="size-4 animate-spin" aria-label="Loading available staff" />
                ) : (
                  <div className="grid gap-1">
                    <Label htmlFor={`walk-${w.id}`} className="sr-only">
                      Replacement
                    </Label>
                    <select
                      id={`walk-${w.id}`}
                      className="h-8 rounded-md border border-slate-300 px-2"
                      value={choice}
                      onChange={(e) => setChoice(e.target.value)}
                    >
                      <option value={NONE}>No replacement (uncovered)</option>
                      {staff.map((s) => (
                        <option key={s.id} value={s.id}>
                          {staffName(s)}
                          {s.employee_code ? ` (${s.employee_code})` : ""}
                        </option>
                      ))}
                    </select>
                    {staff.length === 0 ? (
                      <span className="text-xs text-amber-700">
                        No staff members are available for this timeslot.
                      </span>
                    ) : null}
                  </div>
                ),
            }}
            action={(w) =>
              editing === w.id ? (
                <>
                  <Button size="sm" disabled={pending || staff == null} onClick={() => save(w.id)}>
                    Save
                  </Button>{" "}
                  <Button size="sm" variant="outline" disabled={pending} onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </>
              ) : w.movable ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending}
                  aria-label={`Change the replacement of the walk at ${w.timeslot} on ${formatDate(w.date)}`}
                  onClick={() => edit(w.id)}
                >
                  Change
                </Button>
              ) : null
            }
          />
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={pending} onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
