import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf } from "@/lib/platform/db";
import { forbidden, invalid } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { POSITION, ROLE, type Permission } from "@/lib/platform/permissions";

// The approvals inbox (issue 25): every pending item the caller may decide, across the ten workflow kinds, within
// their scope (the company; a MASTER FRANCHISEE's zones; a franchisee member's own franchisee), oldest first, keyset
// paged. One UNION ALL statement over the kinds the caller may decide; each branch reads its table's pending rows
// in (company, asked_at, id) order, so a page costs a few index range scans whatever the tables hold.

/** One kind of pending item: where its rows are, what makes one pending, who asked, and who may decide it. */
type KindSpec = {
  kind: InboxKind;
  /** The label of one item ("Walkie career request"). */
  label: string;
  /** The entity's list route; an item's own screen is `${href}/${opaque id}`. */
  href: string;
  /** The kind has no screen of its own per item (walk requests): an item opens its list's pending rows. */
  listOnly?: boolean;
  table: string;
  /** When it was asked (the age): a timestamptz expression over `t`. */
  askedAt: string;
  /** The pending predicate over `t`, for the caller (the monthly request's two stages differ by who decides). */
  pending: (ctx: Ctx) => string;
  /** Who asked: a text expression over `t` and `u` (users joined on `asker`). */
  asker: string | null;
  askedBy: string;
  /** The row's franchisee (id expression over `t`), when it has one. */
  franchisee: string | null;
  /** The row's zone for a MASTER FRANCHISEE's scope (expression over `t` and `f`, the franchisee joined). */
  zone: string | null;
  /** A one-line summary of the item. */
  summary: string;
  /** Whether the caller may take its approve / reject transitions at all. */
  may: (ctx: Ctx) => boolean;
  /** The permissions that let a caller decide it (the route's variants). */
  permissions: Permission[];
};

