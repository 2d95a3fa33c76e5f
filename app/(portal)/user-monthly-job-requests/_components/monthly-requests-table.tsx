"use client";
import { useEffect, useState } from "react";
import { CalendarDays, Loader2 } from "lucide-react";
import { DecisionCell } from "@/components/approval/decision-cell";
import type { ExtraFields } from "@/components/approval/decision-dialog";
import { CellText, Chip, EntityTable, statusColumn, textColumn, ZoneCell } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatDate } from "@/lib/format";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import {
  decideMonthlyRequestAction,
  deleteMonthlyRequestAction,
  monthlyApprovalWalkersAction,
  restoreMonthlyRequestAction,
  updateMonthlyRequestZoneAction,
} from "../actions";

type Pet = { id: number; name: string; breed: string | null; weight: number | null; age: number | null };

type Row = ScreenRow<{
  id: number;
  status: number;
  franchisee_approval_status: number;
  user_name: string | null;
  month: number;
  year: number;
  zone_id: number | null;
  zone: string | null;
  plan_name: string | null;
  address: string | null;
  start_date: string;
  end_date: string;
  walker_id: number | null;
  timeslot: string | null;
  timeslot_2: string | null;
  no_of_walks: number | null;
  user_monthly_job_request_pets: Pet[];
  is_active: number;
}>;

const TEXT = ["PENDING", "APPROVED", "REJECTED"];
const TONE: Record<number, "ok" | "no" | "muted"> = { 0: "muted", 1: "ok", 2: "no" };

/** Approved: franchisee-approved and not rejected by the admin (the request has walks). */
const approved = (r: Row) => r.franchisee_approval_status === 1 && r.status !== 2;

type WalkerChoice = { id: string; name: string; times: string[]; current: boolean };

/**
 * The franchisee approval's extra fields (inside DecisionDialog): the franchisee's walkers, each with their walks on
 * the request's first day (the least busy first), and the time of each walk a day.
 */
