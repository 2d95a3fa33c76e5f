import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { userTimestamps, users } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { oncePerKey } from "@/lib/platform/idempotency";
import { AppError, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import type { ExportDef } from "@/lib/platform/exports";
import {
  dateRangeFilter,
  defineList,
  iterateListBatches,
  listStatement,
  parseListQuery,
  referenceFilter,
  runListQuery,
  type ListResult,
  type RawParams,
  type RowOf,
} from "@/lib/platform/list";
import { writeAudit } from "@/lib/platform/mutations";

// Not a defineEntity: user_timestamps has no is_active/updated_*/deleted_by columns (the kernel's EntityTable), no
// create/update forms and no restore. It uses the kernel's list; the delete is the small function below.

/** Time per page is capped at 1200 seconds (spec 000 §2.1). */
export const MAX_PAGE_SECONDS = 1200;

/** The largest entry a client may send (its JSON text, old_json and new_json aside): page time and its context. */
export const MAX_ENTRY_BYTES = 2048;

/** The after-save call's old_json and new_json together at most (the table's check, user_timestamps_json_size_ck). */
export const MAX_EDIT_JSON_BYTES = 8192;

export const USER_TIMESTAMP_MESSAGES = {
  jsonTooLarge: `The old and new JSON may not be greater than ${MAX_EDIT_JSON_BYTES / 1024} KB together.`,
  entryTooLarge: `The entry may not be greater than ${MAX_ENTRY_BYTES / 1024} KB.`,
  auditLike: "Only page time or the old_json and new_json of a save can be recorded here.",
} as const;

/** No control characters (a path or page name is one line of text). */
const printable = (v: string) => !/[\u0000-\u001f\u007f]/.test(v);

/**
 * old_json / new_json of the spec's after-save call: "JSON text of the record before and after" (spec 001 §3), or
 * the JSON itself; stored as JSON. Text that is no JSON answers 422.
 */
const editJson = (label: string) =>
  z
    .unknown()
    .transform((v, c) => {
      if (v == null || v === "") return null;
      if (typeof v !== "string") return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        c.addIssue({ code: "custom", message: `The ${label} must be valid JSON.` });
        return z.NEVER;
      }
    })
    .describe(`JSON text (or JSON) of the record ${label === "old json" ? "before" : "after"} the save.`);

/**
 * What a client may record (spec 000 §7, 001 §3 and §7, 002 §7): the page it left, the page's name and the seconds
 * spent there; or, after a save (the spec's after-save call), the record's old_json and new_json, stored on the
 * caller's own timestamps as the client's word (client_reported). `user_id` is documented and accepted, but the user
 * is always the caller. Other keys are dropped; other keys that read as an edit record are refused (AUDIT_LIKE).
 */
export const userTimestampSchema = z
  .object({
    from_path: z
      .string({ error: "The from path field is required." })
      .trim()
      .min(1, "The from path field is required.")
      .max(500, "The from path may not be greater than 500 characters.")
      .refine(printable, "The from path may not contain control characters."),
    from_name: z
      .string()
      .trim()
      .max(200, "The from name may not be greater than 200 characters.")
      .refine(printable, "The from name may not contain control characters.")
      .nullish(),
    user_id: z
      .union([z.number(), z.string().max(40)])
      .nullish()
      .describe("Ignored: the caller is the user."),
    timespent: z.coerce
      .number({ error: "The timespent field is required." })
      .int("The timespent must be a whole number of seconds.")
      .min(0, "The timespent must be at least 0.")
      .max(86_400, "The timespent may not be greater than 86400.")
      .optional()
      .describe(
        `Seconds on the page; more than ${MAX_PAGE_SECONDS} is recorded as ${MAX_PAGE_SECONDS}. Required unless old_json or new_json is sent.`,
      ),
    old_json: editJson("old json").optional(),
    new_json: editJson("new json").optional(),
  })
  .superRefine((v, c) => {
    if (v.timespent === undefined && v.old_json == null && v.new_json == null)
      c.addIssue({ code: "custom", path: ["timespent"], message: "The timespent field is required." });
  });

/**
 * Keys that would make an entry read like an edit record of some other record in another form than the spec's
 * old_json/new_json (which record, what changed): refused rather than stored beside the page times an admin reads.
 * Edits are recorded by the server itself, in the edit's transaction (audit_records): that history is the authority.
 */
const AUDIT_LIKE =
  /^(old|new)_?(values?|data|record)$|^(before|after|changes?|diff|audit.*|entity(_id|_type)?|record(_id|_type)?|model(_id|_type)?|action|actor(_id)?)$/i;

