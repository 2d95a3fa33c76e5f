"use client";
import { useState, useTransition } from "react";
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
  /** Success popup texts, word for word from the spec, e.g. 'User deleted successfully.' */
  deleteSuccess?: string;
  restoreSuccess?: string;
  /** The row's name, for the buttons' accessible labels. */
  entityLabel: string;
};

/** The Action column: edit link, delete (after a confirm) or restore; failures answer as spec 000 §8 says. */
export function RowActions({
  editHref,
  onDelete,
  onRestore,
  deleteSuccess = "Deleted successfully.",
  restoreSuccess = "Restored successfully.",
  entityLabel,
}: Props) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();

  const run = (action: RowAction, successText: string) =>
    start(async () => {
      const r = await settle(action);
      setConfirming(false);
      if (!r.ok) return reportFailure(dialogs, r);
      dialogs.success(successText);
      router.refresh();
    });

  return (
    <div className="flex items-center gap-1">
      {editHref ? (
        <IconTip label="Edit">
          <Button
            asChild
            variant="ghost"
            size="icon"
            className="size-8 text-teal-700 hover:bg-teal-50 hover:text-teal-800"
          >
            <Link href={editHref} aria-label={`Edit ${entityLabel}`}>
              <Pencil className="size-4" aria-hidden />
            </Link>
          </Button>
        </IconTip>
      ) : null}
      {onDelete ? (
        <>
          <IconTip label="Delete">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 text-red-600 hover:bg-red-50 hover:text-red-700"
              aria-label={`Delete ${entityLabel}`}
              onClick={() => setConfirming(true)}
              disabled={pending}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </IconTip>
          <AlertDialog open={confirming} onOpenChange={(open) => (pending ? undefined : setConfirming(open))}>
            <AlertDialogContent data-testid="confirm-delete">
              <AlertDialogHeader>
                <AlertDialogTitle>Warning</AlertDialogTitle>
                <AlertDialogDescription>Are you sure you want to delete this?</AlertDialogDescription>
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
        </>
      ) : null}
      {onRestore ? (
        <IconTip label="Restore">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-teal-700 hover:bg-teal-50 hover:text-teal-800"
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
