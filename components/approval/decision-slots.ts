import type { ClientTransition } from "@/lib/platform/approval";
import type { DecisionDialogProps } from "./decision-dialog";

/** A cell's dialog props for a transition (its record, action, extra fields, onDone), read afresh at each render. */
export type DialogOf = (
  t: ClientTransition,
) => Omit<DecisionDialogProps, "open" | "onOpenChange" | "transition">;

/** The one open decision: the cell it belongs to (its record's key), the transition, and the cell's latest props. */
export type OpenDecision = { key: string; transition: ClientTransition; dialog: DialogOf };

export type DecisionSlots = ReturnType<typeof decisionSlots>;

/**
 * Which DecisionCell's dialog is open, kept above the list (DecisionHost) rather than in the cell: a list's refresh
 * (router.refresh after the previous decision) renders the table's columns anew, and a column's cell function is a
 * new component type then, so every cell remounts and any state of its own is lost; a dialog opened meanwhile on the
 * next row vanished before Confirm. Keyed by the record, the open dialog survives its cell's remount: a cell claims
 * its key while mounted, and a dialog whose cell is gone for good (no cell claims the key once the commit is over:
 * the user left the page) closes.
 */
export function decisionSlots(later: (f: () => void) => void = (f) => void setTimeout(f, 0)) {
  let open: OpenDecision | null = null;
  const mounted = new Map<string, number>();
  const listeners = new Set<() => void>();
  const set = (next: OpenDecision | null) => {
    if (next === open) return;
    open = next;
    for (const l of listeners) l();
  };
  const close = (key: string) => {
    if (open?.key === key) set(null);
  };
  return {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    get: () => open,
    open: (key: string, transition: ClientTransition, dialog: DialogOf) => set({ key, transition, dialog }),
    close,
    /** The cell's latest props, for its open dialog (none open for it: nothing changes). */
    update: (key: string, dialog: DialogOf) => {
      if (open?.key === key && open.dialog !== dialog) set({ ...open, dialog });
    },
    /** A cell of that record is mounted; the returned release is its unmount. */
    claim: (key: string) => {
      mounted.set(key, (mounted.get(key) ?? 0) + 1);
      return () => {
        const n = (mounted.get(key) ?? 1) - 1;
        if (n > 0) mounted.set(key, n);
        else mounted.delete(key);
        // A remount claims the key again in the same commit: only a key still unclaimed afterwards closes.
        later(() => {
          if (!mounted.has(key)) close(key);
        });
      };
    },
  };
}