function WalkerPicker({ row, f }: { row: Row; f: ExtraFields }) {
  const dialogs = useDialogs();
  const [choices, setChoices] = useState<{ date: string; walkers: WalkerChoice[] } | null>(null);
  useEffect(() => {
    let live = true;
    void settle(() => monthlyApprovalWalkersAction(row.id)).then((r) => {
      if (!live) return;
      if (!r.ok) return reportFailure(dialogs, r);
      setChoices(r.data);
      const current = r.data.walkers.find((w) => w.current);
      if (current) f.set("walker_id", current.id);
    });
    return () => {
      live = false;
    };
    // Loaded once per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row.id]);
  const err = (k: string) =>
    f.errors[k] ? (
      <p id={`approve-${row.id}-${k}-error`} className="text-destructive text-sm">
        {f.errors[k]}
      </p>
    ) : null;
  const time = (k: "timeslot" | "timeslot_2", label: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`approve-${row.id}-${k}`}>
        {label} <span aria-hidden>*</span>
      </Label>
      <Input
        id={`approve-${row.id}-${k}`}
        type="time"
        value={String(f.values[k] ?? "")}
        aria-invalid={!!f.errors[k]}
        aria-describedby={f.errors[k] ? `approve-${row.id}-${k}-error` : undefined}
        onChange={(e) => f.set(k, e.target.value)}
      />
      {err(k)}
    </div>
  );
  return (
    <>
      <fieldset
        className="grid gap-1"
        aria-describedby={f.errors.walker_id ? `approve-${row.id}-walker_id-error` : undefined}
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
                  name={`approve-${row.id}-walker`}
                  className="mt-1"
                  value={w.id}
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
        {time("timeslot", row.no_of_walks === 2 ? "Timeslot 1" : "Timeslot")}
        {row.no_of_walks === 2 ? time("timeslot_2", "Timeslot 2") : null}
      </div>
    </>
  );
}

/** The franchisee approval's check before sending (the server checks the same). */
const choose = (row: Row) => (v: Record<string, unknown>) => {
  const missing: Record<string, string> = {};
  if (!v.walker_id) missing.walker_id = "Choose the walker before approving the request.";
  if (!v.timeslot) missing.timeslot = "The timeslot is required to approve the request.";
  if (row.no_of_walks === 2 && !v.timeslot_2)
    missing.timeslot_2 = "This plan has two walks a day: the second timeslot is required.";
  return Object.keys(missing).length ? missing : null;
};

/** The workflow's step the caller decides from the list (the page's clientApproval), and which it is. */
export type Step = { column: "franchisee_approval_status" | "status"; approval: ClientApproval } | null;

/**
 * A row's approval: the franchisee's and the admin's state, the caller's step through the kernel's DecisionCell
 * (spec 002 §2's "Are you sure to Approve/Reject?"): a franchisee's admin chooses the walker and timeslot(s) inside
 * the dialog, each walker shown with their walks that day, and gives the remark to reject; an admin decides the
 * status once the franchisee has (Approve only over its approval: the declaration's `when`).
 */
function ApprovalCell({ row, step, trash }: { row: Row; step: Step; trash: boolean }) {
  const part = (column: "franchisee_approval_status" | "status", who: string) => {
    const state = row[column];
    if (step?.column !== column)
      return (
        <Chip tone={TONE[state] ?? "muted"} tip={column === "status" ? "Status" : "Franchisee approval"}>
          {who}: {step?.approval.states[state] ?? TEXT[state] ?? "PENDING"}
        </Chip>
      );
    return (
      <div className="flex items-center gap-1">
        <span className="text-muted-foreground text-xs">{`${who}: `}</span>
        <DecisionCell
          approval={step.approval}
          row={{
            id: row.id,
            status: state,
            values: { franchisee_approval_status: row.franchisee_approval_status },
          }}
          label={row.user_name ?? "request"}
          decide={decideMonthlyRequestAction}
          enabled={
            !trash && (column === "franchisee_approval_status" || row.franchisee_approval_status !== 0)
          }
          extra={(t) =>
            t === "approve" && column !== "status" ? (f) => <WalkerPicker row={row} f={f} /> : undefined
          }
          initial={() => ({
            timeslot: (row.timeslot ?? "").slice(0, 5),
            timeslot_2: (row.timeslot_2 ?? "").slice(0, 5),
          })}
          validate={(t) => (t === "approve" && column !== "status" ? choose(row) : undefined)}
        />
      </div>
    );
  };
  return (
    <div className="flex flex-col items-start gap-1">
      {part("franchisee_approval_status", "Franchisee")}
      {part("status", "Admin")}
    </div>
  );
}

/** The Pets sub-table of a row (spec 002 §2): Name, Breed, Weight, Age. */
function PetsTable({ pets }: { pets: Pet[] }) {
  if (!pets.length) return <span className="text-muted-foreground text-xs">No data found</span>;
  return (
    <table className="text-xs">
      <thead>
        <tr className="text-muted-foreground text-left">
          <th className="pr-2 font-medium">Name</th>
          <th className="pr-2 font-medium">Breed</th>
          <th className="pr-2 font-medium">Weight</th>
          <th className="font-medium">Age</th>
        </tr>
      </thead>
      <tbody>
        {pets.map((p) => (
          <tr key={p.id}>
            <td className="pr-2">{p.name}</td>
            <td className="pr-2">{p.breed ?? ""}</td>
            <td className="pr-2 tabular-nums">{p.weight == null ? "" : `${p.weight} kg`}</td>
            <td className="tabular-nums">{p.age == null ? "" : p.age}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Sr No, Status, Approval (with Approve / Reject), User, Month, Year, Zone (a dropdown for those who may change it
 * and are no master franchisee, else text), Plan, Address, Start and End Date, Pets; Action: View Daily Plan on
 * approved rows, edit, delete (restore in the trash view).
 */
export function MonthlyRequestsTable({
  zones,
  step,
  ...props
}: ListScreenProps<Row> & { zones: { value: string; label: string }[] | null; step: Step }) {
  return (
    <EntityTable
      {...props}
      label={(r) => `the request of ${r.user_name ?? "a customer"}`}
      actions={{ delete: deleteMonthlyRequestAction, restore: restoreMonthlyRequestAction }}
      links={(r) =>
        approved(r)
          ? [
              {
                href: `/daily-job-plans?user_monthly_job_request_id=${r.id}`,
                label: `View Daily Plan of ${r.user_name ?? "the request"}`,
                tip: "View Daily Plan",
                icon: CalendarDays,
              },
            ]
          : []
      }
      columns={[
        statusColumn<Row>(),
        {
          id: "approval",
          header: "Approval",
          cell: ({ row }) => (
            <ApprovalCell
              key={`${row.original.id}:${row.original.status}:${row.original.franchisee_approval_status}`}
              row={row.original}
              step={step}
              trash={!!props.trash}
            />
          ),
        },
        textColumn<Row>("User", "user_name"),
        textColumn<Row>("Month", "month"),
        textColumn<Row>("Year", "year"),
        {
          id: "zone",
          header: "Zone",
          cell: ({ row }) =>
            zones && props.may.update && !props.trash ? (
              <ZoneCell
                key={`${row.original.id}:${row.original.zone_id ?? ""}`}
                label={row.original.user_name ?? "the request"}
                zoneId={row.original.zone_id}
                zoneName={row.original.zone}
                zones={zones}
                save={(zone) => updateMonthlyRequestZoneAction(row.original.id, zone)}
              />
            ) : (
              <CellText text={row.original.zone} />
            ),
        },
        textColumn<Row>("Plan", "plan_name"),
        textColumn<Row>("Address", "address"),
        {
          id: "dates",
          header: "Start and End Date",
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">
              {formatDate(row.original.start_date)} – {formatDate(row.original.end_date)}
            </span>
          ),
        },
        {
          id: "pets",
          header: "Pets",
          cell: ({ row }) => <PetsTable pets={row.original.user_monthly_job_request_pets ?? []} />,
        },
      ]}
    />
  );
}
