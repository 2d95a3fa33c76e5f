"use client";
import { Suspense, use } from "react";

/** A count the shell shows: known already, or on its way from the server (the portal layout streams it). */
export type ShellCount = number | Promise<number>;

/**
 * Renders `children(n)` once the count is known. A count still on its way shows nothing in its place, in a Suspense
 * boundary of its own: the shell and the page around it do not wait for it.
 */
export function StreamedCount({
  count,
  children,
}: {
  count: ShellCount;
  children: (n: number) => React.ReactNode;
}) {
  if (typeof count === "number") return children(count);
  return (
    <Suspense fallback={null}>
      <Resolved count={count}>{children}</Resolved>
    </Suspense>
  );
}

function Resolved({ count, children }: { count: Promise<number>; children: (n: number) => React.ReactNode }) {
  return children(use(count));
}
