"use client";
import { useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { Loader2 } from "lucide-react";
import { Chip } from "@/components/data-table";
import { EntityForm, fieldsFor } from "@/components/form";
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
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";

// The screen pieces the four career request lists and edit screens share (spec 002 §2 Career requests): the
// approval cell with Approve / Reject on pending rows (and, once approved, the record created from it), the inline
// zone of a franchisee request, and the review form (status, Is Active, the rejection reason).

type Action = (opaqueId: string) => Promise<ActionResult<unknown>>;
type RejectAction = (opaqueId: string, reason: string) => Promise<ActionResult<unknown>>;

/** What an approved application leads to: a franchisee (franchisee requests) or a staff user (the others). */
export type CareerFollow =
  { kind: "franchisee" } | { kind: "staff"; career: "walkie" | "trainer" | "daycare" };

/** The create screen pre-filled from the application, and the created record's screen. */
export function followLinks(f: CareerFollow, opaqueId: string, createdId: string | null) {
  if (f.kind === "franchisee")
    return createdId
      ? { href: `/franchisees/${createdId}`, label: "View franchisee" }
      : { href: `/franchisees/create?career_request_id=${opaqueId}`, label: "Create franchisee" };
  // The user form's career_request: `<kind>:<opaque id>` (lib/franchise/career-requests.ts careerRequestRef).
  return createdId
    ? { href: `/franchisee-staffs/${createdId}`, label: "View staff user" }
    : {
        href: `/franchisee-staffs/create?career_request=${encodeURIComponent(`${f.career}:${opaqueId}`)}`,
        label: "Create staff user",
      };
}

/** The list row's approval fields (created_record_id as an opaque id). */
export type ApprovalRow = {
  id: string;
  status: number;
  rejection_reason: string | null;
  created_record_id: string | null;
};

const STATUS_TEXT: Record<number, string> = { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" };

/**
 * A row's approval: pending rows offer Approve (a confirmation) and Reject (a reason dialog) to whoever may update;
 * approved rows link to the record created from them, or offer to create it; rejected ones show the reason as the
 * chip's tooltip. After a successful approve the dialog offers the create screen.
 */
export function ApprovalCell({
  row,
  label,
  canUpdate,
  canFollow,
  follow,
  approve,
  reject,
}: {
  row: ApprovalRow;
  label: string;
  canUpdate: boolean;
  /** Whether the caller may open the created record's screens (franchisees / staff). */
  canFollow: boolean;
  follow: CareerFollow;
  approve: Action;
  reject: RejectAction;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [open, setOpen] = useState<null | "approve" | "approved" | "reject">(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const next = followLinks(follow, row.id, row.created_record_id);

  const close = () => {
    if (pending) return;
    const wasApproved = open === "approved";
    setOpen(null);
    if (wasApproved) router.refresh();
  };

  const runApprove = () =>
    start(async () => {
      const r = await settle(() => approve(row.id));
      if (!r.ok) {
        setOpen(null);
        return reportFailure(dialogs, r);
      }
      if (canFollow) setOpen("approved");
      else {
        setOpen(null);
        dialogs.success("Request approved successfully.");
        router.refresh();
      }
    });

  const runReject = () => {
    if (!reason.trim()) return setReasonError("Reason is required for rejection.");
    start(async () => {
      const r = await settle(() => reject(row.id, reason));
      if (!r.ok) {
        if (r.fieldErrors?.rejection_reason) return setReasonError(r.fieldErrors.rejection_reason);
        setOpen(null);
        return reportFailure(dialogs, r);
      }
      setOpen(null);
      dialogs.success("Request rejected successfully.");
      router.refresh();
    });
  };

  if (row.status !== 0 && open === null)
    return (
      <div className="flex flex-col items-start gap-1">
        <Chip tone={row.status === 1 ? "ok" : "no"} tip={row.rejection_reason ?? undefined}>
          {STATUS_TEXT[row.status] ?? "PENDING"}
        </Chip>
        {row.status === 1 && canFollow && (row.created_record_id || canUpdate) ? (
          <Link href={next.href} className="text-primary text-xs underline underline-offset-2">
            {next.label}
          </Link>
        ) : null}
      </div>
    );

  return (
    <div className="flex items-center gap-1">
      {row.status === 0 ? <Chip tone="muted">PENDING</Chip> : null}
      {row.status === 0 && canUpdate ? (
        <>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Approve ${label}`}
            onClick={() => setOpen("approve")}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Reject ${label}`}
            onClick={() => {
              setReason("");
              setReasonError(null);
              setOpen("reject");
            }}
          >
            Reject
          </Button>
        </>
      ) : null}
      <Dialog open={open === "approve" || open === "approved"} onOpenChange={(o) => !o && close()}>
        <DialogContent>
          {open === "approved" ? (
            <>
              <DialogHeader>
                <DialogTitle>Hurray!</DialogTitle>
                <DialogDescription>
                  Request approved successfully.{" "}
                  {follow.kind === "franchisee"
                    ? "Create the franchisee from this application now?"
                    : "Create the staff user from this application now?"}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={close}>
                  Later
                </Button>
                <Button asChild>
                  <Link href={followLinks(follow, row.id, null).href}>
                    {followLinks(follow, row.id, null).label}
                  </Link>
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeader>
                <DialogTitle>Are you sure to Approve?</DialogTitle>
                <DialogDescription>Are you sure you want to approve this request?</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={close} disabled={pending}>
                  Cancel
                </Button>
                <Button onClick={runApprove} disabled={pending}>
                  {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  Confirm
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={open === "reject"} onOpenChange={(o) => !o && close()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reject this request?</DialogTitle>
            <DialogDescription>Give the reason for the rejection.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`reason-${row.id}`}>
              Reason <span aria-hidden>*</span>
            </Label>
            <Textarea
              id={`reason-${row.id}`}
              value={reason}
              maxLength={1000}
              aria-invalid={!!reasonError}
              aria-describedby={reasonError ? `reason-${row.id}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
            />
            {reasonError ? (
              <p id={`reason-${row.id}-error`} className="text-destructive text-sm">
                {reasonError}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={runReject} disabled={pending}>
              {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Confirm
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The Approval column of a career list (before the text columns). */
export function approvalColumn<R extends ApprovalRow>(o: {
  label: (row: R) => string;
  canUpdate: boolean;
  canFollow: boolean;
  follow: CareerFollow;
  approve: Action;
  reject: RejectAction;
}): ColumnDef<R> {
  return {
    id: "approval",
    header: "Approval",
    meta: { className: "w-px" },
    cell: ({ row }) => (
      <ApprovalCell
        row={row.original}
        label={o.label(row.original)}
        canUpdate={o.canUpdate}
        canFollow={o.canFollow}
        follow={o.follow}
        approve={o.approve}
        reject={o.reject}
      />
    ),
  };
}

/** The review form's values: status and Is Active editable, the reason when rejected. */
export type CareerReviewValues = { status: string; is_active: number; rejection_reason: string };

const F = fieldsFor<CareerReviewValues>();
const STATUS_OPTIONS = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
];

/** The edit screen's form (spec 002 §2): Status (PENDING / APPROVED / REJECTED), Is Active, the rejection reason. */
export function CareerReviewForm({
  update,
  ...props
}: FormScreenProps & {
  initial: CareerReviewValues;
  update: (opaqueId: string, values: unknown) => Promise<ActionResult<unknown>>;
}) {
  return (
    <EntityForm<CareerReviewValues> {...props} title={`Review ${props.noun}`} actions={{ update }}>
      {(form) => (
        <>
          <F.Select name="status" label="Status" options={STATUS_OPTIONS} required />
          <F.Switch name="is_active" label="Is Active" />
          {form.watch("status") === "2" ? (
            <F.Text name="rejection_reason" label="Rejection Reason" required />
          ) : null}
        </>
      )}
    </EntityForm>
  );
}

/** One application's fields, read-only (the edit screen's display): label and value pairs, in the form's order. */
export function CareerDetails({
  title,
  fields,
  next,
}: {
  title: string;
  fields: { label: string; value: string | number | null }[];
  /** Once approved: the created record's link (createdId), or the create link. */
  next?: { follow: CareerFollow; opaqueId: string; createdId: string | null } | null;
}) {
  const follow = next ? followLinks(next.follow, next.opaqueId, next.createdId) : null;
  return (
    <section className="bg-card rounded-xl border p-6 shadow-sm" aria-labelledby="career-details-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="career-details-title" className="text-base font-semibold">
          {title}
        </h2>
        {follow ? (
          <Button asChild size="sm" variant="outline">
            <Link href={follow.href}>{follow.label}</Link>
          </Button>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{f.label}</dt>
            <dd className="text-sm break-words whitespace-pre-line">
              {f.value == null || f.value === "" ? "—" : String(f.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
