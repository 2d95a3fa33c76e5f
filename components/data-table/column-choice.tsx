"use client";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { ColumnChoice } from "./column-fit";

const ColumnChoiceOwner = createContext("anonymous");

/**
 * Whose column choices the lists below remember (the signed-in user's opaque key, given by the shell): a choice is
 * kept per user and list in this browser's localStorage.
 */
export function ColumnChoiceScope({ owner, children }: { owner: string; children: ReactNode }) {
  return <ColumnChoiceOwner value={owner}>{children}</ColumnChoiceOwner>;
}

/** The key a list's column choice is kept under: the user's, then the list's name. */
export const columnChoiceKey = (owner: string, list: string) => `dt-columns:${owner}:${list}`;

/**
 * The user's column choice for the list named `list` (shown / hidden by column id), read after the first render (the
 * server renders the defaults) and written back on every change; an unreadable or full storage keeps the defaults.
 */
export function useColumnChoice(list: string) {
  const key = columnChoiceKey(useContext(ColumnChoiceOwner), list);
  const [choice, setChoice] = useState<ColumnChoice>({});
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? "{}") as unknown;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser, after hydration
      setChoice(saved && typeof saved === "object" ? (saved as ColumnChoice) : {});
    } catch {
      setChoice({});
    }
  }, [key]);
  const save = (next: ColumnChoice) => {
    setChoice(next);
    try {
      if (Object.keys(next).length) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
    } catch {
      // Private mode or a full storage: the choice lasts for this page only.
    }
  };
  return [choice, save] as const;
}
