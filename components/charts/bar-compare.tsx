"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@/lib/format";
import { categoryTick, valueTick, type BarCompareProps } from "./bar-svg";

/**
 * Bars side by side for comparing franchisees or zones (shadcn's chart pattern on recharts). Decorative for
 * assistive tech: the same figures are in the table next to it, each a link. bar-svg.tsx draws the same chart
 * without a script until a pointer comes over it (index.tsx).
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
            tickFormatter={categoryTick}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={64}
            tick={{ fontSize: 11, fill: "#475569" }}
            tickFormatter={(v: number) => valueTick(series[0]?.money, v)}
          />
          <Tooltip
            formatter={(v, name) => {
              const s = series.find((x) => x.key === name || x.label === name);
              return [s?.money ? money(v) : String(v), s?.label ?? String(name)];
            }}
            cursor={{ fill: "#f1f5f9" }}
          />
          {/* The label in the text colour, as the SVG chart draws it (a light series colour fails the contrast). */}
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            formatter={(value) => <span className="text-foreground">{value}</span>}
          />
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
