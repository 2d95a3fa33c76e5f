import "server-only";
// Turns audit entries into display text for the history card. Plain functions: the server component renders
// the first page with them and the 'Show more' action the next ones, so both look the same.
import type { AuditEntry } from "@/lib/admin/audit";
import { formatDateTime } from "@/lib/format";

/** How many entries the history shows at first, and how many each 'Show more' adds. */
export const HISTORY_PAGE_SIZE = 20;

export type AuditChangeView = { field: string; before: string; after: string };
export type AuditEntryView = {
  id: number;
  action: string;
  actor: string;
  when: string;
  changes: AuditChangeView[];
};

const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  restore: "Restored",
  process: "Processed",
  discard: "Discarded",
};

/** 'franchisee_summary_colorcode_2' → 'Franchisee Summary Colorcode 2'; 'is_SUSP_enabled' → 'Is SUSP Enabled'. */
export function fieldLabel(field: string): string {
  return field
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** Rich text (sanitised HTML) as plain text: block ends become line breaks, tags go, common entities decode. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6]|blockquote|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** One stored value as a reader sees it: '-' for blank, Yes/No for 1/0 flags, dates in DD-MM-YYYY hh:mm A. */
export function valueText(field: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "-";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number")
    return field.startsWith("is_") && (v === 0 || v === 1) ? (v ? "Yes" : "No") : String(v);
  if (typeof v === "string") {
    if (ISO_DATE_TIME.test(v)) return formatDateTime(v) || v;
    if (LOOKS_LIKE_HTML.test(v)) return htmlToText(v) || "-";
    return v;
  }
  return JSON.stringify(v);
}

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? fieldLabel(action);
}

/** Audit entries (newest first) → what the history card shows. */
export function toEntryViews(entries: AuditEntry[]): AuditEntryView[] {
  return entries.map((e) => ({
    id: e.id,
    action: actionLabel(e.action),
    actor: e.actor?.name ?? "-",
    when: formatDateTime(e.created_at),
    changes: e.changes.map((c) => ({
      field: fieldLabel(c.field),
      before: valueText(c.field, c.before),
      after: valueText(c.field, c.after),
    })),
  }));
}
