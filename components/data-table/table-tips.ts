"use client";
import { useEffect, type RefObject } from "react";

/**
 * The table's one tooltip: any element inside `box` with `data-tip` shows it on hover and on keyboard focus, above
 * the element (below when there is no room). One element for the whole table instead of a tooltip component per
 * chip and button. It is `position: fixed`, so the scroll box never clips it; the elements keep their own accessible
 * names (the tooltip repeats what a sighted mouse user cannot read from an icon), so it is hidden from assistive
 * technology.
 */
export function useTableTips(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const tip = document.createElement("div");
    tip.className = "dt-tip";
    tip.setAttribute("aria-hidden", "true");
    tip.hidden = true;
    document.body.append(tip);
    let current: Element | null = null;

    const show = (el: Element) => {
      current = el;
      tip.textContent = el.getAttribute("data-tip");
      tip.hidden = false;
      const r = el.getBoundingClientRect();
      const t = tip.getBoundingClientRect();
      const left = Math.min(Math.max(4, r.left + r.width / 2 - t.width / 2), innerWidth - t.width - 4);
      const top = r.top - t.height - 6 >= 4 ? r.top - t.height - 6 : r.bottom + 6;
      tip.style.left = `${left}px`;
      tip.style.top = `${top}px`;
    };
    const hide = () => {
      current = null;
      tip.hidden = true;
    };
    const over = (e: Event) => {
      const el = (e.target as Element | null)?.closest?.("[data-tip]");
      if (el && root.contains(el)) {
        if (el !== current) show(el);
      } else if (current) hide();
    };
    const focusIn = (e: FocusEvent) => {
      const el = e.target as Element;
      if (el.matches("[data-tip]") && el.matches(":focus-visible")) show(el);
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape" && current) hide();
    };
    root.addEventListener("pointerover", over);
    root.addEventListener("pointerleave", hide);
    root.addEventListener("focusin", focusIn);
    root.addEventListener("focusout", hide);
    // Any scroll (the box's or the page's) moves the element away from the tip.
    window.addEventListener("scroll", hide, { capture: true, passive: true });
    root.addEventListener("click", hide);
    document.addEventListener("keydown", key);
    return () => {
      root.removeEventListener("pointerover", over);
      root.removeEventListener("pointerleave", hide);
      root.removeEventListener("focusin", focusIn);
      root.removeEventListener("focusout", hide);
      window.removeEventListener("scroll", hide, { capture: true });
      root.removeEventListener("click", hide);
      document.removeEventListener("keydown", key);
      tip.remove();
    };
  }, [box]);
}
