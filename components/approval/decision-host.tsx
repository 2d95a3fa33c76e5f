"use client";
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";
import { DecisionDialog } from "./decision-dialog";
import { decisionSlots, type DecisionSlots } from "./decision-slots";

const Host = createContext<DecisionSlots | null>(null);

/** The host above the page's lists (the portal's shell), if any: DecisionCell opens its dialog there. */
export const useDecisionHost = () => useContext(Host);

/**
 * Renders the open DecisionCell's dialog above the lists, so a refresh that remounts the cell (a table's columns
 * built anew) leaves the dialog open, with what was typed in it (decision-slots.ts).
 */
export function DecisionHost({ children }: { children: ReactNode }) {
  const [slots] = useState(decisionSlots);
  const open = useSyncExternalStore(slots.subscribe, slots.get, slots.get);
  return (
    <Host value={slots}>
      {children}
      {open ? (
        <DecisionDialog
          key={`${open.key}:${open.transition.name}`}
          open
          onOpenChange={(o) => !o && slots.close(open.key)}
          transition={open.transition}
          {...open.dialog(open.transition)}
        />
      ) : null}
    </Host>
  );
}
