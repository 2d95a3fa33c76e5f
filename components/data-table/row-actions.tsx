"use client";
import { useRef, useState, useTransition } from "react";
import { QuietLink as Link } from "@/components/nav/quiet-link";
import { useRouter } from "next/navigation";
import { Loader2, type LucideIcon } from "lucide-react";
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
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import type { ActionResult } from "@/lib/platform/mutations";
import { TableIcon } from "./table-icons";

type RowAction = () => Promise<ActionResult<unknown>>;

/** A link of a row besides edit (an outlet's users, a service's users): its icon, tooltip and accessible name. */
export type RowLink = { href: string; label: string; tip: string; icon: LucideIcon };

type Props = {
  /** Edit screen of the row; omitted when the caller may not edit (or in the trash view). */
  editHref?: string;
  /** The caller may only view the record: the link reads 'View <name>' with an eye, not a pencil (issue 26). */
  viewOnly?: boolean;
  onDelete?: RowAction;
  onRestore?: RowAction;
  /** Success texts, word for word from the spec, e.g. 'User deleted successfully.' (shown as a toast). */
  deleteSuccess?: string;
  restoreSuccess?: string;
  /** The confirmation's title where the spec words it ('Warning!'); else 'Delete <name>?'. */
  deleteTitle?: string;
  /** The row's name, for the buttons' accessible labels and the confirmation. */
  entityLabel: string;
  /** A deleted row goes to the trash view, from where it can be restored; else the delete is final. */
  restorable?: boolean;
  /** Links shown before edit (not in the trash view). */
  links?: RowLink[];
};

/** The confirmation's text: the spec's question, then where the record goes. */
export function deleteQuestion(restorable: boolean): string {
  return restorable
    ? "Are you sure you want to delete this? It moves to the trash, from where it can be restored."
    : "Are you sure you want to delete this? It cannot be restored.";
}

/**
 * The Action column: edit link, delete (after a confirmation that names the record) or restore. Success is the
 * shell's toast with the spec's text; failures answer as spec 000 §8 says. Lean markup, as it repeats in every row:
 * short classes, icons from the table's sprite, the table's shared tooltip (`data-tip`).
 */
export function RowActions({
  editHref,
  viewOnly = false,
  onDelete,
  onRestore,
  deleteSuccess = "Deleted successfully.",
  restoreSuccess = "Restored successfully.",
  deleteTitle,
  entityLabel,
  restorable = false,
  links = [],
}: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState(false);
  // The confirmation is mounted from its first opening on (then it can animate closed): until then a row carries
  // just its buttons.
  const [asked, setAsked] = useState(false);
  const [pending, start] = useTransition();
  const cell = useRef<HTMLDivElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // After a delete the row leaves the list: focus goes to the table rather than back to a button about to vanish.
  const gone = useRef(false);

  /** The list's scroll region: where focus rests once this row has left the page. */
  const focusList = () => cell.current?.closest<HTMLElement>("[role=region]")?.focus({ preventScroll: true });

  const run = (action: RowAction, successText: string) =>
    start(async () => {
      const r = await settle(action);
      if (r.ok) gone.current = true;
      setConfirming(false);
      if (!r.ok) return reportFailure(dialogs, r);
      // The restore button has no dialog to close: move focus before the row goes.
      if (!onDelete) focusList();
      // A toast with the spec's text (the shell's success, no longer a blocking popup).
      dialogs.success(successText);
      router.refresh();
    });

  const close = (open: boolean) => {
    if (pending || open) return;
    setConfirming(false);
  };

  return (
    <div ref={cell} className="dt-acts">
      {links.map(({ href, label, tip, icon: Icon }) => (
        <Link key={href} href={href} className="dt-btn" aria-label={label} data-tip={tip}>
          <Icon className="dt-i" aria-hidden />
        </Link>
      ))}
      {editHref ? (
        <Link
          href={editHref}
          className="dt-btn"
          aria-label={`${viewOnly ? "View" : "Edit"} ${entityLabel}`}
          data-tip={viewOnly ? "View" : "Edit"}
        >
          <TableIcon name={viewOnly ? "view" : "edit"} />
        </Link>
      ) : null}
      {onDelete ? (
        <button
          ref={deleteButton}
          type="button"
          className="dt-btn dt-btn-del"
          aria-label={`Delete ${entityLabel}`}
          aria-haspopup="dialog"
          data-tip="Delete"
          disabled={pending}
          onClick={() => {
            gone.current = false;
            setAsked(true);
            setConfirming(true);
          }}
        >
          <TableIcon name="delete" />
        </button>
      ) : null}
      {onDelete && asked ? (
        <AlertDialog open={confirming} onOpenChange={close}>
          <AlertDialogContent
            data-testid="confirm-delete"
            onCloseAutoFocus={(e) => {
              // Focus goes back to the row's delete button, or to the list once the row has gone.
              e.preventDefault();
              if (gone.current) focusList();
              else deleteButton.current?.focus();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle className="break-words">
                {deleteTitle ?? `Delete ${entityLabel}?`}
              </AlertDialogTitle>
              <AlertDialogDescription>{deleteQuestion(restorable)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>No</AlertDialogCancel>
              <AlertDialogAction
                disabled={pending}
                className="bg-red-600 text-white hover:bg-red-700"
                onClick={(e) => {
                  // Stay open until the server answers.
                  e.preventDefault();
                  run(onDelete, deleteSuccess);
                }}
              >
                {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                Yes
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      ) : null}
      {onRestore ? (
        <button
          type="button"
          className="dt-btn"
          aria-label={`Restore ${entityLabel}`}
          data-tip="Restore"
          onClick={() => run(onRestore, restoreSuccess)}
          disabled={pending}
        >
          {pending ? <Loader2 className="dt-i animate-spin" aria-hidden /> : <TableIcon name="restore" />}
        </button>
      ) : null}
    </div>
  );
}
