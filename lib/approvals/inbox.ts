import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  decidedBy,
  inboxScope,
  itemHref,
  pendingCounts,
  pendingOf,
  pendingTotal,
  type Approval,
  type PendingItem,
} from "@/lib/platform/approval";
import { can, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf } from "@/lib/platform/db";
import { forbidden, invalid } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import type { Permission } from "@/lib/platform/permissions";
import { approvals } from "@/lib/registry";

// The approvals inbox (issue 25): every pending item the caller may decide, across the workflows the registry
// declares (approvalOf), within their scope (the company; a MASTER FRANCHISEE's zones; a franchisee member's own
// franchisee), oldest first, keyset paged. The kernel's pendingOf lists them in one UNION ALL statement, a branch per
// declaration the caller decides, each reading its table's pending index in (company, asked_at, id) order: a page
// costs a few index range scans whatever the tables hold, and a new workflow's declaration adds its kind here.

/** The inbox's kinds: the entities whose workflow the registry declares, in its order. */
export const INBOX_KINDS = [...new Set(approvals.map((a) => a.entity.name))] as [string, ...string[]];
export type InboxKind = string;

/** Of each kind, its first declaration (a two-step workflow's first step): its label and list route. */
const firstOf = (k: InboxKind) => approvals.find((a) => a.entity.name === k)!;
const labelOf = (a: Approval) => a.inbox?.label ?? a.kind;

/** The permissions any of which lets a caller open the inbox (GET /api/approvals's variants): every transition's. */
export const INBOX_PERMISSIONS: Permission[] = [
  ...new Set(approvals.flatMap((a) => a.names.map((t) => a.permissionOf(t)))),
];

/** The kinds the caller may decide (none: the inbox answers 403). */
export function inboxKinds(ctx: Ctx): InboxKind[] {
  return decidedBy(ctx, approvals).map((a) => a.entity.name);
}

export type InboxItem = {
  kind: InboxKind;
  kind_label: string;
  id: string;
  asked_at: string;
  asked_by: string | null;
  franchisee_id: string | null;
  franchisee: string | null;
  summary: string | null;
  href: string;
};

export const inboxItemSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  kind_label: z.string(),
  id: z.string().describe("The item's opaque id (its entity's routes take it)."),
  asked_at: z.string().describe("When it was asked (ISO 8601)."),
  asked_by: z.string().nullable(),
  franchisee_id: z.string().nullable(),
  franchisee: z.string().nullable(),
  summary: z.string().nullable(),
  href: z.string().describe("The item's own screen in the portal."),
});

export const inboxQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS).optional().describe("Only this kind."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe("Items per page (default 25, at most 100)."),
  cursor: z.string().max(200).optional().describe("next_cursor of the previous page."),
  sort: z.enum(["asked_at"]).optional().describe("The order: asked_at, oldest first (the only one offered)."),
});

export const inboxAnswerSchema = z.object({
  data: z.array(inboxItemSchema),
  next_cursor: z.string().nullable(),
  counts: z.array(
    z.object({
      kind: z.enum(INBOX_KINDS),
      label: z.string(),
      count: z.number(),
      oldest: z.string().nullable(),
    }),
  ),
});

type Cursor = { at: string; kind: InboxKind; id: number };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.kind, c.id])).toString("base64url");
function decodeCursor(raw: string): Cursor {
  try {
    const [at, kind, id] = JSON.parse(Buffer.from(raw, "base64url").toString()) as [
      string,
      InboxKind,
      number,
    ];
    if (
      typeof at !== "string" ||
      Number.isNaN(Date.parse(at)) ||
      !INBOX_KINDS.includes(kind) ||
      !Number.isSafeInteger(id)
    )
      throw new Error("bad cursor");
    return { at, kind, id };
  } catch {
    throw invalid({ cursor: "The cursor is invalid." });
  }
}

/**
 * A page of the caller's pending items, oldest first (ties by kind, then id), with the counts per kind (and each
 * kind's oldest) the caller may decide. 403 when they may decide none.
 */
