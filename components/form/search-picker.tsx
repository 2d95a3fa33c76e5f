"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Check, ChevronsUpDown, Loader2, Search } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/** A picked option as the picker shows it: `value` is what the form or the URL holds. */
export type PickedOption = {
  value: string;
  label: string;
  sublabel?: string | null;
  /** The source's facts about the row (e.g. a plan's dogs), when it has any. */
  data?: Record<string, number | string | null>;
};

/** One option as GET /api/options/<source> answers it. */
type Answered = {
  id: number;
  value: string;
  label: string;
  sublabel: string | null;
  data?: Record<string, number | string | null>;
};
type Page = { data: Answered[]; next: string | null };

const PAGE = 20;
const DEBOUNCE_MS = 250;
// First pages seen in this tab (per source, params and search), briefly, so reopening a picker shows at once.
const recent = new Map<string, { at: number; page: Page }>();
const FRESH_MS = 30_000;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : "Could not load options.");

async function fetchPage(url: string, signal: AbortSignal): Promise<Page> {
  const res = await fetch(url, { signal, headers: { accept: "application/json" } });
  if (!res.ok)
    throw new Error(res.status === 403 ? "You may not see these options." : "Could not load options.");
  return (await res.json()) as Page;
}

export type SearchPickerProps = {
  /** The option source's name (lib/options/option-sources.ts). */
  source: string;
  /** The source's other parameters (e.g. franchisee_id for a franchisee's walkers). */
  params?: Record<string, string>;
  /** Which answer field becomes the value: `id` (forms post numbers) or `value` (opaque, for URLs). */
  valueKey?: "id" | "value";
  /** The current value ("" for none). */
  value: string;
  /** The current value's label, as the server rendered it (no fetch on first paint). */
  selected: PickedOption | null;
  onChange: (option: PickedOption | null) => void;
  /** Shown when nothing is chosen. */
  placeholder: string;
  /** A first choice that is no row (e.g. "All (Franchisee)", "Not assigned"): picking it sends `value`. */
  none?: PickedOption;
  id?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  disabled?: boolean;
  className?: string;
  onBlur?: () => void;
};

/**
 * A combobox over a table that can grow: opens a search box over one page of options read on the server as you type
 * (debounced), "Show more" (or arrowing past the last) loads the next page by the last (name, id). Each option shows
 * its second line (employee code or phone, position). Keyboard: arrows, Home/End, Enter picks, Escape closes.
 */
