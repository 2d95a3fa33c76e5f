"use client";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Check, ExternalLink, Inbox as InboxIcon, Keyboard, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TableIcon, TableIcons } from "@/components/data-table/table-icons";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import {
  DecisionDialog,
  type DecisionDialogProps,
  type DecisionResult,
} from "@/components/approval/decision-dialog";
import { useDialogs } from "@/components/shell/dialogs";
import {
  checkReplacement,
  LeaveReplacementFields,
} from "@/app/(portal)/leave-requests/_components/leave-replacement-fields";
import { WalkerFields } from "@/app/(portal)/user-monthly-job-requests/_components/walker-fields";
import { ageText } from "@/lib/approvals/age";
import type { ItemDetail } from "@/lib/approvals/decisions";
import type { InboxItem, InboxKind } from "@/lib/approvals/inbox";
import type { ClientApproval, ClientTransition } from "@/lib/platform/approval";
import { decideInboxTransition, inboxItemDetail, moreInboxItems } from "../actions";
import { formatDateTime } from "@/lib/format";

type Page = {
  data: InboxItem[];
  next_cursor: string | null;
  counts: { kind: InboxKind; label: string; count: number; oldest: string | null }[];
};
type Decision = "approve" | "reject";
/** The decision being confirmed: one item, or the selected items of one kind (bulk), and its declared transition. */
type Deciding = { items: InboxItem[]; t: ClientTransition };
type Result = { item: InboxItem; ok: boolean; message: string };

const keyOf = (i: InboxItem) => `${i.kind}:${i.id}`;
const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

type Extra = Pick<DecisionDialogProps, "extra" | "validate">;
/**
 * The fields a kind's transition takes in the inbox's DecisionDialog, the entity screen's own pickers: a franchisee
 * admin's monthly approval chooses the walker and timeslots; a leave's approval its replacement. Their ids are
 * opaque; decideTransition decodes them as the entity's action does.
 */
const EXTRAS: Partial<
  Record<InboxKind, (t: ClientTransition, a: ClientApproval, id: string) => Extra | null>
> = {
  user_monthly_job_requests: (t, a, id) =>
    t.name === "approve" && a.field === "franchisee_approval_status"
      ? { extra: (f) => <WalkerFields {...f} id={id} /> }
      : null,
  leave_requests: (t, _a, id) =>
    t.name === "approve"
      ? { extra: (f) => <LeaveReplacementFields {...f} id={id} />, validate: checkReplacement }
      : null,
};

/** Ctrl+Enter (⌘Enter) in the decision dialog confirms it (the reason box takes Enter as a new line). */
function confirmOnCtrlEnter(e: ReactKeyboardEvent) {
  if (e.key !== "Enter" || !(e.ctrlKey || e.metaKey) || !(e.target instanceof HTMLElement)) return;
  const buttons = e.target.closest('[role="dialog"]')?.querySelectorAll<HTMLButtonElement>("button");
  const confirm = [...(buttons ?? [])].find((b) => b.textContent?.trim() === "Confirm");
  if (!confirm) return;
  e.preventDefault();
  confirm.click();
}

/**
 * The approvals inbox: a list navigated by keyboard, a side panel, confirmations and bulk decisions. An item, or the
 * selected items of one kind (bulk), is decided through the DecisionDialog of its kind's declaration (the entity
 * screen's texts, reason rule and transitions): in bulk each item through its own transition, with a result per item.
 */
