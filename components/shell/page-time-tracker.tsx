"use client";
import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { recordPageTimeAction } from "./shell-actions";

/** Time per page is capped at 1200 seconds (spec 000 §2.1). */
const MAX_SECONDS = 1200;

// Same shape as OPAQUE_ID_PATTERN in lib/platform/ids.ts, which is server-only (it holds the cipher).
const OPAQUE_ID = /^[A-Za-z0-9_-]{22}$/;

/** Create and edit routes are not recorded (spec 000 §2.1: routes whose name contains Create or Edit). */
export function isCreateOrEditPath(path: string): boolean {
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  return last === "create" || OPAQUE_ID.test(last) || segments.some((s) => s.includes("re-submit"));
}

/** A readable name for a path: '/companies' → 'Companies', '/outlets/{id}/outlet-users' → 'Outlets Outlet Users'. */
export function pageNameOf(path: string): string {
  const words = path
    .split("/")
    .filter((s) => s && !OPAQUE_ID.test(s) && !/^\d+$/.test(s))
    .flatMap((s) => s.split(/[-_]+/))
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return (words.join(" ") || "Home").slice(0, 200);
}

/** After each navigation, records the time spent on the previous page (not on create or edit screens). */
export function PageTimeTracker() {
  const pathname = usePathname();
  const previous = useRef<{ path: string; since: number } | null>(null);

  useEffect(() => {
    const now = Date.now();
    const prev = previous.current;
    if (prev && prev.path === pathname) return;
    previous.current = { path: pathname, since: now };
    if (!prev || isCreateOrEditPath(prev.path)) return;
    const timespent = Math.min(MAX_SECONDS, Math.max(0, Math.round((now - prev.since) / 1000)));
    // Fire and forget: a lost sample must never disturb the user.
    recordPageTimeAction({
      from_path: prev.path.slice(0, 500),
      from_name: pageNameOf(prev.path),
      timespent,
    }).catch(() => {});
  }, [pathname]);

  return null;
}
