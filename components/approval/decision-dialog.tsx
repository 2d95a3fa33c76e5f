"use client";
import { useRef, useState, useTransition, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import {
  AlertDialog,
  AlertDialogAction,
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
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ClientTransition } from "@/lib/platform/approval";
import type { ActionResult } from "@/lib/platform/mutations";

/** A workflow's server action (lib/platform/approval.ts approvalActions): the record, the transition, its input. */
export type DecideAction = (
  opaqueId: string,
  transition: string,
  input?: Record<string, unknown>,
) => Promise<ActionResult<unknown>>;

/** What the dialog hands its extra fields (the monthly request's walker picker): their values, a setter, errors. */
export type ExtraFields = {
  values: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  errors: Record<string, string>;
  busy: boolean;
};

/** One record's answer in a decision of several (the inbox's bulk). */
export type DecisionResult = { id: string; result: ActionResult<unknown> };

export type DecisionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  transition: ClientTransition;
  /**
   * The record's opaque id; or the selected records of one kind (the inbox's bulk): the same text and reason box,
   * each record then decided through its own transition, one after the other (a refusal does not stop the others),
   * and every answer handed to onResults.
   */
  id: string | readonly string[];
  decide: DecideAction;
  /** Of several records: their answers, once all are in (the dialog has closed; no toast, no refresh of its own). */
  onResults?: (results: DecisionResult[]) => void;
  /** A line under the declaration's text (the count of several records). */
  note?: ReactNode;
  /** Fields of the transition's own input, shown above the reason (values travel with the decision). */
  extra?: (f: ExtraFields) => ReactNode;
  /** The extra fields' starting values. */
  initial?: Record<string, unknown>;
  /** A check of the extra values before sending (field name → message). */
  validate?: (values: Record<string, unknown>) => Record<string, string> | null;
  /** After a success: default the success toast with the transition's text and the list refreshed. */
  onDone?: (r: ActionResult<unknown> & { ok: true }) => void;
  /** The confirm button's word (default "Confirm"; the leave's replacement modal: "Approve"). */
  confirmLabel?: string;
  /**
   * Asked (Yes / No) before closing with a value chosen in the extra fields or a typed reason (spec 002 §4: "Are you
   * sure you want to cancel? Your changes will be lost."); none: closes at once.
   */
  discard?: string;
};

/**
 * The confirmation of one decision (spec 002: "Are you sure to Approve?", the reason dialog of a rejection), read
 * from the declaration's client part: its title and text, a reason box when the transition takes one (required:
 * the declaration's message under it when blank), the extra fields slot, Confirm / Cancel, a busy state, the
 * server's field errors under their fields, any other failure in the shell's error popup; a failed decision keeps
 * what was typed.
 */
export function DecisionDialog({
  open,
  onOpenChange,
  transition: t,
  id,
  decide,
  extra,
  initial,
  validate,
  onDone,
  confirmLabel = "Confirm",
  discard,
  onResults,
  note,
}: DecisionDialogProps) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [values, setValues] = useState<Record<string, unknown>>(initial ?? {});
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, start] = useTransition();
  const [asking, setAsking] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // One record, or several (bulk).
  const one = typeof id === "string" ? id : null;
  const ids = typeof id === "string" ? null : id;
  const reasonId = `decision-${t.name}-${one ?? "selected"}-reason`;
  const reasonError = t.reasonField ? errors[t.reasonField] : undefined;

  const changed = () =>
    !!reason.trim() || Object.entries(values).some(([k, v]) => v != null && v !== (initial ?? {})[k]);
  const close = (o: boolean, asked = false) => {
    if (busy && !o) return;
    if (!o && discard && !asked && changed()) return setAsking(true);
    if (!o) {
      setErrors({});
      setReason("");
      setValues(initial ?? {});
    }
    onOpenChange(o);
  };

  const confirm = () => {
    const found: Record<string, string> = { ...(validate?.(values) ?? {}) };
    if (t.reason === "required" && t.reasonField && !reason.trim()) found[t.reasonField] = t.reasonRequired;
    if (Object.keys(found).length) return setErrors(found);
    const input: Record<string, unknown> = { ...values };
    if (t.reasonField && (reason.trim() || t.reason === "required")) input[t.reasonField] = reason;
    start(async () => {
      if (ids) {
        const results: DecisionResult[] = [];
        for (const x of ids) results.push({ id: x, result: await settle(() => decide(x, t.name, input)) });
        setErrors({});
        setReason("");
        onOpenChange(false);
        onResults?.(results);
        return;
      }
      const r = await settle(() => decide(one!, t.name, input));
      if (!r.ok) {
        if (r.fieldErrors && Object.keys(r.fieldErrors).length) return setErrors(r.fieldErrors);
        onOpenChange(false);
        if (t.failure && r.status !== 401 && r.status !== 403)
          return dialogs.error(`${t.failure}${r.message}`);
        return reportFailure(dialogs, r);
      }
      setErrors({});
      setReason("");
      onOpenChange(false);
      if (onDone) onDone(r);
      else {
        dialogs.success(t.success);
        router.refresh();
      }
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        onOpenAutoFocus={(e) => {
          // The reason box when the transition takes one (type, then confirm); else Confirm, so Enter confirms (Radix
          // would focus the first button, Cancel). Extra fields are reached with Shift+Tab.
          e.preventDefault();
          (t.reason && t.reasonField ? reasonRef.current : confirmRef.current)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t.confirm.title}</DialogTitle>
          {note ? (
            <DialogDescription asChild>
              <div className="grid gap-1">
                {t.confirm.description ? <p>{t.confirm.description}</p> : null}
                <p>{note}</p>
              </div>
            </DialogDescription>
          ) : t.confirm.description ? (
            <DialogDescription>{t.confirm.description}</DialogDescription>
          ) : null}
        </DialogHeader>
        {extra ? (
          <div className="grid gap-3">
            {extra({
              values,
              set: (name, value) => {
                setValues((v) => ({ ...v, [name]: value }));
                setErrors((e) => {
                  const { [name]: _gone, ...rest } = e;
                  void _gone;
                  return rest;
                });
              },
              errors,
              busy,
            })}
          </div>
        ) : null}
        {t.reason && t.reasonField ? (
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>
              {t.reasonLabel ?? (
                <>Reason {t.reason === "required" ? <span aria-hidden>*</span> : "(Optional)"}</>
              )}
            </Label>
            <Textarea
              ref={reasonRef}
              id={reasonId}
              value={reason}
              maxLength={t.reasonMax}
              required={t.reason === "required"}
              aria-invalid={!!reasonError}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (reasonError) setErrors(({ [t.reasonField!]: _r, ...rest }) => (void _r, rest));
              }}
            />
            {reasonError ? (
              <p id={`${reasonId}-error`} className="text-destructive text-sm">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            ref={confirmRef}
            variant={t.tone === "destructive" ? "destructive" : "default"}
            onClick={confirm}
            disabled={busy}
          >
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
      {discard ? (
        <AlertDialog open={asking} onOpenChange={setAsking}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Cancel</AlertDialogTitle>
              <AlertDialogDescription>{discard}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>No</AlertDialogCancel>
              <AlertDialogAction onClick={() => close(false, true)}>Yes</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
    </Dialog>
  );
}
