"use client";
import { type ComponentProps } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";

/**
 * A link that prefetches its page when the pointer rests on it or it gets the keyboard focus, not when it scrolls
 * into view. next/link prefetches every link in the viewport: the menu's 20-odd entries and every row's edit and
 * page links fired 55+ prefetch requests after each list load (each one a server render with the shell's counts),
 * and their answers' processing counted in the page's blocking time. Use it for links that repeat (menus, rows).
 */
export function QuietLink({ onMouseEnter, onFocus, href, ...props }: ComponentProps<typeof Link>) {
  const router = useRouter();
  const warm = () => {
    if (typeof href === "string") router.prefetch(href);
  };
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        onMouseEnter?.(e);
        warm();
      }}
      onFocus={(e) => {
        onFocus?.(e);
        warm();
      }}
    />
  );
}