const EDIT_KEYS = new Set(["old_json", "new_json"]);

const bytesOf = (v: unknown) => {
  try {
    return Buffer.byteLength(JSON.stringify(v) ?? "");
  } catch {
    return Infinity;
  }
};

/** 422 for audit-like keys; 413 for old and new JSON beyond 8 KB together, or the rest beyond MAX_ENTRY_BYTES. */
function checkEntry(input: unknown): void {
  if (!input || typeof input !== "object" || Array.isArray(input)) return;
  const entry = input as Record<string, unknown>;
  const auditLike = Object.keys(entry).filter((k) => AUDIT_LIKE.test(k));
  if (auditLike.length)
    throw invalid(Object.fromEntries(auditLike.map((k) => [k, USER_TIMESTAMP_MESSAGES.auditLike])));
  const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !EDIT_KEYS.has(k)));
  // A JSON text counts as its own length; JSON sent as such, as its text.
  const edit = [entry.old_json, entry.new_json]
    .filter((v) => v != null)
    .reduce<number>((n, v) => n + (typeof v === "string" ? Buffer.byteLength(v) : bytesOf(v)), 0);
  if (edit > MAX_EDIT_JSON_BYTES) throw new AppError(413, USER_TIMESTAMP_MESSAGES.jsonTooLarge);
  if (bytesOf(rest) > MAX_ENTRY_BYTES) throw new AppError(413, USER_TIMESTAMP_MESSAGES.entryTooLarge);
}

/** The table's size check refused the JSON (it measures the stored text, which may read longer than the sent one). */
function jsonCheckFailed(e: unknown): boolean {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string } };
  return err?.code === "23514" || err?.cause?.code === "23514";
}

/**
 * Records the caller's time on a page, or a save's old and new JSON (client_reported), in the acting company. A
 * user_id in the input is ignored: the row is always the caller's.
 */
export async function recordUserTimestamp(
  ctx: Ctx,
  input: unknown,
  o: { idempotencyKey?: string } = {},
): Promise<{ id: number }> {
  checkEntry(input);
  const r = userTimestampSchema.safeParse(input);
  if (!r.success) throw invalid(zodFieldErrors(r.error.issues));
  const v = r.data;
  const edit = v.old_json != null || v.new_json != null;
  const db = await getDb();
  // With an Idempotency-Key, a repeat (an app retrying after a lost answer) answers the first row and adds none.
  const once = { key: o.idempotencyKey, entity: "user_timestamps", raw: input };
  try {
    return await oncePerKey(ctx, once, ({ claim, settle }) =>
      db.transaction(async (tx) => {
        await claim(tx);
        const [row] = await tx
          .insert(userTimestamps)
          .values({
            company_id: ctx.companyId,
            user_id: ctx.userId,
            from_path: v.from_path,
            from_name: v.from_name || null,
            timespent: v.timespent === undefined ? null : Math.min(v.timespent, MAX_PAGE_SECONDS),
            old_json: edit ? (v.old_json ?? null) : null,
            new_json: edit ? (v.new_json ?? null) : null,
            client_reported: edit,
          })
          .returning({ id: userTimestamps.id });
        await settle(tx, row.id, row);
        return row;
      }),
    );
  } catch (e) {
    if (jsonCheckFailed(e)) throw new AppError(413, USER_TIMESTAMP_MESSAGES.jsonTooLarge);
    throw e;
  }
}

