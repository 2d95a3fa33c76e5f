"use client";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Eye } from "lucide-react";
import { DecisionCell } from "@/components/approval/decision-cell";
import {
  actionColumn,
  DataTable,
  Pagination,
  rowActionsOf,
  type RowActionOptions,
  useListUrl,
} from "@/components/data-table";
import { CellText } from "@/components/data-table/cell-text";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDate, formatDateTime, formatRupees } from "@/lib/format";
import type { WalkRequestDetails, WalkRequestRow } from "@/lib/jobs/customer-walk-requests";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { timeOfDay as clockTime } from "../../daily-job-plans/_components/time-of-day";
import { HoursBefore } from "../../home/_components/figures";
import { decideWalkRequestAction, deleteWalkRequestAction, restoreWalkRequestAction } from "../actions";
import { withIst } from "@/components/ist";

type Row = ScreenRow<WalkRequestRow>;

/** The request the URL names (request=), read by the page for the details dialog (its id opaque). */
export type OpenRequest = Omit<WalkRequestDetails, "data"> & {
  data: Omit<WalkRequestDetails["data"], "id"> & { id: string };
};

/**
 * `approval`: the decisions' declaration (lib/jobs walkRequestApproval), with the transitions the caller may take;
 * `details`: the request whose details dialog is open (the URL's request=), or null.
 */
type Props = ListScreenProps<Row> & { approval: ClientApproval; details: OpenRequest | null };

// Texts of spec 002 §2 (word for word). The decisions' texts are declared with the workflow; the delete
// confirmation's title is the entity's (messages.deleteTitle).
const EMPTY = "No requests found";
const TYPE_LABEL: Record<string, string> = { reschedule: "Reschedule", cancel: "Cancellation" };

const typeOf = (type: string) => TYPE_LABEL[type] ?? type;
const rowLabel = (r: Pick<Row, "request_type" | "customer_name" | "original_date">) =>
  `${typeOf(r.request_type)} request of ${r.customer_name ?? "a customer"} for ${formatDate(r.original_date)}`;
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

function Refund({ r }: { r: Pick<Row, "refund_eligibility" | "refund_amount"> }) {
  return r.refund_eligibility ? (
    <span className="tabular-nums">{formatRupees(r.refund_amount)}</span>
  ) : (
    <span className="text-slate-600">Not Eligible</span>
  );
}

/** The request's fields: the table's columns between Status and Action, and a card's lines. */
const FIELDS: [id: string, header: string, cell: (r: Row) => React.ReactNode][] = [
  [
    "customer",
    "Customer",
    (r) => (
      <div className="min-w-32">
        <div>{r.customer_name}</div>
        <div className="text-xs text-slate-600">{customerContact(r)}</div>
      </div>
    ),
  ],
  ["pet_name", "Pet Name", (r) => <CellText text={r.pet_name} />],
  ["original_date", "Original Date", (r) => <Day d={r.original_date} />],
  ["original_time", "Original Time", (r) => <Nowrap>{withIst(clockTime(r.original_timeslot))}</Nowrap>],
  ["new_date", "New Date", (r) => <Day d={r.new_date} />],
  ["new_time", "New Time", (r) => <Nowrap>{withIst(clockTime(r.new_timeslot))}</Nowrap>],
  ["reason", "Reason", (r) => <CellText text={r.reason} max={30} />],
  ["hours_before", "Hours Before", (r) => <HoursBefore hours={r.hours_before_walk} />],
  ["refund", "Refund", (r) => <Refund r={r} />],
  ["requested_at", "Requested On", (r) => <Nowrap>{withIst(formatDateTime(r.requested_at))}</Nowrap>],
];

/**
 * The customer walk requests (spec 002 §2): a table from `md` up, cards below it (both server-rendered; CSS shows
 * one), one pager. A row's decisions are the approval kernel's cell and dialog; its actions the kernel's row actions
 * (View Details, a link to this list with request=<id>; Delete with its confirmation; Restore in the trash view).
 * The details dialog shows the request the URL names. Page size 5; empty text 'No requests found'.
 */
