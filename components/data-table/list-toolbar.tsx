"use client";
import { useRef, useState, useTransition } from "react";
import Link from "next/link";
import {
  ArchiveRestore,
  ChevronDown,
  Download,
  ListFilter,
  Loader2,
  Plus,
  Search,
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
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import type { ActionResult } from "@/lib/platform/mutations";
import { cn } from "@/lib/utils";
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
  kind?: "select" | "multi" | "dateRange" | "month";
  params?: { from: string; to: string };
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

  return (
    <div className={cn("flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between", className)}>
      <div className="flex flex-1 flex-wrap items-center gap-2">
        <SearchBox
          initial={params.get("search_keyword") ?? ""}
          placeholder={searchPlaceholder}
          pending={pending}
          onSearch={(v) => update({ search_keyword: v.trim() || null })}
        />
        {filters.map((f) =>
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
              className="w-full bg-white sm:w-44"
              value={params.get(f.param) ?? ""}
              onChange={(e) => update({ [f.param]: e.target.value || null })}
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
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {exportAction && !inTrash ? <ExportButton action={exportAction} params={params} /> : null}
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
  );
}

function SearchBox(props: {
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
    <div className="relative w-full sm:w-72">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
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
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{def.label}</legend>
      <Input
        type="date"
        aria-label={`${def.label} from`}
        className="w-40 bg-white"
        value={from}
        max={to || undefined}
        onChange={(e) => onChange(p.from, e.target.value)}
      />
      <span className="text-slate-400" aria-hidden>
        –
      </span>
      <Input
        type="date"
        aria-label={`${def.label} to`}
        className="w-40 bg-white"
        value={to}
        min={from || undefined}
        onChange={(e) => onChange(p.to, e.target.value)}
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
      <SelectTrigger className="w-full bg-white sm:w-44" aria-label={def.label}>
        <SelectValue placeholder={def.label} />
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
          className={cn(
            "w-full justify-between bg-white font-normal sm:w-44",
            names.length === 0 && "text-slate-500",
          )}
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

function ExportButton({ action, params }: { action: ExportAction; params: URLSearchParams }) {
  const dialogs = useDialogs();
  const [pending, start] = useTransition();
  const run = () =>
    start(async () => {
      const current = Object.fromEntries(params.entries());
      const r = await action(current).catch(() => null);
      if (!r) return dialogs.error("Something went wrong. Please try again.");
      if (!r.ok) return reportFailure(dialogs, r);
      // Opened after the answer: a blocked pop-up falls back to this tab (the link is a download).
      const w = window.open(r.data.url, "_blank");
      if (w) w.opener = null;
      else window.location.assign(r.data.url);
    });
  return (
    <Button type="button" variant="outline" onClick={run} disabled={pending}>
      {pending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : (
        <Download className="size-4" aria-hidden />
      )}
      Export
    </Button>
  );
}
