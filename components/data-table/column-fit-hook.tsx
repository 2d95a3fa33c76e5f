"use client";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Columns3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { hiddenColumns, resolveColumns, type FitColumn, type FitState } from "./column-fit";
import { useColumnChoice } from "./column-choice";
import { sortOf } from "./sort-header";

/** A phone: the lists show cards (the `md` breakpoint, as the CSS's). */
const PHONE = "(width < 48rem)";

/** A column's header as text: its string, a sortable header's label, else its id. */
function headerText<T>(c: ColumnDef<T>, id: string): string {
  if (typeof c.header === "string") return c.header;
  return sortOf(c.header)?.label ?? id;
}

/**
 * Which columns the table shows in its box, measured in the browser: a ResizeObserver on the scroll box and the
 * table reports every change of either; the columns' natural widths are measured once per page of rows (every
 * column shown at max-content for one synchronous layout, never painted) and the lowest-priority columns hide until
 * the rest fit (column-fit.ts). On a phone the rows are cards and the non-card columns go to the row's detail.
 * Before the first measure (`state` null) the server's container-query guess applies.
 */
export function useColumnFit<T>(
  all: ColumnDef<T>[],
  list: string,
  box: RefObject<HTMLDivElement | null>,
  data: T[],
) {
  const scope = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const cols: FitColumn[] = resolveColumns(
    all.map((c) => {
      const id = c.id ?? (c as { accessorKey?: string }).accessorKey ?? "";
      const m = c.meta;
      return { id, label: headerText(c, id), ...m };
    }),
  );
  const [choice, setChoice] = useColumnChoice(list);
  const [state, setState] = useState<FitState | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef({ cols, choice });
  const widths = useRef<Record<string, number> | null>(null);
  const compute = useRef(() => {});
  useEffect(() => {
    latest.current = { cols, choice };
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const phone = matchMedia(PHONE);
    compute.current = () => {
      const table = el.querySelector("table");
      if (!table) return;
      const { cols, choice } = latest.current;
      let next: FitState;
      if (phone.matches) {
        next = { phone: true, hidden: cols.filter((c) => !c.card && c.role === "data").map((c) => c.id) };
      } else {
        widths.current ??= naturalWidths(el, table, cols);
        next = { phone: false, hidden: hiddenColumns(cols, el.clientWidth - 1, widths.current, choice) };
        // The frozen title sits just right of Sr No, whatever Sr No's width (the detail toggle widens it).
        const sr = table.tHead?.rows[0]?.cells[0];
        if (sr) el.style.setProperty("--dt-sr", `${sr.offsetWidth}px`);
      }
      setState((s) => (s && s.phone === next.phone && s.hidden.join() === next.hidden.join() ? s : next));
    };
    const ro = new ResizeObserver(() => compute.current());
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    const change = () => compute.current();
    phone.addEventListener("change", change);
    return () => {
      ro.disconnect();
      phone.removeEventListener("change", change);
    };
  }, [box]);

  // New rows (another page, a refresh after a change) or a new choice: measure again.
  useEffect(() => {
    widths.current = null;
    compute.current();
  }, [data, choice]);

  return {
    scope,
    cols,
    state,
    choice,
    open,
    /** Opens or closes a row's detail. */
    toggle: (rowId: string) =>
      setOpen((o) => {
        const n = new Set(o);
        if (!n.delete(rowId)) n.add(rowId);
        return n;
      }),
    /** Shows or hides a column by the user's choice (null: back to fitting), remembered per user and list. */
    choose: (id: string, v: "show" | "hide" | null) => {
      const next = { ...choice };
      if (v) next[id] = v;
      else delete next[id];
      setChoice(next);
    },
    reset: () => setChoice({}),
  };
}

/**
 * Every column's natural width (px): the table laid out once at max-content with every column and no detail rows
 * (the box's `data-fit="measure"`, app/globals.css), read, and put back before anything is painted.
 */
function naturalWidths(box: HTMLElement, table: HTMLTableElement, cols: FitColumn[]): Record<string, number> {
  const mode = box.dataset.fit;
  box.dataset.fit = "measure";
  table.style.width = "max-content";
  table.style.minWidth = "0";
  const cells = table.tHead?.rows[0]?.cells;
  const out: Record<string, number> = {};
  cols.forEach((c, i) => {
    const w = cells?.[i]?.getBoundingClientRect().width;
    if (w) out[c.id] = Math.ceil(w);
  });
  table.style.width = "";
  table.style.minWidth = "";
  if (mode) box.dataset.fit = mode;
  return out;
}

/**
 * The column menu above a table (laptop sizes): every column but Sr No, the title, Status and Action, ticked when
 * shown. A column ticked by the user stays shown even when the table must then scroll; unticked, it goes to the
 * rows' detail. 'Fit to width' forgets the choice.
 */
export function ColumnMenu({ fit }: { fit: ReturnType<typeof useColumnFit> }) {
  const hidden = new Set(fit.state?.phone ? [] : (fit.state?.hidden ?? []));
  const offered = fit.cols.filter((c) => !c.locked);
  if (!offered.length) return null;
  return (
    // Tucked into the toolbar's bottom padding (-mt-3): the list keeps the height it had before the menu (a 10-row
    // page of users still ends above a 768 px laptop's fold, tests/e2e/lists.spec.ts).
    <div className="-mt-3 hidden items-center justify-end gap-2 px-4 pb-1.5 text-xs text-slate-600 md:flex">
      {fit.state && hidden.size ? (
        <span data-testid="hidden-columns">
          {hidden.size} {hidden.size === 1 ? "column" : "columns"} in the rows&apos; details
        </span>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm" className="h-6 gap-1.5 px-2 text-xs">
            <Columns3 className="size-3.5" aria-hidden />
            Columns
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-[min(28rem,70dvh)] overflow-y-auto">
          <DropdownMenuLabel>Show columns</DropdownMenuLabel>
          {offered.map((c) => (
            <DropdownMenuCheckboxItem
              key={c.id}
              checked={!hidden.has(c.id)}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(v) => fit.choose(c.id, v ? "show" : "hide")}
            >
              {c.label}
            </DropdownMenuCheckboxItem>
          ))}
          {Object.keys(fit.choice).length ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={fit.reset}>Fit to width</DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
