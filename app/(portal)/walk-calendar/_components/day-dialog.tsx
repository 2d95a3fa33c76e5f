"use client";
import { useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { QuietLink } from "@/components/nav/quiet-link";
import { calendarDayAction } from "../actions";
import { leaveText, longDate } from "./day-label";
import { WalkLink } from "./walk-link";

type Day = Extract<Awaited<ReturnType<typeof calendarDayAction>>, { ok: true }>["data"];

/**
 * The calendar's days that open: one dialog for the whole grid. Each day's cell is a plain button rendered by the
 * server (day-button.ts: its counts are its text); a click on one (mouse or keyboard) opens the dialog, which loads the
 * day's approved leave and first walks by timeslot (each opening its plan) and links to all of the day's daily job
 * plans. A day opened once is kept. One dialog instead of one per cell: 42 dialogs were hydrated on every month.
 */
export function DayOpener({
  franchiseeId,
  walkerId,
  children,
}: {
  franchiseeId?: string;
  walkerId?: string;
  children: React.ReactNode;
}) {
  const [shown, setShown] = useState<{ date: string; plansHref: string } | null>(null);
  const [days, setDays] = useState<Record<string, Day>>({});
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const load = (date: string) => {
    setError(null);
    void calendarDayAction({ date, franchisee_id: franchiseeId, walker_id: walkerId }).then(
      (r) => (r.ok ? setDays((d) => ({ ...d, [date]: r.data })) : setError(r.message)),
      () => setError("The day could not be loaded. Try again."),
    );
  };
  const open = (e: React.MouseEvent) => {
    const b = (e.target as Element).closest<HTMLElement>("button[data-day]");
    if (!b || !e.currentTarget.contains(b)) return;
    const date = b.dataset.day!;
    opener.current = b;
    setShown({ date, plansHref: b.dataset.plans ?? "/daily-job-plans" });
    if (!days[date]) load(date);
  };
  const day = shown ? days[shown.date] : undefined;
  return (
    // The buttons inside handle their own keys (a button's Enter and Space are clicks): this only listens.
    <div onClick={open}>
      {children}
      <Dialog open={shown != null} onOpenChange={(o) => !o && setShown(null)}>
        <DialogContent
          className="max-h-[85vh] overflow-y-auto sm:max-w-xl"
          onCloseAutoFocus={(e) => {
            // Back to the day that opened it (it is no trigger radix knows).
            e.preventDefault();
            opener.current?.focus();
          }}
        >
          {shown ? (
            <>
              <DialogHeader>
                <DialogTitle>{longDate(shown.date)}</DialogTitle>
                <DialogDescription>Walks by timeslot and approved leave.</DialogDescription>
              </DialogHeader>
              {error && !day ? (
                <p role="alert" className="text-destructive text-sm">
                  {error}
                </p>
              ) : !day ? (
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the day…
                </p>
              ) : (
                <div className="grid gap-3">
                  {day.leave.length ? (
                    <ul className="flex flex-col gap-1" aria-label="Approved leave">
                      {day.leave.map((l) => (
                        <li key={l.id} className="rounded bg-amber-100 px-2 py-1 text-sm text-amber-900">
                          On leave: {leaveText(l)}
                          {l.replacement_name ? ` · replaced by ${l.replacement_name}` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {day.walks.length ? (
                    <ul className="flex flex-col gap-1" aria-label={`Walks of ${longDate(shown.date)}`}>
                      {day.walks.map((w) => (
                        <li key={w.id}>
                          <WalkLink walk={w} plan={w.plan} large />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm text-slate-600">No walks this day.</p>
                  )}
                  {day.more ? (
                    <p className="text-sm text-slate-600">The first {day.walks.length} walks are shown.</p>
                  ) : null}
                  <Button asChild variant="outline" className="justify-self-start">
                    <QuietLink href={shown.plansHref}>Open the day&apos;s daily job plans</QuietLink>
                  </Button>
                </div>
              )}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
