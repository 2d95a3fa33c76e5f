import "server-only";
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { userTimestamps, users } from "@/db/schema";
import { formatDateTime, formatDuration } from "@/lib/format";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { parseListParams, type ListParams, type ListSpec } from "@/lib/platform/lists";
import { defineMutation } from "@/lib/platform/mutations";
import type { ExportColumn } from "@/lib/platform/spreadsheet";

/** Time per page is capped at 1200 seconds (spec 000 §2.1). */
export const MAX_PAGE_SECONDS = 1200;

export const userTimestampSchema = z.object({
  from_path: z.string().trim().min(1, "The from path field is required.").max(500),
  from_name: z.string().trim().max(200).nullish(),
  timespent: z.coerce.number().int().min(0).max(86_400).nullish(),
  old_json: z.unknown().optional(),
  new_json: z.unknown().optional(),
});

function asJson(v: unknown): unknown {
  if (v == null || v === "") return null;
  if (typeof v === "string") {
    try {
      return JSON.parse(v);
    } catch {
      return { text: v.slice(0, 10_000) };
    }
  }
  return v;
}

/**
 * Records time spent on a page (or a client's edit audit with old_json/new_json) for the caller.
 * The user is always the caller: a user_id in the input is ignored.
 */
export async function recordUserTimestamp(ctx: Ctx, input: unknown): Promise<{ id: number }> {
  const r = userTimestampSchema.safeParse(input);
  if (!r.success) throw invalid(zodFieldErrors(r.error.issues));
  const v = r.data;
  const db = await getDb();
  const [row] = await db
    .insert(userTimestamps)
    .values({
      company_id: ctx.companyId,
      user_id: ctx.userId,
      from_path: v.from_path,
      from_name: v.from_name ?? null,
      timespent: v.timespent == null ? null : Math.min(v.timespent, MAX_PAGE_SECONDS),
      old_json: asJson(v.old_json),
      new_json: asJson(v.new_json),
    })
    .returning({ id: userTimestamps.id });
  return row;
}

/** The list's parameters: page, rowsPerPage, search_keyword and an optional user_id (spec 001 §7). */
export const userTimestampListSpec: ListSpec = {
  table: userTimestamps,
  id: userTimestamps.id,
  // No deletedAt here on purpose: deleted rows never come back (no trash view, spec 001 §4); the scope hides them.
  search: [userTimestamps.from_path, userTimestamps.from_name],
  filters: { user_id: { column: userTimestamps.user_id, kind: "int" } },
  orderBy: { column: userTimestamps.created_at, dir: "desc" },
};

/** The acting company's live rows; another company's row answers 404 like a missing one. */
function timestampScope(ctx: Ctx): SQL {
  return and(eq(userTimestamps.company_id, requireCompany(ctx)), isNull(userTimestamps.deleted_at))!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search covers the user's name and email (joined) as well as the URL and page name. */
function listConditions(ctx: Ctx, p: ListParams): SQL {
  const parts: SQL[] = [timestampScope(ctx)];
  if (typeof p.filters.user_id === "number") parts.push(eq(userTimestamps.user_id, p.filters.user_id));
  if (p.search) {
    const term = `%${escapeLike(p.search)}%`;
    parts.push(
      or(
        ilike(userTimestamps.from_path, term),
        ilike(userTimestamps.from_name, term),
        ilike(users.email, term),
        ilike(users.user_name, term),
        ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, term),
      )!,
    );
  }
  return and(...parts)!;
}

const listColumns = {
  id: userTimestamps.id,
  user_id: userTimestamps.user_id,
  first_name: users.first_name,
  last_name: users.last_name,
  user_name: users.user_name,
  email: users.email,
  from_path: userTimestamps.from_path,
  from_name: userTimestamps.from_name,
  timespent: userTimestamps.timespent,
  old_json: userTimestamps.old_json,
  new_json: userTimestamps.new_json,
  created_at: userTimestamps.created_at,
};

type RawRow = {
  id: number;
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  user_name: string | null;
  email: string | null;
  from_path: string;
  from_name: string | null;
  timespent: number | null;
  old_json: unknown;
  new_json: unknown;
  created_at: Date;
};

