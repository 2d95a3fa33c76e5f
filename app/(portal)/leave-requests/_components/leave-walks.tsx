"use client";
import { formatDate } from "@/lib/format";
import type { BrowserWalk } from "@/lib/jobs/leave-requests";

/**
 * A leave's Walks sub-table (spec 002 §2): Date, Timeslot, Pet Owner, Pet Name, Status. Pending: the walks the leave
 * would affect; approved: the walks it affected, with who has each now ('Uncovered' when nobody took it).
 */
export function LeaveWalksTable({ walks, approved }: { walks: BrowserWalk[]; approved: boolean }) {
  if (!walks.length) return <span className="text-xs text-slate-500">No walks</span>;
  return (
    <table className="min-w-[26rem] text-xs" aria-label="Walks">
      <thead>
        <tr className="text-left text-slate-500">
          <th className="pr-2 font-medium">Date</th>
          <th className="pr-2 font-medium">Timeslot</th>
          <th className="pr-2 font-medium">Pet Owner</th>
          <th className="pr-2 font-medium">Pet Name</th>
          <th className="pr-2 font-medium">Status</th>
          <th className="font-medium">Walker</th>
        </tr>
      </thead>
      <tbody>
        {walks.map((w) => (
          <tr key={w.id} className="border-t border-slate-100">
            <td className="pr-2 tabular-nums">{formatDate(w.date)}</td>
            <td className="pr-2 tabular-nums">{w.timeslot}</td>
            <td className="pr-2">{w.pet_owner ?? ""}</td>
            <td className="pr-2">{w.pet_name ?? ""}</td>
            <td className="pr-2">{w.status_label}</td>
            <td>
              {approved && !w.covered ? (
                <span className="text-amber-700">Uncovered</span>
              ) : (
                (w.walker_name ?? "")
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
