"use client";
import { useRef, useState } from "react";
import { QuietLink as Link } from "@/components/nav/quiet-link";
import {
  ArchiveRestore,
  ChevronDown,
  ListFilter,
  Loader2,
  Plus,
  Search,
  SlidersHorizontal,
  Trash2,
  X,
} from "lucide-react";
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
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { DateInput } from "@/components/form/date-field";
import { isIsoDate } from "@/lib/date-text";
import type { ActionResult } from "@/lib/platform/mutations";
import { cn } from "@/lib/utils";
import { activeFilters, clearAll, type FilterChip } from "./active-filters";
import { ExportMenu } from "./export-menu";
import { SearchPicker } from "@/components/form/search-picker";
import { useListUrl } from "./url-state";

/**
 * A list filter (lib/platform/list.ts `filterBar` builds them from the list declaration): one URL parameter;
 * `multiple` or kind "multi" keeps a comma list (e.g. position_id=1,2); "dateRange" reads two date parameters,
 * "month" one YYYY-MM parameter.
 */
export type FilterDef = {
  param: string;
  label: string;
  options: { value: string; label: string }[];
  multiple?: boolean;
  kind?: "select" | "multi" | "dateRange" | "month" | "search";
  params?: { from: string; to: string };
  /**
   * kind "search": the option source searched on the server as you type (lib/options); `options` then holds only the
   * chosen value's option, named by the server (the trigger and the chip show it without a fetch).
   */
  source?: string;
  sourceParams?: Record<string, string>;
};

export type ExportAction = (params: Record<string, string>) => Promise<ActionResult<{ url: string }>>;

type Props = {
  searchPlaceholder?: string;
  filters?: FilterDef[];
  createHref?: string;
  createLabel?: string;
  /** Returns a download link, opened in a new tab (spec 000 §2.7). */
  exportAction?: ExportAction;
  /** Whether the trash view may be opened (the open_trash flag). */
  trash?: boolean;
  className?: string;
};

const ALL = "__all__";
const SEARCH = "search_keyword";
/** A filter's width: two a row on a phone, a fixed width beside each other from sm up. */
const HALF = "w-[calc(50%-0.25rem)] sm:w-44";

