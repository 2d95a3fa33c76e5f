"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { leavingForLogin } from "@/components/shell/dialogs";

export const LEAVE_TEXT = "You have unsaved changes. Leave this page?";

/** The in-app address a click on this link would open, or null for clicks the browser handles itself. */
export function guardedHref(e: MouseEvent, here: Location): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const url = new URL(a.href, here.href);
  // Another site unloads this page: the browser's own prompt (beforeunload) asks then.
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null; // an anchor on this page
  return url.pathname + url.search + url.hash;
}

/**
 * While `dirty`, leaving the form asks first: a reload, closing the tab or another site through the browser's
 * prompt (beforeunload), an in-app link (the menu, Cancel, Back, a breadcrumb) through a confirm dialog whose Leave
 * follows the link. `release()` lets the page go without asking (a successful save moving on). Renders the dialog.
 */
export function useLeaveGuard(dirty: boolean) {
  const router = useRouter();
  const [target, setTarget] = useState<string | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      // A lost session leaves for login: nothing typed could be saved any more.
      if (released.current || leavingForLogin()) return;
      e.preventDefault();
      e.returnValue = ""; // older browsers show the prompt only when returnValue is set
    };
    // Capture, on the document: before next/link's own handler starts a client navigation.
    const onClick = (e: MouseEvent) => {
      if (released.current) return;
      const href = guardedHref(e, window.location);
      if (href == null) return;
      e.preventDefault();
      e.stopPropagation();
      setTarget(href);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const leave = () => {
    const href = target;
    release();
    setTarget(null);
    if (href) router.push(href);
  };

  const dialog = (
    <AlertDialog open={target != null} onOpenChange={(open) => (open ? undefined : setTarget(null))}>
      <AlertDialogContent data-testid="leave-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Unsaved changes</AlertDialogTitle>
          <AlertDialogDescription>{LEAVE_TEXT}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay</AlertDialogCancel>
          <AlertDialogAction onClick={leave}>Leave</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { dialog, release };
}
