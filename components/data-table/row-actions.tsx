"use client";
import { useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArchiveRestore, Loader2, Pencil, Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import type { ActionResult } from "@/lib/platform/mutations";

type RowAction = () => Promise<ActionResult<unknown>>;

type Props = {
  /** Edit screen of the row; omitted when the caller may not edit (or in the trash view). */
  editHref?: string;
  onDelete?: RowAction;
  onRestore?: RowAction;
  /** Success texts, word for word from the spec, e.g. 'User deleted successfully.' (shown as a toast). */
  deleteSuccess?: string;
  restoreSuccess?: string;
  /** The row's name, for the buttons' accessible labels and the confirmation. */
  entityLabel: string;
  /** A deleted row goes to the trash view, from where it can be restored; else the delete is final. */
  restorable?: boolean;
};

/** The confirmation's text: the spec's question, then where the record goes. */
export function deleteQuestion(restorable: boolean): string {
  return restorable
    ? "Are you sure you want to delete this? It moves to the trash, from where it can be restored."
    : "Are you sure you want to delete this? It cannot be restored.";
}

/**
 * The Action column: edit link, delete (after a confirmation that names the record) or restore. Success is the
 * shell's toast with the spec's text; failures answer as spec 000 §8 says.
 */
export function RowActions({
  editHref,
  onDelete,
  onRestore,
  deleteSuccess = "Deleted successfully.",
  restoreSuccess = "Restored successfully.",
  entityLabel,
  restorable = false,
}: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();
  const cell = useRef<HTMLDivElement>(null);
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

  return (
    <div ref={cell} className="flex items-center gap-0.5">
      {editHref ? (
        <IconTip label="Edit">
          <Button
            asChild
            variant="ghost"
            size="icon"
            className="size-7 text-teal-700 hover:bg-teal-100 hover:text-teal-800"
          >
            <Link href={editHref} aria-label={`Edit ${entityLabel}`}>
              <Pencil className="size-4" aria-hidden />
            </Link>
          </Button>
        </IconTip>
      ) : null}
      {onDelete ? (
        <AlertDialog
          open={confirming}
          onOpenChange={(open) => {
            if (pending) return;
            if (open) gone.current = false;
            setConfirming(open);
          }}
        >
          <IconTip label="Delete">
            {/* A dialog trigger, so closing the dialog returns focus to this button (radix). */}
            <AlertDialogTrigger asChild>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7 text-red-600 hover:bg-red-100 hover:text-red-700"
                aria-label={`Delete ${entityLabel}`}
                disabled={pending}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </AlertDialogTrigger>
          </IconTip>
          <AlertDialogContent
            data-testid="confirm-delete"
            onCloseAutoFocus={(e) => {
              if (!gone.current) return;
              e.preventDefault();
              focusList();
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle className="break-words">{`Delete ${entityLabel}?`}</AlertDialogTitle>
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
        <IconTip label="Restore">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7 text-teal-700 hover:bg-teal-100 hover:text-teal-800"
            aria-label={`Restore ${entityLabel}`}
            onClick={() => run(onRestore, restoreSuccess)}
            disabled={pending}
          >
            {pending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <ArchiveRestore className="size-4" aria-hidden />
            )}
          </Button>
        </IconTip>
      ) : null}
    </div>
  );
}

function IconTip({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
