"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { ALL_ROWS_VALUE, PAGE_SIZE_OPTIONS } from "./page-sizes";
import { pageTurn, pagerState, type PageCursors, type PagerInput } from "./pager";
import { useListUrl } from "./url-state";

export type { PageCursors };

/** The pager's input (pager.ts: with `ceiling`, ALL shows that many rows; with `cursors`, deep pages go by keyset). */
type Props = PagerInput & {
  className?: string;
  /** Page sizes a list offers besides the usual ones (the customer walk requests' 5). */
  extraSizes?: readonly number[];
};

/** Rows-per-page (10…100 and ALL), 'first–last of count', previous and next; the state is the URL. */
export function Pagination({ className, extraSizes = [], ...input }: Props) {
  const { update, pending } = useListUrl();
  const { page, cursors } = input;
  const { asked, isAll, size, summary, noPrev, noNext } = pagerState(input);
  const sizes: number[] = [
    ...PAGE_SIZE_OPTIONS,
    ...extraSizes.filter((x) => !(PAGE_SIZE_OPTIONS as readonly number[]).includes(x)),
  ];
  if (!isAll && !sizes.includes(asked)) sizes.push(asked);
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
          value={isAll ? String(ALL_ROWS_VALUE) : String(asked)}
          onValueChange={(v) => update({ rowsPerPage: v })}
        >
          <SelectTrigger size="sm" className="h-8 w-[84px] bg-white" aria-labelledby="rows-per-page-label">
            <SelectValue>{isAll ? "ALL" : String(asked)}</SelectValue>
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
      <span aria-live="polite" className="tabular-nums" data-testid="page-summary">
        {summary}
      </span>
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Previous page"
          disabled={noPrev || pending}
          onClick={() => update(pageTurn(page, size, "prev", cursors), "push")}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label="Next page"
          disabled={noNext || pending}
          onClick={() => update(pageTurn(page, size, "next", cursors), "push")}
        >
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
