"use client";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

type Props = {
  /** 1/true → Active, 0/false → Inactive (spec 000 §4). */
  active: number | boolean;
  /** Tooltip text; defaults to 'Status: Active' or 'Status: Inactive'. */
  label?: string;
};

/** The list status chip: 'Active' (teal) or 'Inactive' (red), with a tooltip. */
export function StatusChip({ active, label }: Props) {
  const on = active === true || active === 1;
  const text = on ? "Active" : "Inactive";
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant={on ? "success" : "danger"} className="cursor-default">
          {text}
        </Badge>
      </TooltipTrigger>
      <TooltipContent>{label ?? `Status: ${text}`}</TooltipContent>
    </Tooltip>
  );
}
