"use client";
import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import type { MenuItem } from "./menu";

// The command palette (Ctrl+K, and "/" to a list's search) is not needed to show or use a page: its code loads once
// the page is idle (or at the first Ctrl+K), in a task of its own, not with the page's hydration. A Ctrl+K pressed
// before it is there is replayed once it listens, so no key is lost.
let replayCtrlK = false;
let paletteListens = false;
const Palette = dynamic(
  () =>
    import("@/components/palette/command-palette").then(({ CommandPalette }) => {
      function Loaded({ menu }: { menu: MenuItem[] }) {
        return (
          <>
            <CommandPalette menu={menu} />
            <Replay />
          </>
        );
      }
      return Loaded;
    }),
  { ssr: false },
);

/** Mounted after the palette (its effects run after the palette's): the Ctrl+K that asked for it, pressed again. */
function Replay() {
  useEffect(() => {
    paletteListens = true;
    if (!replayCtrlK) return;
    replayCtrlK = false;
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true }));
  }, []);
  return null;
}

export function DeferredPalette({ menu }: { menu: MenuItem[] }) {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (paletteListens || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "k") return;
      e.preventDefault();
      replayCtrlK = true;
      setLoad(true);
    };
    window.addEventListener("keydown", onKey);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => setLoad(true), { timeout: 2000 })
      : window.setTimeout(() => setLoad(true), 500);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return load ? <Palette menu={menu} /> : null;
}
