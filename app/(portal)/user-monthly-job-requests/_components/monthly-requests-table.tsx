"use client";
import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CalendarDays, Loader2 } from "lucide-react";
import { CellText, Chip, EntityTable, statusColumn, textColumn, ZoneCell } from "@/components/data-table";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
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
import { formatDate } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import {
  approveMonthlyRequestAction,
  deleteMonthlyRequestAction,
  monthlyApprovalWalkersAction,
  rejectMonthlyRequestAction,
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

/** Who decides from the list: a franchisee's admin the franchisee approval, an admin the status, or nobody. */
export type Decider = "franchisee" | "admin" | null;

/** Spec 002 §2, word for word: the approve and reject confirmation. */
const CONFIRM = "Are you sure to Approve/Reject?";
const TEXT: Record<number, string> = { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" };
const TONE: Record<number, "ok" | "no" | "muted"> = { 0: "muted", 1: "ok", 2: "no" };

/** Approved: franchisee-approved and not rejected by the admin (the request has walks). */
const approved = (r: Row) => r.franchisee_approval_status === 1 && r.status !== 2;

type WalkerChoice = { id: string; name: string; times: string[]; current: boolean };
/** What a franchisee's admin chooses in the approval dialog. */
type Chosen = { walker_id: string; timeslot: string; timeslot_2: string };

/**
 * The approval dialog's walker and timeslot(s) for a franchisee's admin: the franchisee's walkers, each with their
 * walks on the request's first day (the least busy first), and the time of each walk a day.
 */
function WalkerPicker({
  row,
  chosen,
  set,
  errors,
}: {
  row: Row;
  chosen: Chosen;
  set: (c: Partial<Chosen>) => void;
  errors: Record<string, string>;
}) {
  const dialogs = useDialogs();
  const [choices, setChoices] = useState<{ date: string; walkers: WalkerChoice[] } | null>(null);
  useEffect(() => {
    let live = true;
    void settle(() => monthlyApprovalWalkersAction(row.id)).then((r) => {
      if (!live) return;
      if (!r.ok) return reportFailure(dialogs, r);
      setChoices(r.data);
      const current = r.data.walkers.find((w) => w.current);
      if (current) set({ walker_id: current.id });
    });
    return () => {
      live = false;
    };
    // Loaded once per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row.id]);
  const err = (k: string) =>
    errors[k] ? (
      <p id={`approve-${row.id}-${k}-error`} className="text-destructive text-sm">
        {errors[k]}
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
        value={chosen[k]}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `approve-${row.id}-${k}-error` : undefined}
        onChange={(e) => set({ [k]: e.target.value })}
      />
      {err(k)}
    </div>
  );
  return (
    <div className="grid gap-3">
      <fieldset
        className="grid gap-1"
        aria-describedby={errors.walker_id ? `approve-${row.id}-walker_id-error` : undefined}
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
                  checked={chosen.walker_id === w.id}
                  onChange={() => set({ walker_id: w.id })}
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
    </div>
  );
}

/**
 * A row's approval: the franchisee's and the admin's chips, and for whoever decides a pending one Approve and Reject
 * after the confirmation (spec 002 §2's text). A franchisee's admin chooses the walker and timeslot(s) inside the
 * confirmation (each walker shown with their walks that day); their Reject asks for the remark. The row updates in
 * place with a success message.
 */
function ApprovalCell({ row, decider }: { row: Row; decider: Decider }) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [open, setOpen] = useState<null | "approve" | "reject">(null);
  const [remark, setRemark] = useState("");
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const fresh = (): Chosen => ({
    walker_id: "",
    timeslot: (row.timeslot ?? "").slice(0, 5),
    timeslot_2: (row.timeslot_2 ?? "").slice(0, 5),
  });
  const [chosen, setChosen] = useState<Chosen>(fresh);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();
  const pendingFor =
    decider === "franchisee"
      ? row.franchisee_approval_status === 0
      : decider === "admin"
        ? row.franchisee_approval_status !== 0 && row.status === 0
        : false;
  const askRemark = decider === "franchisee";
  // An admin does not approve over the franchisee's rejection (the server refuses it too).
  const canApprove = pendingFor && !(decider === "admin" && row.franchisee_approval_status === 2);

  const run = (what: "approve" | "reject") =>
    start(async () => {
      if (what === "reject" && askRemark && !remark.trim())
        return setRemarkError("The remark is required when the franchisee rejects the request.");
      const choosing = what === "approve" && decider === "franchisee";
      if (choosing) {
        const missing: Record<string, string> = {};
        if (!chosen.walker_id) missing.walker_id = "Choose the walker before approving the request.";
        if (!chosen.timeslot) missing.timeslot = "The timeslot is required to approve the request.";
        if (row.no_of_walks === 2 && !chosen.timeslot_2)
          missing.timeslot_2 = "This plan has two walks a day: the second timeslot is required.";
        if (Object.keys(missing).length) return setErrors(missing);
      }
      const r = await settle(() =>
        what === "approve"
          ? approveMonthlyRequestAction(
              row.id,
              choosing
                ? {
                    walker_id: chosen.walker_id,
                    timeslot: chosen.timeslot,
                    ...(row.no_of_walks === 2 ? { timeslot_2: chosen.timeslot_2 } : {}),
                  }
                : undefined,
            )
          : rejectMonthlyRequestAction(row.id, askRemark ? remark : undefined),
      );
      if (!r.ok) {
        if (r.fieldErrors?.remark) return setRemarkError(r.fieldErrors.remark);
        if (choosing && r.fieldErrors && Object.keys(r.fieldErrors).length) return setErrors(r.fieldErrors);
        setOpen(null);
        return reportFailure(dialogs, r);
      }
      setOpen(null);
      dialogs.success(
        what === "approve" ? "Request approved successfully." : "Request rejected successfully.",
      );
      router.refresh();
    });

  return (
    <div className="flex flex-col items-start gap-1">
      <Chip tone={TONE[row.franchisee_approval_status] ?? "muted"} tip="Franchisee approval">
        Franchisee: {TEXT[row.franchisee_approval_status] ?? "PENDING"}
      </Chip>
      <Chip tone={TONE[row.status] ?? "muted"} tip="Status">
        Admin: {TEXT[row.status] ?? "PENDING"}
      </Chip>
      {pendingFor ? (
        <div className="flex gap-1">
          {canApprove ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Approve ${row.user_name ?? "request"}`}
              onClick={() => {
                setChosen(fresh());
                setErrors({});
                setOpen("approve");
              }}
            >
              Approve
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            aria-label={`Reject ${row.user_name ?? "request"}`}
            onClick={() => {
              setRemark("");
              setRemarkError(null);
              setOpen("reject");
            }}
          >
            Reject
          </Button>
        </div>
      ) : null}
      <Dialog open={open !== null} onOpenChange={(o) => !o && !pending && setOpen(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{CONFIRM}</DialogTitle>
            <DialogDescription>
              {open === "approve" ? "Approve" : "Reject"} the request of {row.user_name ?? "this customer"}.
            </DialogDescription>
          </DialogHeader>
          {open === "approve" && decider === "franchisee" ? (
            <WalkerPicker
              row={row}
              chosen={chosen}
              errors={errors}
              set={(c) => {
                setChosen((v) => ({ ...v, ...c }));
                setErrors((e) => {
                  const next = { ...e };
                  for (const k of Object.keys(c)) delete next[k];
                  return next;
                });
              }}
            />
          ) : null}
          {open === "reject" && askRemark ? (
            <div className="grid gap-2">
              <Label htmlFor={`remark-${row.id}`}>
                Remark <span aria-hidden>*</span>
              </Label>
              <Textarea
                id={`remark-${row.id}`}
                value={remark}
                maxLength={1000}
                aria-invalid={!!remarkError}
                aria-describedby={remarkError ? `remark-${row.id}-error` : undefined}
                onChange={(e) => {
                  setRemark(e.target.value);
                  setRemarkError(null);
                }}
              />
              {remarkError ? (
                <p id={`remark-${row.id}-error`} className="text-destructive text-sm">
                  {remarkError}
                </p>
              ) : null}
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(null)} disabled={pending}>
              Cancel
            </Button>
            <Button
              variant={open === "reject" ? "destructive" : "default"}
              onClick={() => run(open ?? "approve")}
              disabled={pending}
            >
              {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Confirm
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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
  decider,
  ...props
}: ListScreenProps<Row> & { zones: { value: string; label: string }[] | null; decider: Decider }) {
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
              decider={props.trash ? null : decider}
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
