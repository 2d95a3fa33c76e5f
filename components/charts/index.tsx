"use client";
import { useRef, useState, type ComponentType } from "react";
import { BarSvg, type BarCompareProps } from "./bar-svg";

/**
 * The comparison chart: drawn by the server as plain SVG (bar-svg.tsx, in the page's HTML, no script run for it),
 * and turned into the recharts chart (bar-compare.tsx: tooltips, hover cursor) the first time a pointer comes over
 * it. Recharts' code and first drawing are one long task (~380 ms on the homes); loaded on the page's hydration or
 * on idle, it blocked the main thread while the page was being read. Its figures are also in the table beside it.
 */
export function BarCompareChart(props: BarCompareProps) {
  const [Chart, setChart] = useState<ComponentType<BarCompareProps> | null>(null);
  const asked = useRef(false);
  const load = () => {
    if (asked.current) return;
    asked.current = true;
    import("./bar-compare").then(
      (m) => setChart(() => m.default),
      () => {
        asked.current = false; // a failed load (offline) is tried again at the next pointer
      },
    );
  };
  return (
    <div onPointerEnter={load} data-chart-ready={Chart ? "recharts" : "svg"}>
      {Chart ? <Chart {...props} /> : <BarSvg {...props} />}
    </div>
  );
}
export type { BarCompareProps, ChartSeries } from "./bar-svg";