/** Search (on Enter or when cleared), filters, create, export and the trash toggle of a list; all state is the URL. */
export function ListToolbar({
  searchPlaceholder = "Search",
  filters = [],
  createHref,
  createLabel = "Add",
  exportAction,
  trash,
  className,
}: Props) {
  const { params, pending, hrefWith, update } = useListUrl();
  const inTrash = params.get("open_trash") === "1" || params.get("show_deleted") === "1";
  const searchRef = useRef<HTMLInputElement>(null);
  const chips = activeFilters(params, filters);
  const [sheetOpen, setSheetOpen] = useState(false);

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-1 flex-wrap items-center gap-2">
          <SearchBox
            inputRef={searchRef}
            initial={params.get(SEARCH) ?? ""}
            placeholder={searchPlaceholder}
            pending={pending}
            onSearch={(v) => update({ [SEARCH]: v.trim() || null })}
          />
          {filters.length > 0 ? (
            <>
              {/* On a phone the filters fold into one button and a sheet; from md up they stand in the row. */}
              <PhoneFilters
                count={chips.filter((c) => c.key !== SEARCH).length}
                open={sheetOpen}
                onOpenChange={setSheetOpen}
              >
                <FilterControls filters={filters} params={params} update={update} />
              </PhoneFilters>
              {/* Not rendered while the sheet is open: each filter is in the page once, for people and tests alike. */}
              {sheetOpen ? null : (
                <div className="hidden md:contents">
                  <FilterControls filters={filters} params={params} update={update} />
                </div>
              )}
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {exportAction && !inTrash ? <ExportMenu action={exportAction} params={params} /> : null}
          {trash ? (
            <Button asChild variant="outline">
              <Link href={hrefWith({ open_trash: inTrash ? null : "1", show_deleted: null })} scroll={false}>
                {inTrash ? (
                  <ArchiveRestore className="size-4" aria-hidden />
                ) : (
                  <Trash2 className="size-4" aria-hidden />
                )}
                {inTrash ? "Back to list" : "Trash"}
              </Link>
            </Button>
          ) : null}
          {createHref && !inTrash ? (
            <Button asChild>
              <Link href={createHref}>
                <Plus className="size-4" aria-hidden />
                {createLabel}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <FilterChips
        chips={chips}
        onClear={(changes) => update(changes)}
        focusFallback={() => searchRef.current?.focus()}
      />
    </div>
  );
}

/** The list's filters, one control each, all state in the URL. */
function FilterControls({
  filters,
  params,
  update,
}: {
  filters: FilterDef[];
  params: Pick<URLSearchParams, "get">;
  update: (changes: Record<string, string | null>) => void;
}) {
  return filters.map((f) =>
    f.kind === "dateRange" && f.params ? (
      <DateRangeFilter
        key={f.param}
        def={f}
        from={params.get(f.params.from) ?? ""}
        to={params.get(f.params.to) ?? ""}
        onChange={(k, v) => update({ [k]: v || null })}
      />
    ) : f.kind === "month" ? (
      <Input
        key={f.param}
        type="month"
        aria-label={f.label}
        title={f.label}
        className={cn(HALF, "bg-white")}
        value={params.get(f.param) ?? ""}
        onChange={(e) => update({ [f.param]: e.target.value || null })}
      />
    ) : f.kind === "search" && f.source ? (
      <SearchPicker
        key={f.param}
        source={f.source}
        params={f.sourceParams}
        valueKey="value"
        value={params.get(f.param) ?? ""}
        selected={f.options.find((o) => o.value === params.get(f.param)) ?? null}
        none={{ value: ALL, label: `All (${f.label})` }}
        placeholder={f.label}
        aria-label={f.label}
        className={HALF}
        onChange={(o) => update({ [f.param]: o?.value ?? null })}
      />
    ) : f.multiple || f.kind === "multi" ? (
      <MultiFilter
        key={f.param}
        def={f}
        value={(params.get(f.param) ?? "").split(",").filter(Boolean)}
        onChange={(vals) => update({ [f.param]: vals.join(",") || null })}
      />
    ) : (
      <SingleFilter
        key={f.param}
        def={f}
        value={params.get(f.param) ?? ""}
        onChange={(v) => update({ [f.param]: v || null })}
      />
    ),
  );
}

/**
 * Below md: one 'Filters (n)' button (n = the filters in use, the search not counted) opening a sheet with the
 * filters, each applied as it is chosen, the list updating behind. The sheet's controls mount only while it is open.
 */
function PhoneFilters({
  count,
  open,
  onOpenChange,
  children,
}: {
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button type="button" variant="outline" className="bg-white md:hidden">
          <SlidersHorizontal className="size-4" aria-hidden />
          {`Filters (${count})`}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom" className="max-h-[85dvh] gap-0 overflow-y-auto md:hidden">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Each filter applies as you choose it.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-wrap gap-2 px-4 pb-2">{children}</div>
        <SheetFooter>
          <SheetClose asChild>
            <Button type="button">Done</Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/**
 * The active filters as chips, each removable, and 'Clear all' (search and filters; page size, sort and the trash
 * view stay). A removed chip's button leaves the page, so focus moves to the next chip, else to the search box.
 */
function FilterChips({
  chips,
  onClear,
  focusFallback,
}: {
  chips: FilterChip[];
  onClear: (changes: Record<string, null>) => void;
  focusFallback: () => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (chips.length === 0) return null;
  const remove = (i: number) => {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-chip]");
    const next = buttons?.[i + 1] ?? buttons?.[i - 1];
    if (next) next.focus();
    else focusFallback();
    onClear(chips[i].clear);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600" id="active-filters-label">
        Filtered by
      </span>
      <ul ref={list} className="flex flex-wrap items-center gap-2" aria-labelledby="active-filters-label">
        {chips.map((c, i) => (
          <li
            key={c.key}
            className="inline-flex max-w-full items-center gap-0.5 rounded-full border border-teal-200 bg-teal-50 py-0.5 pr-0.5 pl-3 text-teal-900"
          >
            <span className="truncate">
              <span className="font-medium">{c.label}:</span> {c.value}
            </span>
            <button
              type="button"
              data-chip
              aria-label={`Remove filter ${c.label}`}
              className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-teal-800 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              onClick={() => remove(i)}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-teal-800 hover:bg-teal-50"
        onClick={() => {
          focusFallback();
          onClear(clearAll(chips));
        }}
      >
        Clear all
      </Button>
    </div>
  );
}

function SearchBox({
  inputRef,
  ...props
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  initial: string;
  placeholder: string;
  pending: boolean;
  onSearch: (v: string) => void;
}) {
  const [value, setValue] = useState(props.initial);
  // A URL change from elsewhere (back button, trash toggle) shows the URL's keyword again.
  const [shown, setShown] = useState(props.initial);
  if (shown !== props.initial) {
    setShown(props.initial);
    setValue(props.initial);
  }
  return (
    <div className="relative w-full sm:w-96">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        ref={inputRef}
        type="search"
        aria-label="Search"
        placeholder={props.placeholder}
        value={value}
        className="bg-white pr-8 pl-8"
        onChange={(e) => {
          setValue(e.target.value);
          // Clearing the box fetches at once (spec 000 §2.7); typing waits for Enter.
          if (e.target.value === "" && props.initial !== "") props.onSearch("");
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            props.onSearch(value);
          }
        }}
      />
      {props.pending ? (
        <Loader2
          className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-teal-600"
          aria-label="Loading"
        />
      ) : null}
    </div>
  );
}

function DateRangeFilter({
  def,
  from,
  to,
  onChange,
}: {
  def: FilterDef;
  from: string;
  to: string;
  onChange: (param: string, v: string) => void;
}) {
  const p = def.params!;
  // Only a whole date (or a cleared field) reaches the URL; a half-typed one waits.
  const apply = (param: string) => (v: string) => {
    if (v === "" || isIsoDate(v)) onChange(param, v);
  };
  return (
    // A phone gives each date a row of its own (a whole DD-MM-YYYY in view); from sm up the two stand side by side.
    <fieldset className="grid w-full min-w-0 grid-cols-[auto_1fr] items-center gap-2 sm:flex sm:w-auto">
      <legend className="sr-only">{def.label}</legend>
      <span className="text-sm text-slate-600" aria-hidden>
        From
      </span>
      <DateInput
        aria-label={`${def.label} From`}
        label={`${def.label} From`}
        className="sm:w-40"
        value={from}
        max={to || undefined}
        onValueChange={apply(p.from)}
      />
      <span className="text-sm text-slate-600" aria-hidden>
        To
      </span>
      <DateInput
        aria-label={`${def.label} To`}
        label={`${def.label} To`}
        className="sm:w-40"
        value={to}
        min={from || undefined}
        onValueChange={apply(p.to)}
      />
    </fieldset>
  );
}

function SingleFilter({
  def,
  value,
  onChange,
}: {
  def: FilterDef;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Select value={value === "" ? ALL : value} onValueChange={(v) => onChange(v === ALL ? "" : v)}>
      <SelectTrigger className={cn(HALF, "bg-white")} aria-label={def.label}>
        {/* The label given, not mirrored from the items: those mount only after hydration (a blank until then). */}
        <SelectValue placeholder={def.label}>
          {value === "" ? `All (${def.label})` : (def.options.find((o) => o.value === value)?.label ?? value)}
        </SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{`All (${def.label})`}</SelectItem>
        {def.options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function MultiFilter({
  def,
  value,
  onChange,
}: {
  def: FilterDef;
  value: string[];
  onChange: (v: string[]) => void;
}) {
  // Changes are collected while the menu is open and written to the URL once it closes: one fetch per choice.
  const [draft, setDraftState] = useState<string[] | null>(null);
  const latest = useRef<string[] | null>(null);
  const setDraft = (next: string[] | null) => {
    latest.current = next;
    setDraftState(next);
  };
  const chosen = draft ?? value;
  const names = def.options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  const summary =
    names.length === 0 ? def.label : names.length === 1 ? names[0] : `${def.label}: ${names.length}`;

  return (
    <DropdownMenu
      onOpenChange={(open) => {
        if (open) return setDraft(value);
        const next = latest.current;
        if (next && next.join(",") !== value.join(",")) onChange(next);
        setDraft(null);
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="outline"
          aria-label={`${def.label} filter`}
          className={cn(HALF, "justify-between bg-white font-normal", names.length === 0 && "text-slate-500")}
        >
          <span className="flex min-w-0 items-center gap-2">
            <ListFilter className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{summary}</span>
          </span>
          <ChevronDown className="size-4 shrink-0 opacity-50" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-56 overflow-y-auto">
        <DropdownMenuLabel>{def.label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {def.options.map((o) => (
          <DropdownMenuCheckboxItem
            key={o.value}
            checked={chosen.includes(o.value)}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={(on) => {
              const rest = chosen.filter((v) => v !== o.value);
              setDraft(on ? [...rest, o.value] : rest);
            }}
          >
            {o.label}
          </DropdownMenuCheckboxItem>
        ))}
        {chosen.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setDraft([])}>
              <X className="size-4" aria-hidden /> Clear
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
