import type { ReactNode } from "react";

type Tone = "ok" | "no" | "muted";

/**
 * A list chip (status, KYC): one short class and a tone (app/globals.css `.dt-chip`), the look of the Badge.
 * `tip` shows as the table's tooltip (a chip outside a list table has none); chips are not tab stops.
 */
export function Chip({ tone, tip, children }: { tone: Tone; tip?: string; children: ReactNode }) {
  return (
    <span className={`dt-chip dt-chip-${tone}`} data-tip={tip}>
      {children}
    </span>
  );
}

type Props = {
  /** 1/true → Active, 0/false → Inactive (spec 000 §4). */
  active: number | boolean;
  /** Tooltip text; defaults to 'Status: Active' or 'Status: Inactive'. */
  label?: string;
};

/** The list status chip: 'Active' (green) or 'Inactive' (red), with a tooltip. */
export function StatusChip({ active, label }: Props) {
  const on = active === true || active === 1;
  const text = on ? "Active" : "Inactive";
  return (
    <Chip tone={on ? "ok" : "no"} tip={label ?? `Status: ${text}`}>
      {text}
    </Chip>
  );
}
