"use client";
import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { ArchiveRestore, Eye, Loader2, MoreVertical, Trash2 } from "lucide-react";
import { DecisionCell } from "@/components/approval/decision-cell";
import { DataTable, Pagination } from "@/components/data-table";
import { CellText } from "@/components/data-table/cell-text";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { formatDate, formatDateTime, formatRupees } from "@/lib/format";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import {
  decideWalkRequestAction,
  deleteWalkRequestAction,
  restoreWalkRequestAction,
  walkRequestDetailsAction,
} from "../actions";

type Row = ScreenRow<{
  id: number;
  request_type: string;
  status: string;
  customer_name: string | null;
  customer_phone: string | null;
  customer_email: string | null;
  pet_name: string | null;
  original_date: string;
  original_timeslot: string;
  new_date: string | null;
  new_timeslot: string | null;
  reason: string | null;
  hours_before_walk: number;
  refund_eligibility: number;
  refund_amount: number;
  requested_at: Date | string;
}>;

/** `approval`: the decisions' declaration (lib/jobs walkRequestApproval), with the transitions the caller may take. */
type Props = ListScreenProps<Row> & { approval: ClientApproval };

// Texts of spec 002 §2, §5, §8 (word for word), and ours where it is silent. The decisions' texts are declared
// with the workflow (approve: Admin Remarks (Optional); reject: Reason for Rejection (Required)).
const TEXT = {
  empty: "No requests found",
  deleteQuestion: "Are you sure you want to delete this request?",
  noReason: "No reason provided",
};

const TYPE_LABEL: Record<string, string> = { reschedule: "Reschedule", cancel: "Cancellation" };

/** "07:00:00" → "07:00 AM" (spec 000 §9's hh:mm A). */
export function clockTime(t: string | null | undefined): string {
  if (!t) return "";
  const [h, m] = t.split(":").map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, "0")}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

const customerContact = (r: Pick<Row, "customer_phone" | "customer_email">) =>
  r.customer_phone || r.customer_email || "";

/** A column of the table: its id, header and cell (the row's values), `className` its width rule. */
const col = (
  id: string,
  header: string,
  cell: (r: Row) => React.ReactNode,
  className?: string,
): ColumnDef<Row> => ({
  id,
  header,
  meta: className ? { className } : undefined,
  cell: ({ row }) => cell(row.original),
});
const Day = ({ d }: { d: string | null }) => <span className="tabular-nums">{formatDate(d)}</span>;
const Nowrap = ({ children }: { children: React.ReactNode }) => (
  <span className="whitespace-nowrap">{children}</span>
);

/** Hours before the walk: green from 24 on, red below (spec 002 §9); dark shades on tints pass WCAG AA. */
function HoursBefore({ hours }: { hours: number }) {
  const ok = hours >= 24;
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800"}`}
    >
      {hours} h
    </span>
  );
}

function Refund({ r }: { r: Pick<Row, "refund_eligibility" | "refund_amount"> }) {
  return r.refund_eligibility === 1 ? (
    <span className="tabular-nums">{formatRupees(r.refund_amount)}</span>
  ) : (
    <span className="text-slate-600">Not Eligible</span>
  );
}

type Dialog = { kind: "details" | "delete"; row: Row } | null;

/** What a row offers the caller besides its decisions (the server checks again). */
function offers(r: Row, p: Pick<Props, "trash" | "may">) {
  return {
    details: p.may.view && !p.trash,
    delete: !p.trash && p.may.delete,
    restore: p.trash && p.may.restore,
  };
}

/** The row's state, and Approve (pending reschedules) / Reject (any pending) for approvers: the kernel's cell. */
function Decision({ r, p }: { r: Row; p: Pick<Props, "trash" | "approval"> }) {
  return (
    <DecisionCell
      approval={p.approval}
      row={{ id: r.id, status: r.status, values: { request_type: r.request_type } }}
      label={rowLabel(r)}
      decide={decideWalkRequestAction}
      enabled={!p.trash}
    />
  );
}

/**
 * The customer walk requests (spec 002 §2): a table from `md` up, cards with a menu below it (both server-rendered;
 * CSS shows one), one pager, and the dialogs: details (with the reschedule quota), delete confirmation; approve and
 * reject are the approval kernel's cell and dialog. Page size 5; empty text 'No requests found'.
 */
