import Link from "next/link";
import type { ReactNode } from "react";
import type { Figure, PendingFigure, WalkPeriod } from "@/lib/admin/home-figures";
import { formatRupees } from "@/lib/format";
import { ageText } from "@/lib/approvals/age";

const num = (n: number) => n.toLocaleString("en-IN");

/** A figure: its value, linking to the list that explains it (plain text when the caller may not open that list). */
export function FigureValue({
  figure,
  money,
  className,
}: {
  figure: Figure;
  money?: boolean;
  className?: string;
}) {
  // NaN: not known (still loading, or its load failed): a dash.
  const text = Number.isNaN(figure.value) ? "—" : money ? formatRupees(figure.value) : num(figure.value);
  const cls = `tabular-nums ${className ?? ""}`;
  return figure.href ? (
    <Link
      href={figure.href}
      className={`${cls} rounded text-teal-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none`}
      aria-label={`${figure.label}: ${text}`}
    >
      {text}
    </Link>
  ) : (
    <span className={cls}>{text}</span>
  );
}

/** A figure as a card (label above, value below). */
export function FigureCard({
  figure,
  tone,
  money,
}: {
  figure: Figure;
  tone?: "warn" | "ok";
  money?: boolean;
}) {
  const ring =
    tone === "warn" && figure.value > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white";
  return (
    <div className={`rounded-xl border p-4 shadow-sm ${ring}`}>
      <p className="text-sm text-slate-700">{figure.label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">
        <FigureValue figure={figure} money={money} />
      </p>
    </div>
  );
}

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A column of a FigureTable: its heading, and its cell per row (a number is shown as a count). */
export type FigureColumn<R> = {
  label: string;
  cell: (r: R) => ReactNode;
  /** Left-aligned text (a zone's name); default: a right-aligned figure. */
  text?: boolean;
  /** More classes of the cell (a red count). */
  tone?: (r: R) => string;
};

const cellText = (v: ReactNode) => (typeof v === "number" ? num(v) : v);

/**
 * The homes' figure tables, one way: a box that scrolls sideways (keyboard-focusable), the column headings, a row
 * heading per row (the first column), counts right-aligned, an optional caption and note below.
 */
export function FigureTable<R>({
  rows,
  rowKey,
  cols,
  caption,
  testId,
  note,
}: {
  rows: readonly R[];
  rowKey: (r: R) => string | number;
  /** The first column names the rows (their headings); the others are their figures. */
  cols: [FigureColumn<R>, ...FigureColumn<R>[]];
  caption?: string;
  testId?: string;
  note?: ReactNode;
}) {
  const [first, ...rest] = cols;
  const pad = (i: number) => (i === rest.length - 1 ? "py-1.5 pl-2" : "px-2 py-1.5");
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Table, scrolls sideways">
      <table className="w-full text-sm" data-testid={testId}>
        {caption ? (
          <caption className="mb-1 text-left text-xs font-medium text-slate-600">{caption}</caption>
        ) : null}
        <thead>
          <tr className="text-left text-slate-600">
            {cols.map((c, i) => (
              <th
                key={c.label}
                scope="col"
                className={`px-2 py-1 font-medium first:pl-0 ${i > 0 && !c.text ? "text-right" : ""}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-t border-slate-100">
              <th
                scope="row"
                className={`py-1.5 pr-2 text-left font-normal text-slate-800 ${first.tone?.(r) ?? ""}`}
              >
                {first.cell(r)}
              </th>
              {rest.map((c, i) => (
                <td
                  key={c.label}
                  className={`${pad(i)} ${c.text ? "text-slate-700" : "text-right tabular-nums"} ${c.tone?.(r) ?? ""}`}
                >
                  {cellText(c.cell(r))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {note}
    </div>
  );
}

const WALK_COLS = ["planned", "completed", "missed", "uncovered"] as const;

/** Walks today, this week and this month: a row each, every count a link. */
export function WalksTable({ periods }: { periods: WalkPeriod[] }) {
  return (
    <FigureTable
      testId="home-walks"
      rows={periods}
      rowKey={(p) => p.key}
      cols={[
        { label: "Walks", cell: (p) => p.label, tone: () => "font-medium" },
        ...WALK_COLS.map((c) => ({
          label: c[0].toUpperCase() + c.slice(1),
          cell: (p: WalkPeriod) => (
            <FigureValue
              figure={{ ...p[c], label: `${p.label}, ${p[c].label}` }}
              className={c === "uncovered" && p[c].value > 0 ? "font-semibold text-red-800" : ""}
            />
          ),
        })),
      ]}
    />
  );
}

/** Pending approvals by kind, with the oldest's age; each links to the inbox filtered to its kind. */
export function PendingList({ pending }: { pending: PendingFigure[] }) {
  const waiting = pending.filter((p) => p.value > 0);
  if (!pending.length) return <p className="text-sm text-slate-600">Nothing here needs your decision.</p>;
  return (
    <div>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing is waiting for your decision.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="home-pending">
          {waiting.map((p) => (
            <li key={p.label} className="flex items-center justify-between gap-3 py-2">
              <span className="text-slate-800">{p.label}</span>
              <span className="flex items-center gap-3">
                {p.oldest ? <span className="text-xs text-slate-600">oldest {ageText(p.oldest)}</span> : null}
                <FigureValue figure={p} className="font-semibold" />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link href="/approvals" className="mt-3 inline-block text-sm font-medium text-teal-800 hover:underline">
        Open the inbox
      </Link>
    </div>
  );
}

/** Hours before the walk: green from 24 on, red below (spec 002 §9), as on the walk requests list. */
export function HoursBefore({ hours }: { hours: number }) {
  const ok = hours >= 24;
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800"}`}
    >
      {hours} h
    </span>
  );
}

export const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—";
export { num };