/** The user's display name: user name, else first and last name, else email (spec 001 §3: name, url, timespent). */
const displayName = sql<string>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), nullif(${users.email}, ''), '-')`;

/**
 * The list (spec 001 §7): search over the user's name and email and the URL and page name; user_id and a date range;
 * newest first. Deleted rows never come back (no trash view, spec 001 §4), so there is no `deletedAt` here.
 */
export const userTimestampList = defineList({
  from: userTimestamps,
  select: {
    id: userTimestamps.id,
    user_id: userTimestamps.user_id,
    name: displayName,
    email: users.email,
    url: userTimestamps.from_path,
    from_path: userTimestamps.from_path,
    from_name: userTimestamps.from_name,
    /** Seconds; null on an after-save entry and on rows from before every entry carried a time. */
    timespent: userTimestamps.timespent,
    /** Sent by an app's after-save call (old_json/new_json): the client's word; the server's history is the authority. */
    client_reported: userTimestamps.client_reported,
    created_at: userTimestamps.created_at,
  },
  joins: [{ table: users, on: eq(users.id, userTimestamps.user_id) }],
  where: isNull(userTimestamps.deleted_at),
  id: userTimestamps.id,
  // One line per field (chr(10)), so a term never matches across two fields.
  searchText: sql`concat_ws(chr(10), ${userTimestamps.from_path}, ${userTimestamps.from_name}, ${users.email}, ${users.user_name}, concat_ws(' ', ${users.first_name}, ${users.last_name}))`,
  filters: {
    user_id: referenceFilter(userTimestamps.user_id, "User"),
    date: dateRangeFilter(userTimestamps.created_at, "Date"),
  },
  // Newest first is id order (rows are only ever inserted), which the id index serves at a million rows.
  sort: { url: userTimestamps.from_path },
  export: [
    { header: "Id", field: "id" },
    { header: "Name", field: "name", width: 28 },
    { header: "Email", field: "email", width: 30 },
    { header: "URL", field: "url", width: 40 },
    { header: "Page", field: "from_name", width: 24 },
    { header: "Time Spent", field: "timespent", format: "duration" },
    { header: "Time Spent (seconds)", field: "timespent" },
    { header: "Date", field: "created_at", width: 22 },
  ],
});

/** One row of the list: `name` is the user's display name and `url` the page. */
export type UserTimestampRow = RowOf<typeof userTimestampList.select>;

/** The acting company's rows; another company's row answers 404 like a missing one. */
const companyRows = (ctx: Ctx) => eq(userTimestamps.company_id, requireCompany(ctx));

/** The acting company's user timestamps, newest first (GET /user_timestamps and the page). */
export async function listUserTimestamps(ctx: Ctx, raw: RawParams): Promise<ListResult<UserTimestampRow>> {
  authorize(ctx, "user_timestamps.list");
  const q = parseListQuery(userTimestampList, raw);
  return runListQuery(await getDb(), userTimestampList, q, companyRows(ctx));
}

/** Every row of the list's search and filters, streamed in keyset batches for the export (memory stays flat). */
export async function* userTimestampsForExport(
  ctx: Ctx,
  raw: URLSearchParams,
): AsyncGenerator<UserTimestampRow[]> {
  authorize(ctx, "user_timestamps.export");
  // The list's order (newest first unless a sort is asked), as the screen shows it.
  const q = parseListQuery(userTimestampList, raw);
  yield* iterateListBatches(await getDb(), userTimestampList, q, companyRows(ctx));
}

/** The export a signed download link names (lib/api/exports.ts); on PostgreSQL it runs in the export worker. */
export const userTimestampExport: ExportDef<UserTimestampRow> = {
  filename: "user-timestamps.xlsx",
  sheet: "User Timestamps",
  columns: userTimestampList.export!,
  rows: userTimestampsForExport,
  async statement(ctx, raw) {
    authorize(ctx, "user_timestamps.export");
    return listStatement(
      await getDb(),
      userTimestampList,
      parseListQuery(userTimestampList, raw),
      companyRows(ctx),
    );
  },
};

/** The user filter's choices: users with page time in the acting company (a skip scan of the user index). */
export async function userTimestampUsers(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  authorize(ctx, "user_timestamps.list");
  const company = requireCompany(ctx);
  const db = await getDb();
  // Each step jumps to the next user_id of user_timestamps_user_idx, so the cost follows the users, not the rows.
  const found = await db.execute<{ id: number | null }>(sql`
    with recursive u(id) as (
      (select user_id from user_timestamps where company_id = ${company} order by user_id limit 1)
      union all
      select (select t.user_id from user_timestamps t where t.company_id = ${company} and t.user_id > u.id
              order by t.user_id limit 1)
      from u where u.id is not null
    )
    select id from u where id is not null limit 500`);
  const rows = Array.isArray(found) ? found : (found as { rows: { id: number | null }[] }).rows;
  const ids = rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: displayName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(displayName), asc(users.id));
}

const deleteInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Soft delete (sets deleted_at), audited; there is no restore (spec 001 §4). Another company's id answers 404. */
export async function deleteUserTimestamp(ctx: Ctx, input: { id: unknown }): Promise<{ id: number }> {
  authorize(ctx, "user_timestamps.delete");
  const parsed = deleteInput.safeParse(input);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const { id } = parsed.data;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(userTimestamps)
      .where(and(eq(userTimestamps.id, id), companyRows(ctx), isNull(userTimestamps.deleted_at)))
      .for("update");
    if (!before) throw notFound();
    const [after] = await tx
      .update(userTimestamps)
      .set({ deleted_at: new Date() })
      .where(eq(userTimestamps.id, id))
      .returning();
    await writeAudit(tx, ctx, {
      entity: "user_timestamps",
      entityId: id,
      action: "delete",
      before,
      after,
      companyId: before.company_id,
    });
    return { id };
  });
}
