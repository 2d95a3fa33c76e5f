"use client";
import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import type { BarCompareProps } from "./bar-compare";

// Still, not pulsing: it may wait for the reader to scroll down, and an endless animation never lets a page settle
// (document.getAnimations() never finishes: the browser tests' settle step waited for ever on /home).
const Placeholder = () => <div className="h-64 w-full rounded-lg bg-slate-100" aria-hidden />;

/** The comparison chart's code (recharts), loaded only where a page renders one, in the browser. */
const BarCompare = dynamic<BarCompareProps>(() => import("./bar-compare"), {
  ssr: false,
  loading: Placeholder,
});

/**
 * The comparison chart, drawn once it is near the screen and the browser is idle: recharts' code and its first
 * drawing are one long task, which then comes after the page is usable instead of right after its hydration (the
 * figures it draws are in the table beside it from the first paint).
 */
export function BarCompareChart(props: BarCompareProps) {
  const box = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let idle: number | undefined;
    const draw = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setShow(true), { timeout: 1500 })
        : window.setTimeout(() => setShow(true), 200);
    };
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        draw();
      },
      { rootMargin: "200px" },
    );
    seen.observe(el);
    return () => {
      seen.disconnect();
      if (idle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return <div ref={box}>{show ? <BarCompare {...props} /> : <Placeholder />}</div>;
}
export type { BarCompareProps, ChartSeries } from "./bar-compare";
