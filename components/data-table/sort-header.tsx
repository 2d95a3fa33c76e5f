"use client";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useListUrl } from "./url-state";

/** A sortable column header: toggles `sort=key` / `sort=-key` in the URL (the server whitelists the key). */
export function SortHeader({ label, sortKey }: { label: string; sortKey: string }) {
  const { params, update, pending } = useListUrl();
  const current = params.get("sort");
  const dir = current === sortKey ? "asc" : current === `-${sortKey}` ? "desc" : null;
  const next = dir === "asc" ? `-${sortKey}` : dir === "desc" ? null : sortKey;
  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
      aria-label={`Sort by ${label}${dir ? (dir === "asc" ? ", ascending" : ", descending") : ""}`}
      disabled={pending}
      onClick={() => update({ sort: next })}
    >
      {label}
      <Icon className={dir ? "size-3.5 text-teal-700" : "size-3.5 text-slate-400"} aria-hidden />
    </button>
  );
}

/** A column's header: sortable when given a sort key the list declares. */
export const sortable = (label: string, sortKey: string) => {
  const Header = () => <SortHeader label={label} sortKey={sortKey} />;
  return Header;
};
