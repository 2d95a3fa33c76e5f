"use client";
import { CalendarDays } from "lucide-react";
import { DecisionCell } from "@/components/approval/decision-cell";
import { CellText, Chip, EntityTable, statusColumn, textColumn, ZoneCell } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import type { ClientApproval } from "@/lib/platform/approval";
import type { MonthlyRequestScreenRow } from "@/lib/jobs/monthly-requests";
import type { ListScreenProps } from "@/lib/platform/screens";
import {
  decideMonthlyRequestAction,
  deleteMonthlyRequestAction,
  restoreMonthlyRequestAction,
  updateMonthlyRequestZoneAction,
} from "../actions";
import { WalkerFields } from "./walker-fields";

type Row = MonthlyRequestScreenRow;
export type Pet = Row["user_monthly_job_request_pets"][number];

const TEXT = ["PENDING", "APPROVED", "REJECTED"];
const TONE: Record<number, "ok" | "no" | "muted"> = { 0: "muted", 1: "ok", 2: "no" };

/** Approved: franchisee-approved and not rejected by the admin (the request has walks). */
const approved = (r: Row) => r.franchisee_approval_status === 1 && r.status !== 2;

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
            t === "approve" && column !== "status" ? (f) => <WalkerFields {...f} id={row.id} /> : undefined
          }
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

/** The Pets sub-table's columns (spec 002 §2), the list row's and the edit form's: Name, Breed, Weight, Age. */
export const PET_COLUMNS: { header: string; cell: (p: Omit<Pet, "user_pet">) => string }[] = [
  { header: "Name", cell: (p) => p.name },
  { header: "Breed", cell: (p) => p.breed ?? "" },
  { header: "Weight", cell: (p) => (p.weight == null ? "" : `${p.weight} kg`) },
  { header: "Age", cell: (p) => (p.age == null ? "" : String(p.age)) },
];

/** The Pets sub-table of a row. */
function PetsTable({ pets }: { pets: Pet[] }) {
  if (!pets.length) return <span className="text-muted-foreground text-xs">No data found</span>;
  return (
    <table className="text-xs">
      <thead>
        <tr className="text-muted-foreground text-left">
          {PET_COLUMNS.map((c) => (
            <th key={c.header} className="pr-2 font-medium">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pets.map((p) => (
          <tr key={p.id}>
            {PET_COLUMNS.map((c) => (
              <td key={c.header} className="pr-2 tabular-nums">
                {c.cell(p)}
              </td>
            ))}
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
          // Two decisions with their buttons: the server's first guess of the width before the browser measures.
          meta: { minWidth: 320 },
          cell: ({ row }) => (
            <ApprovalCell
              key={`${row.original.id}:${row.original.status}:${row.original.franchisee_approval_status}`}
              row={row.original}
              step={step}
              trash={!!props.trash}
            />
          ),
        },
        textColumn<Row>("User", "user_name", { title: true }),
        textColumn<Row>("Month", "month", { priority: 6 }),
        textColumn<Row>("Year", "year", { priority: 6 }),
        {
          id: "zone",
          header: "Zone",
          meta: { priority: 4, minWidth: 180 },
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
        textColumn<Row>("Plan", "plan_name", { priority: 3, card: true }),
        textColumn<Row>("Address", "address", { priority: 7 }),
        {
          id: "dates",
          header: "Start and End Date",
          meta: { priority: 2, card: true },
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">
              {formatDate(row.original.start_date)} – {formatDate(row.original.end_date)}
            </span>
          ),
        },
        {
          id: "pets",
          header: "Pets",
          meta: { priority: 5 },
          cell: ({ row }) => <PetsTable pets={row.original.user_monthly_job_request_pets ?? []} />,
        },
      ]}
    />
  );
}