export async function listInbox(
  ctx: Ctx,
  raw: { kind?: string; limit?: number | string; cursor?: string; sort?: string; before?: string } = {},
): Promise<z.infer<typeof inboxAnswerSchema>> {
  // Oldest first is the inbox's one order, paged forwards only: a list's `before` is refused, not ignored.
  if (raw.before != null) throw invalid({ before: "The inbox pages forwards only: follow next_cursor." });
  const q = inboxQuerySchema.safeParse(raw);
  if (!q.success)
    throw invalid(Object.fromEntries(q.error.issues.map((i) => [String(i.path[0]), i.message])));
  const mine = decidedBy(ctx, approvals);
  if (!mine.length) throw forbidden();
  const limit = q.data.limit ?? 25;
  const cursor = q.data.cursor ? decodeCursor(q.data.cursor) : null;
  const shown = q.data.kind ? mine.filter((a) => a.entity.name === q.data.kind) : mine;
  const [page, counts] = await Promise.all([
    shown.length
      ? pendingOf(ctx, shown, {
          limit,
          after: cursor && { at: cursor.at, entity: cursor.kind, id: cursor.id },
        })
      : Promise.resolve({ data: [], next: null }),
    inboxCounts(ctx),
  ]);
  return {
    data: page.data.map(toItem),
    next_cursor: page.next
      ? encodeCursor({ at: page.next.at, kind: page.next.entity!, id: page.next.id })
      : null,
    counts,
  };
}

function toItem(p: PendingItem): InboxItem {
  return {
    kind: p.entity,
    kind_label: p.label,
    id: p.opaque_id,
    asked_at: p.asked_at.toISOString(),
    asked_by: p.asker,
    franchisee_id: p.franchisee ? encodeId(p.franchisee.id) : null,
    franchisee: p.franchisee?.name ?? null,
    summary: p.summary,
    href: p.href ?? "",
  };
}

/** How many items of each kind the caller may decide wait, and since when (the drawer's badge, the home's figure). */
export async function inboxCounts(
  ctx: Ctx,
  kinds?: InboxKind[],
): Promise<{ kind: InboxKind; label: string; count: number; oldest: string | null }[]> {
  const mine = decidedBy(ctx, approvals).filter((a) => !kinds || kinds.includes(a.entity.name));
  return (await pendingCounts(ctx, mine)).map((c) => ({
    kind: c.approval.entity.name,
    label: labelOf(c.approval),
    count: c.count,
    oldest: c.oldest,
  }));
}

/** The drawer's count stops here (it shows "999+" beyond 999). */
export const INBOX_TOTAL_CAP = 1000;

/**
 * The caller's pending total (0 when they decide nothing), up to INBOX_TOTAL_CAP: the drawer's count, rendered with
 * every portal page. The kinds' pending rows are read through their partial indexes and the count stops at the cap,
 * so a page never reads pending rows in proportion to the backlog (counting them all took 30-38 ms per page at bench
 * scale, 79k pending items). The inbox itself counts each kind exactly (inboxCounts).
 */
export const inboxTotal = (ctx: Ctx): Promise<number> => pendingTotal(ctx, approvals, INBOX_TOTAL_CAP);

/**
 * Requests by number (the command palette): the live requests of that id the caller may list, of every workflow
 * kind but the franchisees themselves, within the same scope as the inbox (pending or not). One primary-key probe
 * per kind.
 */
export async function requestsById(
  ctx: Ctx,
  id: number,
): Promise<{ kind: InboxKind; label: string; href: string }[]> {
  if (ctx.companyId == null || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return [];
  const kinds = INBOX_KINDS.map(firstOf).filter(
    (a) => a.entity.name !== "franchisees" && can(ctx, `${a.entity.name}.list` as Permission),
  );
  if (!kinds.length) return [];
  const db = await getDb();
  const parts = kinds.map((a): SQL => {
    const t = a.entity.table as PgTable & { id: AnyPgColumn };
    return sql`(select ${a.entity.name}::text as kind from ${t} where ${t.id} = ${id} and ${inboxScope(ctx, a, { pending: false })})`;
  });
  const rows = rowsOf<{ kind: InboxKind }>(await db.execute(sql.join(parts, sql` union all `)));
  return rows.map((r) => {
    const a = firstOf(r.kind);
    return { kind: r.kind, label: `${labelOf(a)} #${id}`, href: itemHref(a, encodeId(id)) ?? "" };
  });
}
