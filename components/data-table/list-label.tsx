"use client";
import { createContext, useContext, type ReactNode } from "react";

const ListLabelContext = createContext<string | null>(null);

/** Names the list for the table inside it (its scroll region's label), from the list's title. */
export function ListLabel({ label, children }: { label: string; children: ReactNode }) {
  return <ListLabelContext value={label}>{children}</ListLabelContext>;
}

/** The enclosing list's name, or null outside a list screen. */
export const useListLabel = () => useContext(ListLabelContext);
