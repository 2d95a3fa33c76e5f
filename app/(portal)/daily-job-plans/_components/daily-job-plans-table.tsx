"use client";
import { CalendarHeart } from "lucide-react";
import { CellText, Chip, EntityTable } from "@/components/data-table";
import { formatDate, formatTime } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteDailyJobPlanAction, restoreDailyJobPlanAction } from "../actions";
import { timeOfDay } from "./time-of-day";
import { Ist } from "@/components/ist";

/** A walk as the Walks sub-table shows it (lib/jobs/daily-job-plans.ts walkSchema). */
export type PlanWalk = {
  id: number;
  walk_no: number;
  timeslot: string;
  duration_minutes: number;
  status: number;
  status_label: string;
  walker_name: string | null;
  start_selfie_url: string | null;
  end_selfie_url: string | null;
  distance_covered: number | null;
  calories_burnt: number | null;
  rating: number | null;
  feedback: string | null;
  started_at: string | null;
  completed_at: string | null;
  actual_duration_minutes: number | null;
  walker_note: string | null;
  photo_urls: string[];
};

export type DailyJobPlanRow = ScreenRow<{
  id: number;
  date: string;
  status: number;
  holiday_name: string | null;
  customer_name: string | null;
  walker_name: string | null;
  pet_name: string | null;
  pet_2_name: string | null;
  walks: PlanWalk[];
}>;

const PLAN_TONE: Record<number, "ok" | "no" | "muted"> = { 0: "muted", 1: "muted", 2: "ok", 3: "no" };
const WALK_TONE: Record<number, "ok" | "no" | "muted"> = { 2: "ok", 5: "no", 6: "no" };

/**
 * Sr No, Status, Walker Assigned, Pet, Pet 2, Date (a state holiday marked beside it), Walks (the sub-table: Status,
 * Walker, selfies, Timeslot, Distance Covered, Calories Burnt, Rating, Feedback; and each completed walk's report card:
 * the times walked, the walker's note and photos), Action (spec 002 §2).
 */
export function DailyJobPlansTable({
  statusLabels,
  ...props
}: ListScreenProps<DailyJobPlanRow> & { statusLabels: Record<number, string> }) {
  return (
    <EntityTable
      {...props}
      label={(r) => `Daily job plan of ${r.pet_name ?? r.customer_name ?? ""} on ${formatDate(r.date)}`}
      actions={{ delete: deleteDailyJobPlanAction, restore: restoreDailyJobPlanAction }}
      columns={[
        {
          id: "status",
          header: "Status",
          meta: { className: "w-px" },
          cell: ({ row }) => {
            const label = statusLabels[row.original.status] ?? String(row.original.status);
            return (
              <Chip tone={PLAN_TONE[row.original.status] ?? "muted"} tip={`Status: ${label}`}>
                {label}
              </Chip>
            );
          },
        },
        {
          id: "walker",
          header: "Walker Assigned",
          cell: ({ row }) => {
            // A leave's replacement walks some of the plan's walks: say who, under the regular walker.
            const plan = row.original.walker_name;
            const others = [
              ...new Set(row.original.walks.map((w) => w.walker_name).filter((n) => n && n !== plan)),
            ];
            return (
              <div className="flex flex-col">
                <CellText text={plan ?? "Not assigned"} />
                {others.length ? (
                  <span className="text-xs text-amber-800">Covered by {others.join(", ")}</span>
                ) : null}
              </div>
            );
          },
        },
        {
          id: "pet",
          header: "Pet",
          cell: ({ row }) => (
            <div className="flex flex-col">
              <CellText text={row.original.pet_name} />
              {row.original.customer_name ? (
                <span className="text-xs text-slate-500">{row.original.customer_name}</span>
              ) : null}
            </div>
          ),
        },
        { id: "pet_2", header: "Pet 2", cell: ({ row }) => <CellText text={row.original.pet_2_name} /> },
        {
          id: "date",
          header: "Date",
          cell: ({ row }) => (
            <span className="flex flex-wrap items-center gap-1 whitespace-nowrap">
              {formatDate(row.original.date)}
              {row.original.holiday_name ? (
                <Chip tone="no" tip={`Holiday: ${row.original.holiday_name}`}>
                  <CalendarHeart className="mr-1 inline size-3" aria-hidden />
                  <span className="sr-only">Holiday: </span>
                  {row.original.holiday_name}
                </Chip>
              ) : null}
            </span>
          ),
        },
        { id: "walks", header: "Walks", cell: ({ row }) => <WalksSubTable walks={row.original.walks} /> },
      ]}
    />
  );
}

