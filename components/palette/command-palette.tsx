"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Search } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { MenuItem } from "@/components/shell/menu";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { deleteSavedView, mySavedViews, paletteSearch, saveCurrentView, type PaletteHit } from "./actions";

type Hit = {
  group: PaletteHit["group"] | "Pages" | "Views" | "Saved views" | "Actions";
  label: string;
  sublabel: string | null;
  href: string;
};
/** The action that names the current page (its path and URL filters) as a saved view. */
const SAVE = "#save-view";
/** The action that lists the caller's saved views, each with its Delete button. */
const MANAGE = "#manage-views";

/** Monday and Sunday of this week in India (YYYY-MM-DD). */
function thisWeek(now = new Date()): { from: string; to: string } {
  const india = new Date(now.getTime() + 330 * 60_000);
  const monday = new Date(india.getTime() - ((india.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/** The obvious views: a list with its filters in the URL, for callers whose menu has that list. */
function presetsFor(pages: Hit[]): Hit[] {
  const has = (href: string) => pages.some((p) => p.href === href);
  const week = thisWeek();
  const out: Hit[] = [];
  if (has("/approvals"))
    out.push({
      group: "Views",
      label: "KYC awaiting review",
      sublabel: "Approvals",
      href: "/approvals?kind=franchisee_kyc_documents",
    });
  if (has("/customer-walk-requests"))
    out.push({
      group: "Views",
      label: "Pending reschedules",
      sublabel: "Customer Walk Requests",
      href: "/customer-walk-requests?status=pending&request_type=reschedule",
    });
  if (has("/leave-requests"))
    out.push({
      group: "Views",
      label: "Leave this week",
      sublabel: "Leave Requests",
      href: `/leave-requests?from_date=${week.from}&to_date=${week.to}`,
    });
  return out;
}

/** The menu's links, groups flattened (the palette's pages). */
function pagesOf(menu: MenuItem[]): Hit[] {
  const out: Hit[] = [];
  for (const item of menu) {
    if (item.href) out.push({ group: "Pages", label: item.label, sublabel: null, href: item.href });
    for (const c of item.children ?? [])
      if (c.href) out.push({ group: "Pages", label: c.label, sublabel: item.label, href: c.href });
  }
  return out;
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The command palette (issue 25): Ctrl+K (⌘K) opens it from anywhere; it finds pages of the caller's menu at once
 * and, from two characters, customers, staff, franchisees and requests by number on the server, in the caller's
 * scope. "/" focuses a list's search box when the page has one.
 */
export function CommandPalette({ menu }: { menu: MenuItem[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Hit[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const asked = useRef(0);
  const pages = useMemo(() => pagesOf(menu), [menu]);
  const views = useMemo(() => presetsFor(pages), [pages]);
  const [mine, setMine] = useState<{ id: number; name: string; path: string }[]>([]);
  const saved: Hit[] = mine.map((v) => ({
    group: "Saved views",
    label: v.name,
    sublabel: null,
    href: v.path,
  }));
  const [naming, setNaming] = useState(false);
  const [managing, setManaging] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    void mySavedViews().then((r) => {
      if (r.ok) setMine(r.data);
    });
  }, [open]);

  async function remove(v: { id: number; name: string }) {
    const r = await deleteSavedView(v.id);
    if (!r.ok) return toast.error(r.message);
    setMine((m) => m.filter((x) => x.id !== v.id));
    toast.success(`View "${v.name}" deleted.`, { testId: "success-toast" });
  }

  async function saveAs(name: string) {
    const r = await saveCurrentView(name, `${window.location.pathname}${window.location.search}`);
    if (!r.ok) {
      setNameError(r.fieldErrors?.name ? String(r.fieldErrors.name) : r.message);
      return;
    }
    toast.success(`View "${r.data.name}" saved.`, { testId: "success-toast" });
    setNaming(false);
    setNameError(null);
    setQ("");
    setOpen(false);
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
        return;
      }
      if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
        if (box) {
          e.preventDefault();
          box.focus();
          box.select();
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    const term = q.trim();
    if (term.length < 2) return;
    const n = ++asked.current;
    const t = window.setTimeout(() => {
      setLoading(true);
      void paletteSearch(term).then((r) => {
        if (n !== asked.current) return;
        setLoading(false);
        setFound(r.ok ? r.data : []);
      });
    }, 200);
    return () => window.clearTimeout(t);
  }, [q]);

  const term = q.trim().toLowerCase();
  const hits: Hit[] =
    naming || managing
      ? []
      : [
          ...(term ? saved.filter((v) => v.label.toLowerCase().includes(term)) : saved),
          ...(term ? views.filter((v) => v.label.toLowerCase().includes(term)) : views),
          ...(!term || "save this view".includes(term)
            ? [
                {
                  group: "Actions" as const,
                  label: "Save this view…",
                  sublabel: "the page and its filters, under a name",
                  href: SAVE,
                },
              ]
            : []),
          ...(mine.length && (!term || "delete a saved view".includes(term))
            ? [
                {
                  group: "Actions" as const,
                  label: "Delete a saved view…",
                  sublabel: `${mine.length} saved`,
                  href: MANAGE,
                },
              ]
            : []),
          ...pages.filter((p) => term && p.label.toLowerCase().includes(term)).slice(0, 6),
          ...(term.length >= 2 ? found : []),
        ];
  const go = (h: Hit | undefined) => {
    if (!h) return;
    if (h.href === SAVE) {
      setNaming(true);
      setQ("");
      setNameError(null);
      return;
    }
    if (h.href === MANAGE) {
      setManaging(true);
      setQ("");
      return;
    }
    setOpen(false);
    router.push(h.href);
  };
  const reset = (o: boolean) => {
    setOpen(o);
    if (!o) {
      setNaming(false);
      setManaging(false);
      setNameError(null);
      setQ("");
      setFound([]);
      setActive(0);
    }
  };

  let last: string | null = null;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="top-24 translate-y-0 gap-0 p-0 sm:max-w-xl" data-testid="command-palette">
        <DialogHeader className="sr-only">
          <DialogTitle>Find anything</DialogTitle>
          <DialogDescription>Pages, customers, staff, franchisees and requests by number.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 border-b border-slate-200 px-4">
          <Search className="size-4 text-slate-500" aria-hidden />
          <input
            autoFocus
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (naming) {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void saveAs(q);
                }
                return;
              }
              if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, hits.length - 1));
              else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
              else if (e.key === "Enter") go(hits[active]);
              else return;
              e.preventDefault();
            }}
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls="palette-results"
            aria-activedescendant={hits[active] ? `palette-hit-${active}` : undefined}
            aria-label={naming ? "Name of the view" : "Find anything"}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "palette-name-error" : undefined}
            placeholder={
              naming
                ? "Name this view, then Enter"
                : "Find a page, customer, staff member, franchisee or request number…"
            }
            className="h-12 flex-1 bg-transparent text-sm outline-none placeholder:text-slate-500"
          />
        </div>
        {nameError ? (
          <p id="palette-name-error" className="px-4 pt-2 text-sm text-red-700">
            {nameError}
          </p>
        ) : null}
        {managing ? (
          <section aria-label="Your saved views" className="max-h-96 overflow-y-auto p-2">
            {mine.length ? (
              <ul className="divide-y divide-slate-100" data-testid="saved-views">
                {mine.map((v) => (
                  <li key={v.id} className="flex items-center justify-between gap-2 px-2 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate text-slate-900">{v.name}</span>
                      <span className="block truncate text-xs text-slate-600">{v.path}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Delete the view ${v.name}`}
                      onClick={() => void remove(v)}
                    >
                      Delete
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-2 py-4 text-center text-sm text-slate-600">No saved view left.</p>
            )}
          </section>
        ) : null}
        <ul id="palette-results" role="listbox" aria-label="Results" className="max-h-96 overflow-y-auto p-2">
          {hits.map((h, i) => {
            const heading = h.group !== last ? h.group : null;
            last = h.group;
            return (
              <li key={`${h.group}:${h.href}:${i}`} role="presentation">
                {heading ? (
                  <p className="px-2 pt-2 pb-1 text-xs font-semibold text-slate-600 uppercase" aria-hidden>
                    {heading}
                  </p>
                ) : null}
                <div
                  id={`palette-hit-${i}`}
                  role="option"
                  aria-selected={i === active}
                  aria-label={`${h.group}: ${h.label}`}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(h)}
                  className={`flex cursor-pointer items-center justify-between gap-2 rounded-md px-2 py-2 text-sm ${i === active ? "bg-teal-700 text-white" : "text-slate-900"}`}
                >
                  <span className="truncate">{h.label}</span>
                  {h.sublabel ? (
                    <span className={`truncate text-xs ${i === active ? "text-teal-50" : "text-slate-600"}`}>
                      {h.sublabel}
                    </span>
                  ) : null}
                </div>
              </li>
            );
          })}
          {term.length >= 2 && !loading && hits.length === 0 && !naming ? (
            <li className="px-2 py-6 text-center text-sm text-slate-600">Nothing found.</li>
          ) : null}
          {term.length < 2 && hits.length === 0 ? (
            <li className="px-2 py-4 text-center text-xs text-slate-600">
              Type two letters or a request number. Ctrl+K opens this from anywhere; / searches the list.
            </li>
          ) : null}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
