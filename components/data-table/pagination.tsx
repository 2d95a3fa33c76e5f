"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { ALL_ROWS_VALUE, PAGE_SIZE_OPTIONS } from "./page-sizes";
import { useListUrl } from "./url-state";

type Props = { count: number; estimated?: boolean; page: number; rowsPerPage: number; className?: string };

/** The server caps ALL at this many rows a page (lib/platform/list.ts MAX_PAGE_ROWS): such a page is ALL. */
const ALL_CEILING = 10_000;

/** Rows-per-page (10…100 and ALL), 'first–last of count', previous and next; the state is the URL. */
export function Pagination({ count, estimated, page, rowsPerPage, className }: Props) {
  const { update, pending } = useListUrl();
  const size = rowsPerPage > 0 ? rowsPerPage : PAGE_SIZE_OPTIONS[0];
  const isAll = size >= ALL_CEILING;
  const pages = Math.max(1, Math.ceil(count / size));
  const first = count === 0 ? 0 : Math.min(count, (page - 1) * size + 1);
  const last = Math.min(count, page * size);
  const sizes: number[] = [...PAGE_SIZE_OPTIONS];
  if (!isAll && !sizes.includes(size)) sizes.push(size);
  sizes.sort((a, b) => a - b);

  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-end gap-x-6 gap-y-2 px-4 py-3 text-sm text-slate-600",
        pending && "opacity-70",
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <span id="rows-per-page-label">Rows per page</span>
        <Select
          value={isAll ? String(ALL_ROWS_VALUE) : String(size)}
          onValueChange={(v) => update({ rowsPerPage: v })}
        >
          <SelectTrigger size="sm" className="h-8 w-[84px] bg-white" aria-labelledby="rows-per-page-label">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {sizes.map((s) => (
              <SelectItem key={s} value={String(s)}>
                {s}
              </SelectItem>
            ))}
            <SelectItem value={String(ALL_ROWS_VALUE)}>ALL</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <span aria-live="polite" className="tabular-nums">
        {first}–{last} of {estimated ? `about ${count.toLocaleString("en-IN")}` : count}
      </span>
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Previous page"
          disabled={page <= 1 || pending}
          onClick={() => update({ page: page - 1 <= 1 ? null : String(page - 1) }, "push")}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Next page"
          disabled={page >= pages || pending}
          onClick={() => update({ page: String(page + 1) }, "push")}
        >
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
