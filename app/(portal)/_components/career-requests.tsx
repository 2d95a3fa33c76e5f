"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { DecisionCell } from "@/components/approval/decision-cell";
import type { DecideAction } from "@/components/approval/decision-dialog";
import { EntityForm, fieldsFor } from "@/components/form";
import { useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ActionResult } from "@/lib/platform/mutations";
import type { FormScreenProps } from "@/lib/platform/screens";

// The screen pieces the four career request lists and edit screens share (spec 002 §2 Career requests): the
// approval cell with Approve / Reject on pending rows (and, once approved, the record created from it), the inline
// zone of a franchisee request, and the review form (status, Is Active, the rejection reason).

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

/**
 * A row's approval (the kernel's DecisionCell over the workflow's declaration): pending rows offer Approve (its
 * confirmation) and Reject (the reason dialog) to whoever may take them; approved rows link to the record created
 * from them, or offer to create it; rejected ones show the reason as the chip's tooltip. After an approve the
 * caller who may create the record is offered its create screen.
 */
export function CareerDecisionCell({
  row,
  label,
  approval,
  enabled,
  canFollow,
  follow,
  decide,
}: {
  row: ApprovalRow;
  label: string;
  approval: ClientApproval;
  /** False in the trash view. */
  enabled: boolean;
  /** Whether the caller may open the created record's screens (franchisees / staff). */
  canFollow: boolean;
  follow: CareerFollow;
  decide: DecideAction;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [offer, setOffer] = useState(false);
  const next = followLinks(follow, row.id, row.created_record_id);
  const create = followLinks(follow, row.id, null);
  const mayCreate = approval.transitions.length > 0;
  return (
    <>
      <DecisionCell
        approval={approval}
        row={{ id: row.id, status: row.status, reason: row.rejection_reason }}
        label={label}
        decide={decide}
        enabled={enabled}
        decided={
          row.status === 1 && canFollow && (row.created_record_id || mayCreate) ? (
            <Link href={next.href} className="text-primary text-xs underline underline-offset-2">
              {next.label}
            </Link>
          ) : null
        }
        onDone={(t) => {
          if (t === "approve" && canFollow) return setOffer(true);
          dialogs.success(approval.transitions.find((x) => x.name === t)?.success ?? "");
          router.refresh();
        }}
      />
      <Dialog
        open={offer}
        onOpenChange={(o) => {
          if (o) return;
          setOffer(false);
          router.refresh();
        }}
      >
        <DialogContent>
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
            <Button
              variant="outline"
              onClick={() => {
                setOffer(false);
                router.refresh();
              }}
            >
              Later
            </Button>
            <Button asChild>
              <Link href={create.href}>{create.label}</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The Approval column of a career list (before the text columns). */
export function approvalColumn<R extends ApprovalRow>(o: {
  label: (row: R) => string;
  approval: ClientApproval;
  enabled: boolean;
  canFollow: boolean;
  follow: CareerFollow;
  decide: DecideAction;
}): ColumnDef<R> {
  return {
    id: "approval",
    header: "Approval",
    meta: { className: "w-px" },
    cell: ({ row }) => (
      <CareerDecisionCell
        row={row.original}
        label={o.label(row.original)}
        approval={o.approval}
        enabled={o.enabled}
        canFollow={o.canFollow}
        follow={o.follow}
        decide={o.decide}
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
