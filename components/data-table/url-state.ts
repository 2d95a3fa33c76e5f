"use client";
import { useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

type Changes = Record<string, string | null | undefined>;

/** The keyset cursors a deep page carries (`cursor`: rows after it, `before`: rows before it). */
const CURSORS = ["cursor", "before"] as const;

/**
 * The list's URL after `changes` (null/'' removes a parameter). Unless the page itself changes, the page and its
 * keyset cursors go: a new filter, search, sort or page size starts again at page 1.
 */
export function listHref(
  pathname: string,
  params: URLSearchParams | { toString(): string },
  changes: Changes,
  resetPage = true,
): string {
  const next = new URLSearchParams(params.toString());
  for (const [k, v] of Object.entries(changes)) {
    if (v == null || v === "") next.delete(k);
    else next.set(k, v);
  }
  if (resetPage && !("page" in changes)) {
    next.delete("page");
    for (const c of CURSORS) next.delete(c);
  }
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The list's state lives in the URL: `update` writes parameters (null/'' removes one) and resets the page and its
 * cursors, unless the change is the page itself (a filter, search, sort or page size starts again at page 1). The
 * server page re-renders with the new searchParams.
 */
export function useListUrl() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  const hrefWith = (changes: Changes, resetPage = true) => listHref(pathname, params, changes, resetPage);

  const update = (changes: Changes, how: "replace" | "push" = "replace") => {
    const href = hrefWith(changes);
    startTransition(() => {
      if (how === "push") router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    });
  };

  return { params, pending, hrefWith, update };
}