export function SearchPicker({
  source,
  params,
  valueKey = "id",
  value,
  selected,
  onChange,
  placeholder,
  none,
  disabled,
  className,
  onBlur,
  ...aria
}: SearchPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [loaded, setLoaded] = useState<{
    url: string | null;
    items: PickedOption[];
    next: string | null;
    error: string | null;
  }>({ url: null, items: [], next: null, error: null });
  const [moreLoading, setMoreLoading] = useState(false);
  const [active, setActive] = useState(0);
  // Enter pressed before the typed search was sent or answered: the search whose first match it picks once answered.
  const pickOnLoad = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const toOption = (a: Answered): PickedOption => ({
    value: valueKey === "id" ? String(a.id) : a.value,
    label: a.label,
    sublabel: a.sublabel,
    ...(a.data ? { data: a.data } : {}),
  });
  const urlFor = (term: string, after: string | null) => {
    const q = new URLSearchParams(params ?? {});
    if (term) q.set("search", term);
    if (after) q.set("after", after);
    q.set("limit", String(PAGE));
    return `/api/options/${encodeURIComponent(source)}?${q}`;
  };
  const urlOf = (after: string | null) => urlFor(search, after);

  const pick = (o: PickedOption) => {
    onChange(none && o.value === none.value ? null : o);
    setOpen(false);
  };

  // Typing settles before the search is sent.
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  // The first page, whenever the picker opens or the search or parameters change (from this tab's recent pages
  // when fresh). `loaded.url` tells which request the items answer: loading is any other.
  const firstUrl = open ? urlOf(null) : null;
  useEffect(() => {
    if (!firstUrl) return;
    const hit = recent.get(firstUrl);
    const ctl = new AbortController();
    abort.current?.abort();
    abort.current = ctl;
    (hit && Date.now() - hit.at < FRESH_MS ? Promise.resolve(hit.page) : fetchPage(firstUrl, ctl.signal))
      .then((page) => {
        recent.set(firstUrl, { at: hit?.at ?? Date.now(), page });
        if (ctl.signal.aborted) return;
        setLoaded({ url: firstUrl, items: page.data.map(toOption), next: page.next, error: null });
        setActive(0);
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setLoaded({ url: firstUrl, items: [], next: null, error: messageOf(e) });
      });
    return () => ctl.abort();
    // toOption reads only valueKey, which is part of the url's effect through the answer's shape.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstUrl, valueKey]);

  const stale = loaded.url !== firstUrl;
  const items = stale ? [] : loaded.items;
  const next = stale ? null : loaded.next;
  const error = stale ? null : loaded.error;
  const loading = (open && stale) || moreLoading;

  // The Enter that waited for the answer of its search picks that answer's first choice (none when nothing matched),
  // once the answer is rendered: from this render's state and props, not from the request's callback (whose closure
  // and batching left the picker open after the pick), and only for the search it waited for.
  useEffect(() => {
    if (pickOnLoad.current == null || loaded.url !== pickOnLoad.current) return;
    pickOnLoad.current = null;
    if (loaded.error) return;
    const first = none && !search ? none : loaded.items[0];
    // Once per Enter, in answer to the request arriving (an external event): picking closes the picker.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (first) pick(first);
    // pick reads onChange and none of this render: the answer arriving is what runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  const more = () => {
    if (!next || loading) return;
    const ctl = new AbortController();
    abort.current = ctl;
    setMoreLoading(true);
    fetchPage(urlOf(next), ctl.signal)
      .then((page) => {
        setLoaded((l) => ({ ...l, items: [...l.items, ...page.data.map(toOption)], next: page.next }));
      })
      .catch((e: unknown) => {
        if (!ctl.signal.aborted) setLoaded((l) => ({ ...l, error: messageOf(e) }));
      })
      .finally(() => setMoreLoading(false));
  };

  const choices = none && !search ? [none, ...items] : items;
  const move = (to: number) => {
    if (choices.length === 0) return;
    if (to >= choices.length) {
      if (next) more();
      to = choices.length - 1;
    }
    const i = Math.max(0, to);
    setActive(i);
    listRef.current?.querySelector(`[data-index="${i}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  const shown = value ? (selected?.label ?? value) : (none?.label ?? "");

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setText("");
          setSearch("");
        } else {
          pickOnLoad.current = null;
          onBlur?.();
        }
      }}
    >
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          {...aria}
          className={cn(
            "border-input focus-visible:border-ring focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border bg-white px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:ring-[3px] disabled:cursor-not-allowed disabled:opacity-50",
            !shown && "text-muted-foreground",
            className,
          )}
        >
          <span className="truncate">{shown || placeholder}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        // Radix makes the popover a dialog: it is named after the picker.
        aria-label={aria["aria-label"] ?? placeholder}
        className="w-(--radix-popover-trigger-width) min-w-72 p-0"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement).querySelector("input")?.focus();
        }}
      >
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 shrink-0 text-slate-400" aria-hidden />
          <input
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-label={`Search ${aria["aria-label"] ?? placeholder}`}
            aria-activedescendant={choices.length ? optionId(active) : undefined}
            className="h-10 w-full bg-transparent text-sm outline-none placeholder:text-slate-500"
            placeholder="Type to search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              pickOnLoad.current = null;
            }}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") move(active + 1);
              else if (e.key === "ArrowUp") move(active - 1);
              else if (e.key === "Home" && e.ctrlKey) move(0);
              else if (e.key === "End" && e.ctrlKey) move(choices.length - 1);
              else if (e.key === "PageDown") move(active + 8);
              else if (e.key === "PageUp") move(active - 8);
              else if (e.key === "Enter") {
                // The typed text not yet searched (the debounce) or its answer not yet in: search now, pick its
                // first match when it arrives, not a choice of the list the text replaces.
                const typed = text.trim();
                if (typed !== search || stale) {
                  setSearch(typed);
                  pickOnLoad.current = urlFor(typed, null);
                } else if (choices[active]) pick(choices[active]);
              } else return;
              e.preventDefault();
            }}
          />
          {loading ? (
            <Loader2 className="size-4 shrink-0 animate-spin text-teal-600" aria-label="Loading" />
          ) : null}
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={aria["aria-label"] ?? placeholder}
          className="max-h-72 overflow-y-auto p-1"
        >
          {choices.map((o, i) => (
            <li
              key={`${o.value}-${i}`}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={o.value === value || (!value && none?.value === o.value)}
              className={cn(
                "flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm",
                i === active && "bg-accent text-accent-foreground",
              )}
              onMouseMove={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
            >
              <Check
                className={cn("mt-0.5 size-4 shrink-0", o.value === value ? "opacity-100" : "opacity-0")}
                aria-hidden
              />
              <span className="min-w-0">
                <span className="block truncate">{o.label}</span>
                {/* The second line is drawn from an attribute: part of the option's name, not of its text (the label). */}
                {o.sublabel ? (
                  <span
                    data-sublabel={o.sublabel}
                    className="block truncate text-xs text-slate-600 after:content-[attr(data-sublabel)]"
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <div className="border-t px-3 py-2 text-xs text-slate-600" aria-live="polite">
          {error ? (
            <span className="text-destructive">{error}</span>
          ) : loading && items.length === 0 ? (
            "Loading…"
          ) : items.length === 0 ? (
            search ? (
              `No match for "${search}".`
            ) : (
              "Nothing to choose."
            )
          ) : next ? (
            <button
              type="button"
              className="font-medium text-teal-800 underline-offset-2 hover:underline"
              onClick={more}
            >
              Show more
            </button>
          ) : (
            `${items.length} shown`
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
