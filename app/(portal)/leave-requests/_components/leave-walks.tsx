"use client";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import type { BrowserWalk } from "@/lib/jobs/leave-requests";

/**
 * A leave's Walks sub-table (spec 002 §2): Date, Timeslot, Pet Owner, Pet Name, Status, and who walks each. Pending:
 * the walks the leave would affect; approved: the walks it affected, with who has each now ('Uncovered' when nobody
 * took it). The reassign dialog passes `walker` (its Replacement cell, a picker while changing) and `action`.
 */
export function LeaveWalksTable({
  walks,
  approved,
  walker,
  action,
  className = "min-w-[26rem] text-xs",
}: {
  walks: BrowserWalk[];
  approved: boolean;
  walker?: { header: string; cell: (w: BrowserWalk) => ReactNode | undefined };
  action?: (w: BrowserWalk) => ReactNode;
  className?: string;
}) {
  if (!walks.length) return <span className="text-xs text-slate-500">No walks</span>;
  return (
    <table className={className} aria-label={action ? "Walks of the leave" : "Walks"}>
      <thead>
        <tr className="text-left text-slate-500">
          {["Date", "Timeslot", "Pet Owner", "Pet Name", "Status"].map((h) => (
            <th key={h} className="pr-2 font-medium">
              {h}
            </th>
          ))}
          <th className="pr-2 font-medium">{walker?.header ?? "Walker"}</th>
          {action ? (
            <th className="font-medium">
              <span className="sr-only">Action</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {walks.map((w) => (
          <tr key={w.id} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-2 tabular-nums">{formatDate(w.date)}</td>
            <td className="py-1 pr-2 tabular-nums">{w.timeslot}</td>
            <td className="py-1 pr-2">{w.pet_owner ?? ""}</td>
            <td className="py-1 pr-2">{w.pet_name ?? ""}</td>
            <td className="py-1 pr-2">{w.status_label}</td>
            <td className="py-1 pr-2">
              {walker?.cell(w) ??
                (approved && !w.covered ? (
                  <span className="text-amber-700">Uncovered</span>
                ) : (
                  (w.walker_name ?? "")
                ))}
            </td>
            {action ? <td className="py-1 whitespace-nowrap">{action(w)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
