"use client";
import dynamic from "next/dynamic";
import type { BarCompareProps } from "./bar-compare";

/** The comparison chart, its code (recharts) loaded only where a page renders one, in the browser. */
export const BarCompareChart = dynamic<BarCompareProps>(() => import("./bar-compare"), {
  ssr: false,
  loading: () => <div className="h-64 w-full animate-pulse rounded-lg bg-slate-100" aria-hidden />,
});
export type { BarCompareProps, ChartSeries } from "./bar-compare";
