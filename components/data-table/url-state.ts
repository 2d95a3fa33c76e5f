"use client";
import { useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

type Changes = Record<string, string | null | undefined>;

/**
 * The list's state lives in the URL: `update` writes parameters (null/'' removes one) and resets the page,
 * unless the change is the page itself. The server page re-renders with the new searchParams.
 */
export function useListUrl() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();

  const hrefWith = (changes: Changes, resetPage = true) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v == null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (resetPage && !("page" in changes)) next.delete("page");
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };

  const update = (changes: Changes, how: "replace" | "push" = "replace") => {
    const href = hrefWith(changes);
    startTransition(() => {
      if (how === "push") router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    });
  };

  return { params, pending, hrefWith, update };
}
