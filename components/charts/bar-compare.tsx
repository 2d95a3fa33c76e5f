"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@/lib/format";

/** One series of a comparison: its key in the rows, label and colour (the shadcn chart config's shape). */
export type ChartSeries = { key: string; label: string; color: string; money?: boolean };

export type BarCompareProps = {
  /** What the chart compares, read to assistive tech (the figures are also in the table beside it). */
  title: string;
  rows: Record<string, string | number>[];
  /** The row key of each bar group's name. */
  category: string;
  series: ChartSeries[];
};

/**
 * Bars side by side for comparing franchisees or zones (shadcn's chart pattern on recharts). Decorative for
 * assistive tech: the same figures are in the table next to it, each a link.
 */
export default function BarCompare({ title, rows, category, series }: BarCompareProps) {
  const money = (v: unknown) => formatRupees(Number(v));
  return (
    <figure className="h-64 w-full" aria-label={title}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey={category}
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 11, fill: "#475569" }}
            interval={0}
            tickFormatter={(v: string) => (v.length > 10 ? `${v.slice(0, 9)}…` : v)}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={64}
            tick={{ fontSize: 11, fill: "#475569" }}
            tickFormatter={(v: number) =>
              series[0]?.money ? `₹${Math.round(v).toLocaleString("en-IN")}` : String(v)
            }
          />
          <Tooltip
            formatter={(v, name) => {
              const s = series.find((x) => x.key === name || x.label === name);
              return [s?.money ? money(v) : String(v), s?.label ?? String(name)];
            }}
            cursor={{ fill: "#f1f5f9" }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