export function Inbox({
  kind,
  initial,
  declared = {},
}: {
  kind: InboxKind | null;
  initial: Page;
  declared?: Partial<Record<InboxKind, ClientApproval>>;
}) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [items, setItems] = useState(initial.data);
  const [cursor, setCursor] = useState(initial.next_cursor);
  const [current, setCurrent] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [panel, setPanel] = useState<InboxItem | null>(null);
  const [detail, setDetail] = useState<ItemDetail | null>(null);
  const [help, setHelp] = useState(false);
  const [results, setResults] = useState<Result[]>([]);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const total = initial.counts.reduce((n, c) => n + c.count, 0);

  const at = items[Math.min(current, items.length - 1)] ?? null;
  const dialogOpen = help || panel != null || deciding != null;

  // j/k move the keyboard focus too, so Enter opens the current item and a screen reader reads it.
  const moved = useRef(false);
  useEffect(() => {
    rows.current[current]?.scrollIntoView({ block: "nearest" });
    if (moved.current) rows.current[current]?.querySelector<HTMLButtonElement>("button[data-row]")?.focus();
    moved.current = false;
  }, [current]);

  const openPanel = useCallback((item: InboxItem) => {
    setPanel(item);
    setDetail(null);
    void inboxItemDetail(item.kind, item.id).then((r) => {
      if (r.ok) setDetail(r.data);
      else toast.error(r.message);
    });
  }, []);

  /** The declared transition that decides one item that way, if its kind is declared. */
  const transitionOf = useCallback(
    (item: InboxItem, decision: string) =>
      declared[item.kind]?.transitions.find(
        (t) => t.name === decision && t.from.includes(declared[item.kind]!.pending),
      ),
    [declared],
  );

  /** Opens the DecisionDialog of the items' kind (one kind: the bulk offers only that); none the caller may take: 403. */
  const ask = useCallback(
    (decision: Decision, list: InboxItem[]) => {
      if (!list.length) return;
      const t = transitionOf(list[0], decision);
      if (t) setDeciding({ items: list, t });
      else dialogs.unauthorised();
    },
    [transitionOf, dialogs],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      if (e.key === "?") {
        e.preventDefault();
        setHelp(true);
        return;
      }
      if (dialogOpen || !items.length) return;
      const item = items[Math.min(current, items.length - 1)];
      if (e.key === "j" || e.key === "k") {
        moved.current = true;
        setCurrent((c) => (e.key === "j" ? Math.min(c + 1, items.length - 1) : Math.max(c - 1, 0)));
      } else if (e.key === "a") ask("approve", [item]);
      else if (e.key === "r") ask("reject", [item]);
      else if (e.key === "x") toggle(item);
      else if (
        e.key === "Enter" &&
        !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)
      )
        openPanel(item);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  function toggle(item: InboxItem) {
    setChecked((s) => {
      const next = new Set(s);
      if (next.has(keyOf(item))) next.delete(keyOf(item));
      else next.add(keyOf(item));
      return next;
    });
  }

  const selected = items.filter((i) => checked.has(keyOf(i)));
  const selectedKinds = new Set(selected.map((i) => i.kind));
  const oneKind = selectedKinds.size === 1;

  /** Decided items leave the list (and the panel closes on one of them). */
  function decided(done: Set<string>) {
    setItems((xs) => xs.filter((x) => !done.has(keyOf(x))));
    setChecked((s) => new Set([...s].filter((k) => !done.has(k))));
    setCurrent((c) => Math.max(0, Math.min(c, items.length - done.size - 1)));
    if (panel && done.has(keyOf(panel))) setPanel(null);
  }

  /** A bulk decision's answers: the decided items leave the list, each item's result is shown. */
  function bulkDone(list: InboxItem[], t: ClientTransition, results: DecisionResult[]) {
    const out: Result[] = results.map(({ id, result: r }) => ({
      item: list.find((i) => i.id === id)!,
      ok: r.ok,
      message: r.ok ? t.success : r.message,
    }));
    decided(new Set(out.filter((o) => o.ok).map((o) => keyOf(o.item))));
    setResults(out);
    // The drawer's count and the kind filters' counts follow.
    router.refresh();
  }

  async function loadMore() {
    if (!cursor) return;
    const r = await moreInboxItems(kind, cursor);
    if (!r.ok) return toast.error(r.message);
    setItems((xs) => [...xs, ...r.data.data.filter((x) => !xs.some((y) => keyOf(y) === keyOf(x)))]);
    setCursor(r.data.next_cursor);
  }

  return (
    <div className="space-y-4">
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
              <InboxIcon className="size-6 text-teal-700" aria-hidden /> Approvals
            </h1>
            <p className="mt-1 text-sm text-slate-600" data-testid="inbox-total">
              {total === 0
                ? "Nothing is waiting for your decision."
                : `${total.toLocaleString("en-IN")} waiting for your decision, oldest first.`}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setHelp(true)}>
            <Keyboard className="size-4" aria-hidden /> Shortcuts{" "}
            <kbd className="ml-1 text-xs text-slate-600">?</kbd>
          </Button>
        </div>
        <nav aria-label="Filter by kind" className="mt-4 flex flex-wrap gap-2">
          <KindChip href="/approvals" active={kind == null} label="All" count={total} />
          {initial.counts.map((c) => (
            <KindChip
              key={c.kind}
              href={`/approvals?kind=${c.kind}`}
              active={kind === c.kind}
              label={c.label}
              count={c.count}
            />
          ))}
        </nav>
      </section>

      {selected.length > 0 ? (
        <div
          className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-xl border border-teal-200 bg-teal-50 px-4 py-3"
          role="region"
          aria-label="Selected items"
        >
          <span className="text-sm font-medium text-slate-900">{selected.length} selected</span>
          {oneKind ? (
            <>
              <Button size="sm" onClick={() => ask("approve", selected)}>
                <Check className="size-4" aria-hidden /> Approve selected
              </Button>
              <Button size="sm" variant="destructive" onClick={() => ask("reject", selected)}>
                <X className="size-4" aria-hidden /> Reject selected
              </Button>
            </>
          ) : (
            <span className="text-sm text-slate-700">Select items of one kind to decide them together.</span>
          )}
          <Button size="sm" variant="ghost" onClick={() => setChecked(new Set())}>
            Clear
          </Button>
        </div>
      ) : null}

      {results.length > 0 ? (
        <section
          aria-live="polite"
          aria-label="Results"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="bulk-results"
        >
          <h2 className="mb-2 text-sm font-semibold text-slate-900">
            {results.filter((r) => r.ok).length} of {results.length} decided
          </h2>
          <ul className="space-y-1 text-sm">
            {results.map((r) => (
              <li key={keyOf(r.item)} className={r.ok ? "text-green-800" : "text-red-800"}>
                {r.ok ? "✓" : "✗"} {r.item.asked_by ?? r.item.kind_label} — {r.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Pending items">
        <TableIcons names={["approve", "reject"]} />
        {items.length === 0 ? (
          <p className="p-6 text-sm text-slate-600" data-testid="inbox-empty">
            All clear. Nothing here waits for you.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="inbox-list">
            {items.map((item, i) => {
              const isCurrent = at != null && keyOf(at) === keyOf(item);
              return (
                <li
                  key={keyOf(item)}
                  ref={(el) => {
                    rows.current[i] = el;
                  }}
                  aria-current={isCurrent ? "true" : undefined}
                  data-testid="inbox-item"
                  className={`flex items-center gap-3 px-3 py-3 sm:px-4 ${isCurrent ? "bg-teal-50 ring-2 ring-teal-600 ring-inset" : ""}`}
                >
                  {/* A native box and the list's own icon buttons: 50 items of them, each as light as a table row's. */}
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-teal-700"
                    checked={checked.has(keyOf(item))}
                    onChange={() => toggle(item)}
                    aria-label={`Select ${item.kind_label} of ${item.asked_by ?? "unknown"}`}
                  />
                  <button
                    type="button"
                    data-row
                    className="min-w-0 flex-1 rounded text-left focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                    onClick={() => {
                      setCurrent(i);
                      openPanel(item);
                    }}
                  >
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                        {item.kind_label}
                      </span>
                      <span className="truncate font-medium text-slate-900">{item.asked_by ?? "—"}</span>
                    </span>
                    <span className="mt-0.5 block truncate text-sm text-slate-600">
                      {[item.summary, item.franchisee].filter(Boolean).join(" · ") || "—"}
                    </span>
                  </button>
                  <span
                    className="shrink-0 text-xs text-slate-600 tabular-nums"
                    title={`${formatDateTime(item.asked_at)} IST`}
                    suppressHydrationWarning
                  >
                    {ageText(item.asked_at)}
                  </span>
                  <span className="dt-acts hidden shrink-0 sm:flex">
                    <button
                      type="button"
                      className="dt-btn"
                      onClick={() => ask("approve", [item])}
                      aria-label={`Approve ${item.asked_by ?? item.kind_label}`}
                      title="Approve"
                    >
                      <TableIcon name="approve" />
                    </button>
                    <button
                      type="button"
                      className="dt-btn dt-btn-del"
                      onClick={() => ask("reject", [item])}
                      aria-label={`Reject ${item.asked_by ?? item.kind_label}`}
                      title="Reject"
                    >
                      <TableIcon name="reject" />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {cursor ? (
          <div className="border-t border-slate-100 p-3 text-center">
            <Button variant="outline" size="sm" onClick={() => void loadMore()}>
              Load more
            </Button>
          </div>
        ) : null}
      </section>

      <Sheet open={panel != null} onOpenChange={(o) => !o && setPanel(null)}>
        <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-lg">
          {panel ? (
            <>
              <SheetHeader>
                <SheetTitle>
                  {panel.kind_label}: {panel.asked_by ?? "—"}
                </SheetTitle>
                <SheetDescription>
                  {[panel.franchisee, `asked ${ageText(panel.asked_at)} ago`].filter(Boolean).join(" · ")}
                </SheetDescription>
              </SheetHeader>
              <div className="space-y-4 px-4 pb-4">
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => ask("approve", [panel])}>
                    <Check className="size-4" aria-hidden />{" "}
                    {transitionOf(panel, "approve")?.label ?? "Approve"}
                  </Button>
                  <Button variant="destructive" onClick={() => ask("reject", [panel])}>
                    <X className="size-4" aria-hidden /> {transitionOf(panel, "reject")?.label ?? "Reject"}
                  </Button>
                  <Button variant="outline" asChild>
                    <Link href={panel.href}>
                      <ExternalLink className="size-4" aria-hidden /> Open the record
                    </Link>
                  </Button>
                </div>
                <Details detail={detail} />
              </div>
            </>
          ) : null}
        </SheetContent>
      </Sheet>

      {deciding ? (
        <div className="contents" onKeyDown={confirmOnCtrlEnter}>
          {deciding.items.length === 1 ? (
            <DecisionDialog
              open
              onOpenChange={(o) => !o && setDeciding(null)}
              transition={deciding.t}
              id={deciding.items[0].id}
              decide={(id, t, input) => decideInboxTransition(deciding.items[0].kind, id, t, input)}
              {...(EXTRAS[deciding.items[0].kind]?.(
                deciding.t,
                declared[deciding.items[0].kind]!,
                deciding.items[0].id,
              ) ?? {})}
              onDone={() => {
                decided(new Set([keyOf(deciding.items[0])]));
                setResults([]);
                toast.success(deciding.t.success, { testId: "success-toast" });
                // The drawer's count and the kind filters' counts follow.
                router.refresh();
              }}
            />
          ) : (
            // The selected items of one kind: the same text and reason box, each item through its own transition
            // (a record's own pickers stay on its own dialog).
            <DecisionDialog
              open
              onOpenChange={(o) => !o && setDeciding(null)}
              transition={deciding.t}
              id={deciding.items.map((i) => i.id)}
              decide={(id, t, input) => decideInboxTransition(deciding.items[0].kind, id, t, input)}
              note={`${deciding.items.length} ${deciding.items[0].kind_label.toLowerCase()}s, ${
                deciding.t.name === "reject" && deciding.t.reason && deciding.t.reasonField
                  ? "each rejected on its own with this reason."
                  : "each decided on its own."
              }`}
              onResults={(r) => bulkDone(deciding.items, deciding.t, r)}
            />
          )}
        </div>
      ) : null}

      <Dialog open={help} onOpenChange={setHelp}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Keyboard shortcuts</DialogTitle>
            <DialogDescription>On the list, outside any text box.</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {[
              ["j / k", "Next / previous item"],
              ["Enter", "Open the item's details"],
              ["a", "Approve (then Enter to confirm)"],
              ["r", "Reject (type the reason, Ctrl+Enter to send)"],
              ["x", "Select the item for a bulk decision"],
              ["?", "This help"],
            ].map(([k, v]) => (
              <div key={k} className="contents">
                <dt>
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
                    {k}
                  </kbd>
                </dt>
                <dd className="text-slate-700">{v}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function KindChip({
  href,
  active,
  label,
  count,
}: {
  href: string;
  active: boolean;
  label: string;
  count: number;
}) {
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none ${
        active
          ? "border-teal-700 bg-teal-700 text-white"
          : "border-slate-200 bg-white text-slate-800 hover:border-teal-300"
      }`}
    >
      {label}
      <span className={`tabular-nums ${active ? "text-white" : "text-slate-600"}`}>
        {count.toLocaleString("en-IN")}
      </span>
    </Link>
  );
}

function Details({ detail }: { detail: ItemDetail | null }) {
  if (!detail) return <p className="text-sm text-slate-600">Loading the details…</p>;
  return (
    <div className="space-y-4">
      {detail.file ? (
        detail.file.pdf ? (
          // The browser's PDF viewer: /api/files serves a real PDF inline, framed by the portal's pages only.
          <div className="space-y-1">
            <iframe
              src={detail.file.url}
              title={`${detail.file.name} (PDF)`}
              className="h-96 w-full rounded-lg border"
            />
            <a
              href={detail.file.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-teal-800 underline"
            >
              Open {detail.file.name} (PDF)
            </a>
          </div>
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- an authorised file of /api/files, not a static asset
          <img
            src={detail.file.url}
            alt={detail.file.name}
            className="max-h-96 w-full rounded-lg border object-contain"
          />
        )
      ) : null}
      {detail.quota ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="inbox-quota">
          Reschedules used {detail.quota.used} of {detail.quota.quota}; {detail.quota.remaining} remaining.
        </p>
      ) : null}
      {detail.walks ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">
            Affected walks ({detail.walks.length})
          </h3>
          {detail.walks.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {detail.walks.map((w, i) => (
                <li key={i} className="flex justify-between gap-2 py-1.5">
                  <span>
                    {w.date} {w.time} {w.pets}
                  </span>
                  <span className="text-slate-600">{w.walker}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No walk falls in this leave.</p>
          )}
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {detail.fields.map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-slate-600">{f.label}</dt>
            <dd className="break-words text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
