"use client";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** Long cells are cut at 85 characters (spec 000 §2.7). */
const CELL_TEXT_MAX = 85;

/**
 * A table cell's text, cut at `max` characters with '...' and the full text in a tooltip when cut. Short text is
 * the bare text (the table's cells break long words themselves: `.dt-td`, `.ui-td`).
 */
export function CellText({ text, max = CELL_TEXT_MAX }: { text: string | null | undefined; max?: number }) {
  const full = text ?? "";
  if (full.length <= max) return full;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="cursor-default">
          {`${full.slice(0, max)}...`}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm break-words whitespace-pre-line">{full}</TooltipContent>
    </Tooltip>
  );
}
