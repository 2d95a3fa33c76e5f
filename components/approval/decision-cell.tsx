"use client";
import { useEffect, useState, type ReactNode } from "react";
import { Chip } from "@/components/data-table";
import { Button } from "@/components/ui/button";
import type { ClientApproval, ClientTransition, State } from "@/lib/platform/approval";
import type { ActionResult } from "@/lib/platform/mutations";
import {
  DecisionDialog,
  type DecideAction,
  type DecisionDialogProps,
  type ExtraFields,
} from "./decision-dialog";
import { useDecisionHost } from "./decision-host";
import type { DialogOf } from "./decision-slots";

/**
 * The row a cell decides: its opaque id, its state, the reason it carries (the chip's tooltip), and the values a
 * transition's `when` reads (a walk request's request_type).
 */
export type DecisionRow = {
  id: string;
  status: State;
  reason?: string | null;
  values?: Record<string, unknown>;
};

export type DecisionCellProps = {
  /** The declaration's client part (clientApproval): states, and the transitions the caller may take. */
  approval: ClientApproval;
  row: DecisionRow;
  /** The record's name, for the buttons' accessible names ("Approve Asha Rao"). */
  label: string;
  decide: DecideAction;
  /** False in the trash view or without the right: the state alone. */
  enabled?: boolean;
  /** Extra fields of a transition's dialog (by transition name); undefined: none. */
  extra?: (transition: string) => ((f: ExtraFields) => ReactNode) | undefined;
  /** Their starting values and check, by transition name. */
  initial?: (transition: string) => Record<string, unknown> | undefined;
  validate?: (
    transition: string,
  ) => ((v: Record<string, unknown>) => Record<string, string> | null) | undefined;
  /** Shown under the state once decided (the created record's link). */
  decided?: ReactNode;
  /** A transition's dialog's confirm word and discard question (DecisionDialog's confirmLabel, discard). */
  dialog?: (transition: string) => Pick<DecisionDialogProps, "confirmLabel" | "discard"> | undefined;
  /** After a success, instead of the success toast and refresh (a follow-up dialog). */
  onDone?: (transition: string, r: ActionResult<unknown> & { ok: true }) => void;
};

const TONE: Record<string, "ok" | "no" | "muted"> = { APPROVED: "ok", REJECTED: "no" };

/**
 * A row's decision (issue 25): the state as a chip, and in a state a transition starts from a button per
 * transition the caller may take (pending-only by the declaration), each opening the DecisionDialog. The dialog is
 * held by the shell's DecisionHost, keyed by the record: a list's refresh remounts its cells (the previous decision's
 * router.refresh landing late), and a dialog held here would close under the user's hand. Without a host (outside
 * the shell) the cell holds it.
 */
export function DecisionCell({
  approval,
  row,
  label,
  decide,
  enabled = true,
  extra,
  initial,
  validate,
  decided,
  onDone,
  dialog,
}: DecisionCellProps) {
  const host = useDecisionHost();
  const [open, setOpen] = useState<ClientTransition | null>(null);
  const key = `${approval.kind}:${approval.field}:${row.id}`;
  const dialogOf: DialogOf = (t) => ({
    id: row.id,
    decide,
    extra: extra?.(t.name),
    initial: initial?.(t.name),
    validate: validate?.(t.name),
    ...dialog?.(t.name),
    onDone: onDone ? (r) => onDone(t.name, r) : undefined,
  });
  // While mounted, the cell holds its record's key; its open dialog follows its latest props.
  useEffect(() => host?.claim(key), [host, key]);
  useEffect(() => host?.update(key, dialogOf));
  const state = approval.states[row.status] ?? approval.states[approval.pending];
  const offered = enabled
    ? approval.transitions.filter(
        (t) =>
          t.from.includes(row.status) && (!t.when || t.when.in.includes(row.values?.[t.when.field] as State)),
      )
    : [];
  return (
    <div className="flex items-center gap-1 whitespace-nowrap">
      <Chip tone={TONE[state?.toUpperCase() ?? ""] ?? "muted"} tip={row.reason ?? undefined}>
        {state}
      </Chip>
      {offered.map((t) => (
        <Button
          key={t.name}
          size="sm"
          variant="outline"
          aria-label={`${t.label} ${label}`}
          onClick={() => (host ? host.open(key, t, dialogOf) : setOpen(t))}
        >
          {t.label}
        </Button>
      ))}
      {row.status !== approval.pending ? decided : null}
      {open && !host ? (
        <DecisionDialog
          open
          onOpenChange={(o) => !o && setOpen(null)}
          transition={open}
          {...dialogOf(open)}
        />
      ) : null}
    </div>
  );
}
