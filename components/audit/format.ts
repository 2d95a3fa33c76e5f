import "server-only";
// Turns audit entries into what the history card shows. The server component renders the first page with it and
// the 'Show more' action the next ones, so both look the same.
import { readableChanges, type AuditEntry } from "@/lib/history";
import { fieldLabel } from "@/lib/admin/audit-fields";
import { formatDateTime } from "@/lib/format";
import type { Ctx } from "@/lib/platform/context";

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
  // Account events (lib/platform/account-events.ts): their detail is the client address and the door used.
  password_reset: "Password reset",
  password_change: "Password changed",
  logout: "Logged out",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? fieldLabel(action);
}

/** Audit entries (newest first) → what the history card shows to the caller (see readableChanges). */
export async function toEntryViews(ctx: Ctx, entries: AuditEntry[]): Promise<AuditEntryView[]> {
  const changes = await readableChanges(ctx, entries);
  return entries.map((e, i) => ({
    id: e.id,
    action: actionLabel(e.action),
    actor: e.actor?.name ?? "-",
    when: formatDateTime(e.created_at),
    changes: changes[i].map((c) => ({ field: c.label, before: c.before, after: c.after })),
  }));
}
