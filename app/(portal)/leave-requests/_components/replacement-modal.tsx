"use client";
import { useEffect, useMemo, useState, useTransition } from "react";
import { Loader2, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { settle } from "@/components/form/settle";
import { useDialogs } from "@/components/shell/dialogs";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
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
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { BrowserStaff, BrowserWalk } from "@/lib/jobs/leave-requests";
import { approveLeaveRequestAction, availableStaffAction } from "../actions";
import { failureText, staffName, staffMatches } from "./staff";

/** Spec 002 §4 and §8, word for word. */
const NO_STAFF_TITLE = "No Available Staff";
const NO_STAFF_TEXT =
  "No staff members are available for this timeslot. You can still approve the leave without a replacement.";
const CANCEL_TEXT = "Are you sure you want to cancel? Your changes will be lost.";

/**
 * The Staff replacement modal (spec 002 §2, §4, §5, §8), opened by Approve: a search box (name, employee code or
 * phone, case-insensitive), the available staff in a list scrolling past 300 px, 'Approve without replacement', and
 * admin remarks. Approval needs a chosen member or the tick; with nobody available the tick is forced on with the
 * warning; a failed load says why and defaults to approving without a replacement. Cancelling with a choice or
 * remarks asks first.
 */
export function ReplacementModal({
  leaveId,
  label,
  onClose,
  onApproved,
}: {
  leaveId: string;
  label: string;
  onClose: () => void;
  onApproved: (walks: BrowserWalk[]) => void;
}) {
  const dialogs = useDialogs();
  const [staff, setStaff] = useState<BrowserStaff[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<string | null>(null);
  const [without, setWithout] = useState(false);
  const [remarks, setRemarks] = useState("");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, start] = useTransition();

  useEffect(() => {
    let live = true;
    void settle(() => availableStaffAction(leaveId)).then((r) => {
      if (!live) return;
      if (r.ok) {
        setStaff(r.data);
        if (!r.data.length) setWithout(true);
      } else {
        toast.error(`Failed to load available staff. ${failureText(r, { serverMessage: false })}`);
        setStaff([]);
        setLoadFailed(true);
        setWithout(true);
      }
    });
    return () => {
      live = false;
    };
  }, [leaveId]);

  const noStaff = staff != null && staff.length === 0;
  const shown = useMemo(() => (staff ?? []).filter((s) => staffMatches(s, search)), [staff, search]);
  const canApprove = !pending && staff != null && (without || chosen != null);

  const cancel = () => {
    if (pending) return;
    if (chosen != null || remarks.trim()) setConfirmCancel(true);
    else onClose();
  };

  const approve = () =>
    start(async () => {
      const r = await settle(() =>
        approveLeaveRequestAction(leaveId, without ? null : chosen, remarks.trim() ? remarks.trim() : null),
      );
      if (!r.ok) {
        toast.error(`Failed to approve leave request. ${failureText(r)}`);
        if (r.status === 403) dialogs.unauthorised();
        return;
      }
      dialogs.success(r.data.message || "Leave request approved successfully!");
      onApproved(r.data.walks);
    });

  return (
    <>
      <Dialog open onOpenChange={(o) => !o && cancel()}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Staff Replacement</DialogTitle>
            <DialogDescription>Choose who takes over the walks of the leave of {label}.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <Input
              type="search"
              aria-label="Search staff"
              placeholder="Search by name, employee code or phone"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              disabled={!staff?.length}
            />
            {noStaff && !loadFailed ? (
              <div
                role="alert"
                className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
                <p>
                  <strong>{NO_STAFF_TITLE}:</strong> {NO_STAFF_TEXT}
                </p>
              </div>
            ) : null}
            <div
              role="radiogroup"
              aria-label="Available staff"
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
                  const selected = chosen === s.id && !without;
                  return (
                    <button
                      key={s.id}
                      type="button"
                      role="radio"
                      aria-checked={selected}
                      disabled={without}
                      onClick={() => setChosen(selected ? null : s.id)}
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
                id={`without-${leaveId}`}
                checked={without}
                disabled={noStaff}
                onCheckedChange={(v) => {
                  setWithout(v === true);
                  if (v === true) setChosen(null);
                }}
              />
              <Label htmlFor={`without-${leaveId}`}>Approve without replacement</Label>
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`remarks-${leaveId}`}>Admin Remarks</Label>
              <Textarea
                id={`remarks-${leaveId}`}
                value={remarks}
                maxLength={1000}
                onChange={(e) => setRemarks(e.target.value)}
              />
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={cancel} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={approve} disabled={!canApprove}>
              {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Approve
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <AlertDialog open={confirmCancel} onOpenChange={setConfirmCancel}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel</AlertDialogTitle>
            <AlertDialogDescription>{CANCEL_TEXT}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>No</AlertDialogCancel>
            <AlertDialogAction onClick={onClose}>Yes</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
