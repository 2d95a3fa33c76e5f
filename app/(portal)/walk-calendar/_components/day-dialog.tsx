"use client";
import { useState } from "react";
import Link from "next/link";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { calendarDayAction } from "../actions";
import { leaveText, longDate } from "./day-label";
import { WalkLink } from "./walk-link";

type Day = Extract<Awaited<ReturnType<typeof calendarDayAction>>, { ok: true }>["data"];

/**
 * A calendar day that opens: the cell (its counts, rendered by the server) is the button; opening it loads the day's
 * approved leave and first walks by timeslot (each opening its plan), and links to all of the day's daily job plans.
 */
export function DayDialog({
  date,
  franchiseeId,
  walkerId,
  plansHref,
  className,
  children,
}: {
  date: string;
  franchiseeId?: string;
  walkerId?: string;
  plansHref: string;
  className?: string;
  children: React.ReactNode;
}) {
  const [day, setDay] = useState<Day | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    void calendarDayAction({ date, franchisee_id: franchiseeId, walker_id: walkerId }).then(
      (r) => (r.ok ? setDay(r.data) : setError(r.message)),
      () => setError("The day could not be loaded. Try again."),
    );
  };
  return (
    <Dialog onOpenChange={(open) => open && !day && load()}>
      <DialogTrigger className={className}>{children}</DialogTrigger>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{longDate(date)}</DialogTitle>
          <DialogDescription>Walks by timeslot and approved leave.</DialogDescription>
        </DialogHeader>
        {error ? (
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
              <ul className="flex flex-col gap-1" aria-label={`Walks of ${longDate(date)}`}>
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
              <Link href={plansHref}>Open the day&apos;s daily job plans</Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