/** The plan's walks, folded under their count (a plan has one or two a day); `open` shows them unfolded. */
export function WalksSubTable({ walks, open }: { walks: PlanWalk[]; open?: boolean }) {
  if (!walks.length) return <span className="text-sm text-slate-500">No walks</span>;
  return (
    <details className="group min-w-0" open={open}>
      <summary className="cursor-pointer text-sm font-medium text-sky-700 hover:underline">
        {walks.length === 1 ? "1 walk" : `${walks.length} walks`}
      </summary>
      {/* In the list, the walks (with their report columns) scroll inside their cell, so the list keeps its width. */}
      <div
        className={open ? "mt-2 overflow-x-auto" : "mt-2 max-w-xs overflow-x-auto"}
        tabIndex={0}
        role="region"
        aria-label="Walks"
      >
        <table className="border-collapse text-xs whitespace-nowrap">
          <thead>
            <tr className="border-b text-left text-slate-600">
              {[
                "Status",
                "Walker",
                "Selfies",
                "Timeslot",
                "Walked",
                "Distance Covered",
                "Calories Burnt",
                "Note",
                "Photos",
                "Rating",
                "Feedback",
              ].map((h) => (
                <th key={h} scope="col" className="px-2 py-1 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {walks.map((w) => (
              <tr key={w.id} className="border-b last:border-0">
                <td className="px-2 py-1">
                  <Chip tone={WALK_TONE[w.status] ?? "muted"}>{w.status_label}</Chip>
                </td>
                <td className="px-2 py-1">{w.walker_name ?? "Not assigned"}</td>
                <td className="px-2 py-1 whitespace-nowrap">
                  <Selfies walk={w} />
                </td>
                <td className="px-2 py-1 whitespace-nowrap">
                  {timeOfDay(w.timeslot)}
                  <Ist /> ({w.duration_minutes} min)
                </td>
                <td className="px-2 py-1 whitespace-nowrap">
                  <Walked walk={w} />
                </td>
                <td className="px-2 py-1">{w.distance_covered != null ? `${w.distance_covered} km` : ""}</td>
                <td className="px-2 py-1">{w.calories_burnt != null ? `${w.calories_burnt} kcal` : ""}</td>
                <td className="px-2 py-1">
                  <CellText text={w.walker_note} max={60} />
                </td>
                <td className="px-2 py-1">
                  <Photos walk={w} />
                </td>
                <td className="px-2 py-1">{w.rating != null ? `${w.rating} / 5` : ""}</td>
                <td className="px-2 py-1">
                  <CellText text={w.feedback} max={60} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The report card's times: started – completed (India) and the minutes the walker reported. */
function Walked({ walk }: { walk: PlanWalk }) {
  if (!walk.started_at) return null;
  const minutes = walk.actual_duration_minutes != null ? ` (${walk.actual_duration_minutes} min)` : "";
  return (
    <span>
      {formatTime(walk.started_at)}
      {walk.completed_at ? ` – ${formatTime(walk.completed_at)}` : " – …"}
      <Ist />
      {walk.completed_at ? minutes : ""}
    </span>
  );
}

/** The report card's photos as small thumbnails, each opening the file. */
function Photos({ walk }: { walk: PlanWalk }) {
  if (!walk.photo_urls.length) return null;
  return (
    <span className="flex gap-1">
      {walk.photo_urls.map((url, i) => (
        <a
          key={url}
          href={url}
          target="_blank"
          rel="noreferrer"
          aria-label={`Photo ${i + 1} of walk ${walk.walk_no}`}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a private file behind /api/files, not optimisable */}
          <img src={url} alt="" loading="lazy" className="size-8 rounded border object-cover" />
        </a>
      ))}
    </span>
  );
}

function Selfies({ walk }: { walk: PlanWalk }) {
  if (!walk.start_selfie_url && !walk.end_selfie_url)
    return <span className="text-slate-500">No selfie</span>;
  return (
    <span className="flex gap-2">
      {walk.start_selfie_url ? (
        <a
          href={walk.start_selfie_url}
          target="_blank"
          rel="noreferrer"
          className="text-sky-700 underline"
          aria-label={`Start selfie of walk ${walk.walk_no}`}
        >
          Start
        </a>
      ) : null}
      {walk.end_selfie_url ? (
        <a
          href={walk.end_selfie_url}
          target="_blank"
          rel="noreferrer"
          className="text-sky-700 underline"
          aria-label={`End selfie of walk ${walk.walk_no}`}
        >
          End
        </a>
      ) : null}
    </span>
  );
}
