"use client";
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { DefaultValues, FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
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

export const CONFLICT_TITLE = "This record was changed";
export const CONFLICT_HELP =
  "Reload brings in their changes to the fields you did not change; what you typed stays. Keep mine saves yours over theirs when you save again.";

/** Whether two form values are the same (files by identity; everything else by its JSON). */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof File || b instanceof File) return a === b;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * An edit form's version, and its answer to a stale save (409 from the server, with the current version): a dialog
 * naming who changed the record and when, offering
 * - Reload: the page's record is read again (router.refresh); the fields the user did not change take the fresh
 *   values, the ones they changed keep what they typed, and the form carries the fresh version — so nobody's change
 *   is lost without a look;
 * - Keep mine: the form takes the current version and keeps every typed value, so the next Save overwrites knowingly.
 * Closing the dialog changes nothing (a Save is refused again).
 */
export function useEditConflict<T extends FieldValues>(
  form: UseFormReturn<T>,
  o: { version?: string; initial: DefaultValues<T> },
) {
  const router = useRouter();
  const [version, setVersion] = useState(o.version);
  const [conflict, setConflict] = useState<{ message: string; version?: string } | null>(null);
  // What a Reload keeps: the typed values, the values the form started from, and the version it was opened on.
  const keep = useRef<{
    typed: Record<string, unknown>;
    base: Record<string, unknown>;
    from?: string;
  } | null>(null);
  const [reloading, setReloading] = useState(false);
  const latest = useRef(o.initial);
  useEffect(() => {
    latest.current = o.initial;
  });

  // The page's fresh record arrived (a new version): its values, with the fields the user changed kept as typed.
  useEffect(() => {
    const k = keep.current;
    if (!k || o.version === k.from) return;
    keep.current = null;
    form.reset(latest.current);
    for (const [name, v] of Object.entries(k.typed))
      if (!same(v, k.base[name]))
        form.setValue(name as Path<T>, v as PathValue<T, Path<T>>, { shouldDirty: true });
    setVersion(o.version);
    setReloading(false);
  }, [o.version, form]);

  const dialog = (
    <AlertDialog open={conflict != null} onOpenChange={(open) => (open ? undefined : setConflict(null))}>
      <AlertDialogContent data-testid="conflict-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{CONFLICT_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{conflict?.message}</AlertDialogDescription>
          <p className="text-muted-foreground text-sm">{CONFLICT_HELP}</p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel
            onClick={() => {
              if (conflict?.version) setVersion(conflict.version);
            }}
          >
            Keep mine
          </AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              keep.current = {
                typed: form.getValues() as Record<string, unknown>,
                base: (o.initial ?? {}) as Record<string, unknown>,
                from: o.version,
              };
              setReloading(true);
              router.refresh();
            }}
          >
            Reload
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return {
    /** The version the next save sends. */
    version,
    reloading,
    /** A form that stays open after a save (My Profile) takes the saved record's version for its next save. */
    adopt(saved: string | null | undefined) {
      if (saved) setVersion(saved);
    },
    /** Takes a failed save's answer: true when it was a stale save (the dialog opens). */
    onFailure(r: { status: number; message: string; version?: string }): boolean {
      if (r.status !== 409 || !r.version) return false;
      setConflict({ message: r.message, version: r.version });
      return true;
    },
    dialog,
  };
}