export function WalkRequestsView(props: Props) {
  const { rows, trash, may, messages } = props;
  const { hrefWith } = useListUrl();
  /** The list's URL with `request` set (View Details) or removed (the dialog closed). */
  const requestHref = (id: string | null) => hrefWith({ request: id }, false);
  const decision = (r: Pick<Row, "id" | "status" | "request_type">, label: string) => (
    <DecisionCell
      approval={props.approval}
      row={{ id: r.id, status: r.status, values: { request_type: r.request_type } }}
      label={label}
      decide={decideWalkRequestAction}
      enabled={!trash}
    />
  );
  // The kernel's row actions, in the Action column and on the cards: the same buttons and delete confirmation.
  const actionsOf: RowActionOptions<Row> = {
    trash,
    label: rowLabel,
    links: (r) =>
      may.view
        ? [{ href: requestHref(r.id), label: `View Details: ${rowLabel(r)}`, tip: "View Details", icon: Eye }]
        : [],
    onDelete: may.delete ? (r) => deleteWalkRequestAction(r.id) : undefined,
    deleteSuccess: messages.deleted,
    deleteTitle: messages.deleteTitle,
    restorable: true,
    onRestore: may.restore ? (r) => restoreWalkRequestAction(r.id) : undefined,
    restoreSuccess: messages.restored,
  };
  const rowActions = rowActionsOf(actionsOf);

  const columns: ColumnDef<Row>[] = [
    col("request_type", "Request Type", (r) => typeOf(r.request_type)),
    col("status", "Status", (r) => decision(r, rowLabel(r)), "w-px"),
    ...FIELDS.map(([id, header, cell]) => col(id, header, cell)),
    actionColumn(actionsOf),
  ];

  return (
    <>
      <div className="hidden md:block">
        <DataTable {...props} columns={columns} data={rows} emptyText={EMPTY} hidePagination />
      </div>
      <ul className="grid gap-3 border-y border-slate-200 bg-slate-50 p-3 md:hidden" aria-label="Requests">
        {rows.length === 0 ? <li className="py-6 text-center text-sm text-slate-600">{EMPTY}</li> : null}
        {rows.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xs">
            <div className="flex items-start justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{typeOf(r.request_type)}</span>
                {decision(r, rowLabel(r))}
              </div>
              {rowActions(r)}
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5">
              {FIELDS.map(([id, header, cell]) => (
                <Field key={id} label={header}>
                  {cell(r)}
                </Field>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <Pagination {...props} estimated={props.countEstimated} extraSizes={[5]} />
      {props.details ? (
        <DetailsDialog
          key={props.details.data.id}
          d={props.details}
          decision={decision}
          closeHref={requestHref(null)}
        />
      ) : null}
    </>
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

/**
 * The details dialog (spec 002 §2) of the request the URL names: its fields, its state with the decisions the
 * caller may take, and the reschedule quota notice. Closing it goes back to the list without request=.
 */
function DetailsDialog({
  d,
  decision,
  closeHref,
}: {
  d: OpenRequest;
  decision: (r: Pick<Row, "id" | "status" | "request_type">, label: string) => React.ReactNode;
  closeHref: string;
}) {
  const router = useRouter();
  const { data, reschedule_info: q } = d;
  const close = () => router.replace(closeHref, { scroll: false });
  const customer = [data.user?.first_name, data.user?.last_name].filter(Boolean).join(" ") || null;
  const plan = data.walk?.daily_job_plan;
  const label = rowLabel({ ...data, customer_name: customer });
  const by = data.processed_by_user;
  const items: [string, React.ReactNode][] = [
    ["Request Type", typeOf(data.request_type)],
    ["Status", decision(data, label)],
    ["Customer", [customer, data.user?.phone].filter(Boolean).join(" · ")],
    ["Pet", [plan?.user_pet?.name, plan?.user_pet_2?.name].filter(Boolean).join(", ") || "—"],
    [
      "Original Date & Time",
      withIst(`${formatDate(data.original_date)} ${clockTime(data.original_timeslot)}`),
    ],
  ];
  if (data.request_type === "reschedule")
    items.push(["New Date & Time", withIst(`${formatDate(data.new_date)} ${clockTime(data.new_timeslot)}`)]);
  items.push(
    ["Hours Before Walk", <HoursBefore key="h" hours={data.hours_before_walk} />],
    ["Refund Eligibility", data.refund_eligibility ? "Eligible" : "Not Eligible"],
    ["Refund Amount", formatRupees(data.refund_amount)],
    ["Reason", data.reason || "No reason provided"],
    ["Admin Remarks", data.admin_remarks || "—"],
    [
      "Processed By",
      by
        ? withIst(
            `${by.first_name} ${by.last_name}${data.processed_at ? `, ${formatDateTime(data.processed_at)}` : ""}`,
          )
        : "—",
    ],
  );
  return (
    <Dialog open onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Request Details</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          {items.map(([label, value]) => (
            <Field key={label} label={label}>
              <span className="whitespace-pre-line">{value}</span>
            </Field>
          ))}
        </dl>
        <div role="status" className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          Reschedule quota: {q.reschedules_used} of {q.current_quota} used ({q.remaining} remaining)
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