/** One row of the list: `name` is the user's display name and `url` the page (spec 001 §3: name, url, timespent). */
export type UserTimestampRow = {
  id: number;
  user_id: number;
  name: string;
  email: string | null;
  url: string;
  from_path: string;
  from_name: string | null;
  /** Seconds; null for an edit audit posted with old_json/new_json. */
  timespent: number | null;
  old_json: unknown;
  new_json: unknown;
  created_at: Date;
};

function toRow(r: RawRow): UserTimestampRow {
  const full = [r.first_name, r.last_name].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    user_id: r.user_id,
    name: r.user_name?.trim() || full || r.email || "-",
    email: r.email,
    url: r.from_path,
    from_path: r.from_path,
    from_name: r.from_name,
    timespent: r.timespent,
    old_json: r.old_json,
    new_json: r.new_json,
    created_at: r.created_at,
  };
}

/** The acting company's user timestamps, newest first: { data, count } (GET /user_timestamps and the page). */
export async function listUserTimestamps(
  ctx: Ctx,
  raw: URLSearchParams | Record<string, string | string[] | undefined>,
): Promise<{ data: UserTimestampRow[]; count: number }> {
  authorize(ctx, "user_timestamps.list");
  const p = parseListParams(raw, userTimestampListSpec);
  const where = listConditions(ctx, p);
  const db = await getDb();
  const rows = await db
    .select(listColumns)
    .from(userTimestamps)
    .leftJoin(users, eq(users.id, userTimestamps.user_id))
    .where(where)
    .orderBy(desc(userTimestamps.created_at), desc(userTimestamps.id))
    .limit(p.rowsPerPage)
    .offset((p.page - 1) * p.rowsPerPage);
  const [{ n }] = await db
    .select({ n: count() })
    .from(userTimestamps)
    .leftJoin(users, eq(users.id, userTimestamps.user_id))
    .where(where);
  return { data: rows.map(toRow), count: Number(n) };
}

/** Soft delete (sets deleted_at); there is no restore (spec 001 §4). Another company's id answers 404. */
export const deleteUserTimestamp = defineMutation({
  entity: "user_timestamps",
  action: "delete",
  permission: "user_timestamps.delete",
  input: z.object({ id: z.coerce.number().int().positive() }),
  async run({ ctx, input, tx }) {
    const [before] = await tx
      .select()
      .from(userTimestamps)
      .where(and(eq(userTimestamps.id, input.id), timestampScope(ctx)))
      .for("update");
    if (!before) throw notFound();
    const [after] = await tx
      .update(userTimestamps)
      .set({ deleted_at: new Date() })
      .where(eq(userTimestamps.id, input.id))
      .returning();
    return { id: input.id, before, after, result: { id: input.id } };
  },
});

export const userTimestampExportColumns: ExportColumn<UserTimestampRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Name", value: (r) => r.name, width: 28 },
  { header: "Email", value: (r) => r.email, width: 30 },
  { header: "URL", value: (r) => r.url, width: 40 },
  { header: "Page", value: (r) => r.from_name, width: 24 },
  // Blank for an edit audit: a '-' would be written as text with a formula guard.
  { header: "Time Spent", value: (r) => (r.timespent == null ? null : formatDuration(r.timespent)) },
  { header: "Time Spent (seconds)", value: (r) => r.timespent },
  { header: "Date", value: (r) => formatDateTime(r.created_at), width: 22 },
];

/** Every row of the list's search and filters, streamed in id batches for the export (memory stays flat). */
export async function* userTimestampsForExport(
  ctx: Ctx,
  raw: URLSearchParams,
): AsyncGenerator<UserTimestampRow> {
  authorize(ctx, "user_timestamps.export");
  const p = parseListParams(raw, userTimestampListSpec);
  const where = listConditions(ctx, p);
  const db = await getDb();
  let after = 0;
  for (;;) {
    const rows = await db
      .select(listColumns)
      .from(userTimestamps)
      .leftJoin(users, eq(users.id, userTimestamps.user_id))
      .where(and(where, gt(userTimestamps.id, after)))
      .orderBy(asc(userTimestamps.id))
      .limit(EXPORT_BATCH);
    for (const r of rows) yield toRow(r);
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

const EXPORT_BATCH = 1000;