export function WalkRequestsView(props: Props) {
  const { rows, count, countEstimated, page, rowsPerPage, ceiling, cursors, sort } = props;
  const router = useRouter();
  const dialogs = useDialogs();
  const [open, setOpen] = useState<Dialog>(null);
  const [pending, start] = useTransition();

  const restore = (r: Row) =>
    start(async () => {
      const res = await settle(() => restoreWalkRequestAction(r.id));
      if (!res.ok) return reportFailure(dialogs, res);
      dialogs.success(props.messages.restored);
      router.refresh();
    });

  const act = (kind: NonNullable<Dialog>["kind"] | "restore", r: Row) =>
    kind === "restore" ? restore(r) : setOpen({ kind, row: r });

  const columns: ColumnDef<Row>[] = [
    col("request_type", "Request Type", (r) => TYPE_LABEL[r.request_type] ?? r.request_type),
    col("status", "Status", (r) => <Decision r={r} p={props} />, "w-px"),
    col("customer", "Customer", (r) => (
      <div className="min-w-32">
        <div>{r.customer_name}</div>
        <div className="text-xs text-slate-600">{customerContact(r)}</div>
      </div>
    )),
    col("pet_name", "Pet Name", (r) => <CellText text={r.pet_name} />),
    col("original_date", "Original Date", (r) => <Day d={r.original_date} />),
    col("original_time", "Original Time", (r) => <Nowrap>{clockTime(r.original_timeslot)}</Nowrap>),
    col("new_date", "New Date", (r) => <Day d={r.new_date} />),
    col("new_time", "New Time", (r) => <Nowrap>{clockTime(r.new_timeslot)}</Nowrap>),
    col("reason", "Reason", (r) => <CellText text={r.reason} max={30} />),
    col("hours_before", "Hours Before", (r) => <HoursBefore hours={r.hours_before_walk} />),
    col("refund", "Refund", (r) => <Refund r={r} />),
    col("requested_at", "Requested On", (r) => <Nowrap>{formatDateTime(r.requested_at)}</Nowrap>),
    {
      ...col("action", "Action", (r) => <RowButtons row={r} o={offers(r, props)} act={act} busy={pending} />),
      meta: { sticky: "right", className: "w-px" },
    },
  ];

  return (
    <>
      <div className="hidden md:block">
        <DataTable
          columns={columns}
          data={rows}
          count={count}
          countEstimated={countEstimated}
          page={page}
          rowsPerPage={rowsPerPage}
          sort={sort}
          ceiling={ceiling}
          cursors={cursors}
          emptyText={TEXT.empty}
          hidePagination
        />
      </div>
      <ul className="grid gap-3 border-y border-slate-200 bg-slate-50 p-3 md:hidden" aria-label="Requests">
        {rows.length === 0 ? (
          <li className="py-6 text-center text-sm text-slate-600">{TEXT.empty}</li>
        ) : (
          rows.map((r) => (
            <RequestCard key={r.id} row={r} o={offers(r, props)} act={act} busy={pending}>
              <Decision r={r} p={props} />
            </RequestCard>
          ))
        )}
      </ul>
      <Pagination
        count={count}
        estimated={countEstimated}
        page={page}
        rowsPerPage={rowsPerPage}
        ceiling={ceiling}
        cursors={cursors}
        extraSizes={[5]}
      />
      {open?.kind === "details" ? (
        <DetailsDialog row={open.row} states={props.approval.states} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "delete" ? (
        <DeleteDialog row={open.row} success={props.messages.deleted} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

type Offers = ReturnType<typeof offers>;
type Act = (kind: NonNullable<Dialog>["kind"] | "restore", r: Row) => void;

const rowLabel = (r: Row) =>
  `${TYPE_LABEL[r.request_type] ?? r.request_type} request of ${r.customer_name ?? "a customer"} for ${formatDate(r.original_date)}`;

/** The table's Action cell: icon buttons with tooltips and accessible names. */
function RowButtons({ row, o, act, busy }: { row: Row; o: Offers; act: Act; busy: boolean }) {
  const label = rowLabel(row);
  const btn = (kind: Parameters<Act>[0], tip: string, icon: React.ReactNode, extra = "") => (
    <button
      key={kind}
      type="button"
      className={`dt-btn ${extra}`}
      aria-label={`${tip}: ${label}`}
      data-tip={tip}
      aria-haspopup={kind === "restore" ? undefined : "dialog"}
      disabled={busy}
      onClick={() => act(kind, row)}
    >
      {icon}
    </button>
  );
  return (
    <div className="dt-acts">
      {o.details ? btn("details", "View Details", <Eye className="dt-i" aria-hidden />) : null}
      {o.delete ? btn("delete", "Delete", <Trash2 className="dt-i" aria-hidden />, "dt-btn-del") : null}
      {o.restore ? btn("restore", "Restore", <ArchiveRestore className="dt-i" aria-hidden />) : null}
    </div>
  );
}

/** A request as a card (small screens): its decision (`children`) by its type, its other actions in a menu. */
function RequestCard({
  row: r,
  o,
  act,
  busy,
  children,
}: {
  row: Row;
  o: Offers;
  act: Act;
  busy: boolean;
  children: React.ReactNode;
}) {
  const items = (
    [
      ["details", "View Details", o.details],
      ["delete", "Delete", o.delete],
      ["restore", "Restore", o.restore],
    ] as const
  ).filter(([, , shown]) => shown);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{TYPE_LABEL[r.request_type] ?? r.request_type}</span>
          {children}
        </div>
        {items.length ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Actions: ${rowLabel(r)}`}
                disabled={busy}
              >
                <MoreVertical className="size-4" aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {items.map(([kind, text]) => (
                <DropdownMenuItem key={kind} onSelect={() => act(kind, r)}>
                  {text}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5">
        <Field label="Customer">
          {r.customer_name}
          <span className="block text-xs text-slate-600">{customerContact(r)}</span>
        </Field>
        <Field label="Pet Name">{r.pet_name}</Field>
        <Field label="Original">
          {formatDate(r.original_date)} {clockTime(r.original_timeslot)}
        </Field>
        <Field label="New">
          {r.new_date ? `${formatDate(r.new_date)} ${clockTime(r.new_timeslot)}` : "—"}
        </Field>
        <Field label="Hours Before">
          <HoursBefore hours={r.hours_before_walk} />
        </Field>
        <Field label="Refund">
          <Refund r={r} />
        </Field>
        <Field label="Requested On">{formatDateTime(r.requested_at)}</Field>
        <Field label="Reason">
          <CellText text={r.reason} max={30} />
        </Field>
      </dl>
    </li>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

type Details = Extract<Awaited<ReturnType<typeof walkRequestDetailsAction>>, { ok: true }>["data"];

/** The details dialog (spec 002 §2): loaded when opened, with the reschedule quota notice. */
function DetailsDialog({
  row,
  states,
  onClose,
}: {
  row: Row;
  states: Record<string, string>;
  onClose: () => void;
}) {
  const [d, setD] = useState<Details | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void settle(() => walkRequestDetailsAction(row.id)).then((r) => {
      if (!live) return;
      if (r.ok) setD(r.data);
      else {
        // §8: a failed detail load is only logged; the row's own values still show.
        console.error("[customer-walk-requests] details", r.message);
        setFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [row.id]);
  const data = d?.data;
  const q = d?.reschedule_info;
  const processor = data?.processed_by_user;
  const reschedule = row.request_type === "reschedule";
  const items: [string, React.ReactNode][] = [
    ["Request Type", TYPE_LABEL[row.request_type] ?? row.request_type],
    ["Status", states[(data?.status as string) ?? row.status] ?? row.status],
    ["Customer", [row.customer_name, data?.user?.phone ?? row.customer_phone].filter(Boolean).join(" · ")],
    ["Pet", row.pet_name ?? "—"],
    ["Original Date & Time", `${formatDate(row.original_date)} ${clockTime(row.original_timeslot)}`],
    ...(reschedule
      ? ([["New Date & Time", `${formatDate(row.new_date)} ${clockTime(row.new_timeslot)}`]] as [
          string,
          string,
        ][])
      : []),
    ["Hours Before Walk", <HoursBefore key="h" hours={row.hours_before_walk} />],
    ["Refund Eligibility", row.refund_eligibility === 1 ? "Eligible" : "Not Eligible"],
    ["Refund Amount", formatRupees(row.refund_amount)],
    ["Reason", row.reason || TEXT.noReason],
    ["Admin Remarks", (data?.admin_remarks as string | null) || "—"],
    [
      "Processed By",
      processor
        ? `${processor.first_name} ${processor.last_name}${data?.processed_at ? `, ${formatDateTime(data.processed_at)}` : ""}`
        : "—",
    ],
  ];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request Details</DialogTitle>
          <DialogDescription>{rowLabel(row)}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {items.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="break-words whitespace-pre-line">{value}</dd>
            </div>
          ))}
        </dl>
        <div role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {q ? (
            <>
              Reschedule quota: {q.reschedules_used} of {q.current_quota} used ({q.remaining} remaining)
            </>
          ) : failed ? (
            "Reschedule quota: not available"
          ) : (
            <span className="inline-flex items-center gap-2">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
            </span>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ row, success, onClose }: { row: Row; success: string; onClose: () => void }) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [pending, start] = useTransition();
  const run = () =>
    start(async () => {
      const r = await settle(() => deleteWalkRequestAction(row.id));
      onClose();
      if (!r.ok) return reportFailure(dialogs, r);
      dialogs.success(success);
      router.refresh();
    });
  return (
    <AlertDialog open onOpenChange={(o) => !o && !pending && onClose()}>
      <AlertDialogContent data-testid="confirm-delete">
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXT.deleteQuestion}</AlertDialogTitle>
          <AlertDialogDescription>
            {rowLabel(row)}. It moves to the trash, from where it can be restored.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>No</AlertDialogCancel>
          <Button className="bg-red-600 text-white hover:bg-red-700" onClick={run} disabled={pending}>
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Yes
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