export const INBOX_KINDS = [
  "pet_walkie_career_requests",
  "pet_trainer_career_requests",
  "daycare_career_requests",
  "franchisee_career_requests",
  "franchisees",
  "franchisee_kyc_documents",
  "user_kyc_documents",
  "user_monthly_job_requests",
  "leave_requests",
  "customer_walk_requests",
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const isFranchiseeAdmin = (ctx: Ctx) =>
  ctx.franchiseeId != null &&
  (ctx.roleName === ROLE.FRANCHISEE_ADMIN || ctx.positionName === POSITION.FRANCHISEE_ADMIN);

const userName = `coalesce(nullif(u.user_name, ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''))`;
const career = (kind: InboxKind, label: string, name: string, zone: string | null = null): KindSpec => ({
  kind,
  label,
  href: `/${kind.replaceAll("_", "-")}`,
  table: kind,
  askedAt: "t.created_at",
  pending: () => "t.status = 0",
  asker: null,
  askedBy: `t.${name}`,
  franchisee: null,
  zone,
  summary: `coalesce(t.phone_no, '')`,
  may: (ctx) => can(ctx, `${kind}.update` as Permission),
  permissions: [`${kind}.update` as Permission],
});

const kycReviewer = (entity: "franchisee_kyc_documents" | "user_kyc_documents") => (ctx: Ctx) =>
  can(ctx, `${entity}.review` as Permission) && can(ctx, `${entity}.update` as Permission);

const KINDS: Record<InboxKind, KindSpec> = {
  pet_walkie_career_requests: career("pet_walkie_career_requests", "Walkie career request", "user_name"),
  pet_trainer_career_requests: career("pet_trainer_career_requests", "Trainer career request", "user_name"),
  daycare_career_requests: career("daycare_career_requests", "Daycare career request", "full_name"),
  franchisee_career_requests: career(
    "franchisee_career_requests",
    "Franchisee career request",
    "full_name",
    "t.zone_id",
  ),
  franchisees: {
    kind: "franchisees",
    label: "Franchisee",
    href: "/franchisees",
    table: "franchisees",
    askedAt: "t.created_at",
    pending: () => "t.status = 0",
    asker: null,
    askedBy: "t.name",
    franchisee: "t.id",
    zone: "t.zone_id",
    summary: `coalesce(t.email, '')`,
    may: (ctx) => can(ctx, "franchisees.approve"),
    permissions: ["franchisees.approve"],
  },
  franchisee_kyc_documents: {
    kind: "franchisee_kyc_documents",
    label: "Franchisee KYC document",
    href: "/franchisee-kyc-documents",
    table: "franchisee_kyc_documents",
    askedAt: "coalesce(t.submitted_at, t.created_at)",
    pending: () => "t.status = 0 and t.document_path is not null",
    asker: "t.updated_by",
    askedBy: userName,
    franchisee: "t.franchisee_id",
    zone: "f.zone_id",
    summary: "t.document_name",
    may: kycReviewer("franchisee_kyc_documents"),
    permissions: ["franchisee_kyc_documents.review" as Permission],
  },
  user_kyc_documents: {
    kind: "user_kyc_documents",
    label: "Staff KYC document",
    href: "/user-kyc-documents",
    table: "user_kyc_documents",
    askedAt: "coalesce(t.submitted_at, t.created_at)",
    pending: () => "t.status = 0 and t.document_path is not null",
    asker: "t.user_id",
    askedBy: userName,
    franchisee: "t.franchisee_id",
    zone: "f.zone_id",
    summary: "t.document_name",
    may: kycReviewer("user_kyc_documents"),
    permissions: ["user_kyc_documents.review" as Permission],
  },
  user_monthly_job_requests: {
    kind: "user_monthly_job_requests",
    label: "Monthly job request",
    href: "/user-monthly-job-requests",
    table: "user_monthly_job_requests",
    askedAt: "t.created_at",
    // A FRANCHISEE ADMIN decides the franchisee approval first; then an approver sets the status.
    pending: (ctx) =>
      isFranchiseeAdmin(ctx)
        ? "t.status = 0 and t.franchisee_approval_status = 0"
        : "t.status = 0 and t.franchisee_approval_status <> 0",
    asker: "t.user_id",
    askedBy: userName,
    franchisee: "t.franchisee_id",
    zone: "f.zone_id",
    summary: `to_char(t.start_date, 'DD-MM-YYYY') || ' to ' || to_char(t.end_date, 'DD-MM-YYYY')`,
    may: (ctx) =>
      isFranchiseeAdmin(ctx)
        ? can(ctx, "user_monthly_job_requests.update")
        : can(ctx, "user_monthly_job_requests.approve"),
    permissions: ["user_monthly_job_requests.approve", "user_monthly_job_requests.update"],
  },
  leave_requests: {
    kind: "leave_requests",
    label: "Leave request",
    href: "/leave-requests",
    table: "leave_requests",
    askedAt: "t.created_at",
    pending: () => "t.status = 0",
    asker: "t.user_id",
    askedBy: userName,
    franchisee: "t.franchisee_id",
    zone: "f.zone_id",
    summary: `to_char(t.date, 'DD-MM-YYYY') || case when t.leave_type = 'full_day' then ' (full day)'
      else ' ' || to_char(t.start_time, 'HH24:MI') || '–' || to_char(t.end_time, 'HH24:MI') end`,
    may: (ctx) => can(ctx, "leave_requests.approve"),
    permissions: ["leave_requests.approve"],
  },
  customer_walk_requests: {
    kind: "customer_walk_requests",
    label: "Walk request",
    href: "/customer-walk-requests",
    listOnly: true,
    table: "customer_walk_requests",
    askedAt: "t.requested_at",
    pending: () => "t.status = 'pending'",
    asker: "t.user_id",
    askedBy: userName,
    franchisee: "t.franchisee_id",
    zone: "f.zone_id",
    summary: `case when t.request_type = 'cancel' then 'Cancel the walk of ' || to_char(t.original_date, 'DD-MM-YYYY')
      else 'Reschedule ' || to_char(t.original_date, 'DD-MM-YYYY') || ' to ' || to_char(t.new_date, 'DD-MM-YYYY') end
      || ' (' || t.hours_before_walk || ' h before)'`,
    may: (ctx) => can(ctx, "customer_walk_requests.approve"),
    permissions: ["customer_walk_requests.approve"],
  },
};

/** A kind's label and list route (client-safe). */
export const inboxKindInfo = (k: InboxKind) => ({ kind: k, label: KINDS[k].label, href: KINDS[k].href });

/** The permissions any of which lets a caller open the inbox (GET /api/approvals's variants). */
export const INBOX_PERMISSIONS: Permission[] = [...new Set(INBOX_KINDS.flatMap((k) => KINDS[k].permissions))];

/** The kinds the caller may decide (none: the inbox answers 403). */
export function inboxKinds(ctx: Ctx): InboxKind[] {
  if (ctx.companyId == null) return [];
  return INBOX_KINDS.filter((k) => KINDS[k].may(ctx));
}

/** The scope of a kind's rows for the caller: the company, a MF's zones, a franchisee member's own franchisee. */
function scopeOf(ctx: Ctx, s: KindSpec, pendingOnly = true): { join: string; where: SQL } {
  const companyId = requireCompany(ctx);
  const parts: SQL[] = [sql`t.company_id = ${companyId}`, sql`t.deleted_at is null`];
  if (pendingOnly) parts.push(sql.raw(s.pending(ctx)));
  let join = "";
  if (ctx.zoneIds != null) {
    if (!s.zone) parts.push(sql`false`);
    else {
      if (s.zone.startsWith("f.")) join = ` join franchisees f on f.id = ${s.franchisee}`;
      parts.push(
        ctx.zoneIds.length
          ? sql`${sql.raw(s.zone)} in (${sql.join(
              ctx.zoneIds.map((z) => sql`${z}::int`),
              sql`, `,
            )})`
          : sql`false`,
      );
    }
  }
  if (ctx.franchiseeId != null && ctx.zoneIds == null) {
    // A franchisee member decides only their own franchisee's items; kinds without a franchisee are not theirs.
    parts.push(
      s.franchisee && s.kind !== "franchisees"
        ? sql`${sql.raw(s.franchisee)} = ${ctx.franchiseeId}`
        : sql`false`,
    );
  }
  return { join, where: sql.join(parts, sql` and `) };
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

/** The keyset condition of one branch: rows after the cursor in (asked_at, kind, id) order, kind constant here. */
function afterCursor(s: KindSpec, c: Cursor | null): SQL {
  if (!c) return sql`true`;
  const at = sql`${c.at}::timestamptz`;
  const askedAt = sql.raw(s.askedAt);
  if (s.kind > c.kind) return sql`${askedAt} >= ${at}`;
  if (s.kind < c.kind) return sql`${askedAt} > ${at}`;
  return sql`(${askedAt}, t.id) > (${at}, ${c.id}::int)`;
}

function branch(ctx: Ctx, s: KindSpec, c: Cursor | null, limit: number): SQL {
  const { join, where } = scopeOf(ctx, s);
  const userJoin = s.asker ? ` left join users u on u.id = ${s.asker}` : "";
  const fJoin = join || (s.franchisee ? ` left join franchisees f on f.id = ${s.franchisee}` : "");
  const franchiseeName = s.franchisee ? "f.name" : "null::text";
  return sql`(select ${s.kind}::text as kind, t.id, (${sql.raw(s.askedAt)})::text as asked_at,
    ${sql.raw(s.askedBy)} as asked_by, ${sql.raw(s.franchisee ?? "null::int")} as franchisee_id,
    ${sql.raw(franchiseeName)} as franchisee, ${sql.raw(s.summary)} as summary
    from ${sql.raw(s.table)} t${sql.raw(fJoin)}${sql.raw(userJoin)}
    where ${where} and ${afterCursor(s, c)}
    order by ${sql.raw(s.askedAt)}, t.id limit ${limit})`;
}

type RawItem = {
  kind: InboxKind;
  id: number;
  asked_at: string;
  asked_by: string | null;
  franchisee_id: number | null;
  franchisee: string | null;
  summary: string | null;
};

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
  const kinds = inboxKinds(ctx);
  if (!kinds.length) throw forbidden();
  const limit = q.data.limit ?? 25;
  const cursor = q.data.cursor ? decodeCursor(q.data.cursor) : null;
  const shown = q.data.kind ? kinds.filter((k) => k === q.data.kind) : kinds;
  const db = await getDb();
  const [page, counts] = await Promise.all([
    shown.length
      ? db.execute(
          sql`select * from (${sql.join(
            shown.map((k) => branch(ctx, KINDS[k], cursor, limit + 1)),
            sql` union all `,
          )}) i order by asked_at::timestamptz, kind, id limit ${limit + 1}`,
        )
      : Promise.resolve([]),
    inboxCounts(ctx, kinds),
  ]);
  const rows = rowsOf<RawItem>(page);
  const more = rows.length > limit;
  const data = rows.slice(0, limit).map(toItem);
  const last = rows[limit - 1];
  return {
    data,
    next_cursor:
      more && last ? encodeCursor({ at: last.asked_at, kind: last.kind, id: Number(last.id) }) : null,
    counts,
  };
}

const iso = (pgText: string) =>
  new Date(pgText.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")).toISOString();

function toItem(r: RawItem): InboxItem {
  const s = KINDS[r.kind];
  const id = encodeId(Number(r.id));
  return {
    kind: r.kind,
    kind_label: s.label,
    id,
    asked_at: iso(r.asked_at),
    asked_by: r.asked_by,
    franchisee_id: r.franchisee_id != null ? encodeId(Number(r.franchisee_id)) : null,
    franchisee: r.franchisee,
    summary: r.summary,
    href: itemHref(s, id),
  };
}

/** An item's screen: its own, or its list's pending rows for a kind without one (no link that answers 404). */
const itemHref = (s: KindSpec, opaqueId: string) =>
  s.listOnly ? `${s.href}?status=pending` : `${s.href}/${opaqueId}`;

/** How many items of each kind the caller may decide wait, and since when (the drawer's badge, the home's figure). */
export async function inboxCounts(
  ctx: Ctx,
  kinds: InboxKind[] = inboxKinds(ctx),
): Promise<{ kind: InboxKind; label: string; count: number; oldest: string | null }[]> {
  if (!kinds.length) return [];
  const db = await getDb();
  const parts = kinds.map((k) => {
    const s = KINDS[k];
    const { join, where } = scopeOf(ctx, s);
    return sql`(select ${k}::text as kind, count(*)::int as n, min(${sql.raw(s.askedAt)})::text as oldest
      from ${sql.raw(s.table)} t${sql.raw(join)} where ${where})`;
  });
  const rows = rowsOf<{ kind: InboxKind; n: number; oldest: string | null }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return kinds.map((k) => {
    const r = byKind.get(k);
    return {
      kind: k,
      label: KINDS[k].label,
      count: Number(r?.n ?? 0),
      oldest: r?.oldest ? iso(r.oldest) : null,
    };
  });
}

/** The drawer's count stops here (it shows "999+" beyond 999). */
export const INBOX_TOTAL_CAP = 1000;

/**
 * The caller's pending total (0 when they decide nothing), up to INBOX_TOTAL_CAP: the drawer's count, rendered with
 * every portal page. The kinds' pending rows are read through their partial indexes and the count stops at the cap,
 * so a page never reads pending rows in proportion to the backlog (counting them all took 30-38 ms per page at bench
 * scale, 79k pending items). The inbox itself counts each kind exactly (inboxCounts).
 */
export async function inboxTotal(ctx: Ctx): Promise<number> {
  const kinds = inboxKinds(ctx);
  if (!kinds.length) return 0;
  const db = await getDb();
  const parts = kinds.map((k) => {
    const s = KINDS[k];
    const { join, where } = scopeOf(ctx, s);
    return sql`(select 1 from ${sql.raw(s.table)} t${sql.raw(join)} where ${where})`;
  });
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (${sql.join(parts, sql` union all `)} limit ${INBOX_TOTAL_CAP}) p`,
    ),
  );
  return Number(n);
}

/**
 * Requests by number (the command palette): the live requests of that id the caller may list, of every workflow
 * kind, within the same scope as the inbox (pending or not). One primary-key probe per kind.
 */
export async function requestsById(
  ctx: Ctx,
  id: number,
): Promise<{ kind: InboxKind; label: string; href: string }[]> {
  if (ctx.companyId == null || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return [];
  const kinds = INBOX_KINDS.filter(
    (k) => KINDS[k].kind !== "franchisees" && can(ctx, `${KINDS[k].table}.list` as Permission),
  );
  if (!kinds.length) return [];
  const db = await getDb();
  const parts = kinds.map((k) => {
    const { join, where } = scopeOf(ctx, KINDS[k], false);
    return sql`(select ${k}::text as kind from ${sql.raw(KINDS[k].table)} t${sql.raw(join)} where t.id = ${id} and ${where})`;
  });
  const rows = rowsOf<{ kind: InboxKind }>(await db.execute(sql.join(parts, sql` union all `)));
  return rows.map((r) => ({
    kind: r.kind,
    label: `${KINDS[r.kind].label} #${id}`,
    href: itemHref(KINDS[r.kind], encodeId(id)),
  }));
}
