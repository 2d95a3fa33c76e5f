import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { PgTable } from "drizzle-orm/pg-core";
import { auditRecords, permissions, storedFiles, users } from "@/db/schema";
import { formatDateTime } from "@/lib/format";
import { authorize, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, zodFieldErrors } from "@/lib/platform/errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS } from "@/lib/platform/list";
import { ROLE } from "@/lib/platform/permissions";
import { isId, MAX_ID } from "@/lib/platform/schemas";
import { mayViewRecord } from "@/lib/registry";
import {
  historyField,
  REFERENCES,
  type HistoryKind,
  type Reference,
  type ReferenceDef,
} from "@/lib/admin/audit-fields";

/** One changed field of a record: its value before and after the change (raw JSON values). */
export type FieldChange = { field: string; before: unknown; after: unknown };

/**
 * Bookkeeping columns every table carries: they change on every save and say nothing a reader needs
 * (the entry itself shows who and when). Secrets are stripped when the record is written; listed again
 * so an older record never shows one.
 */
const IGNORED_FIELDS = new Set([
  "id",
  "created_at",
  "created_by",
  "updated_at",
  "updated_by",
  "deleted_at",
  "deleted_by",
  "session_version",
  "password",
  "password_hash",
  "password_confirmation",
  "soft_password",
  "token_hash",
  "code_hash",
]);

const isEmpty = (v: unknown) => v === null || v === undefined || v === "";

/** A stable text of a JSON value (object keys sorted), so equal values compare equal whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v ?? null);
}

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * The fields that differ between two versions of a record, in the record's own field order. Blank, null and
 * missing count as the same (a form saving '' over null changed nothing a reader would see); bookkeeping
 * columns (updated_at, updated_by, ...) are left out.
 */
export function diffRecords(before: unknown, after: unknown): FieldChange[] {
  const a = asObject(before);
  const b = asObject(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const out: FieldChange[] = [];
  for (const field of fields) {
    if (IGNORED_FIELDS.has(field)) continue;
    const x = a[field];
    const y = b[field];
    if (isEmpty(x) && isEmpty(y)) continue;
    if (canonical(x) === canonical(y)) continue;
    out.push({ field, before: x ?? null, after: y ?? null });
  }
  return out;
}

export const auditListSchema = z.object({
  entity: z
    .string({ error: "The entity field is required." })
    .trim()
    .min(1, "The entity field is required.")
    .max(80, "The entity may not be greater than 80 characters."),
  entity_id: z.coerce
    .number({ error: "The entity id field is required." })
    .int("The entity id must be a number.")
    .positive("The entity id field is required.")
    .max(MAX_ID, "The selected entity id is invalid."),
  page: z.coerce.number().int().min(1).catch(1),
  rowsPerPage: z.coerce.number().int().min(1).max(MAX_PAGE_ROWS).catch(DEFAULT_PAGE_SIZE),
});
export type AuditListInput = z.input<typeof auditListSchema>;

export type AuditEntry = {
  id: number;
  entity: string;
  entity_id: number | null;
  action: string;
  actor: { id: number; name: string } | null;
  created_at: Date;
  changes: FieldChange[];
};

/**
 * Whose history a caller reads: a SUPER ADMIN every record's; anyone else only a record they may view themselves
 * (mayViewRecord: the entity's view permission, and the record within their scope — company, own franchisee...).
 * Then they read all of it, whoever wrote it while acting for whichever company. A record they may not view reads
 * as one without history (`{ data: [], count: 0 }`), like the 404 of its other calls: nothing tells it from a
 * missing record. An entity missing from the registry has no history for them.
 */
async function mayReadHistory(ctx: Ctx, entity: string, id: number): Promise<boolean> {
  return ctx.roleName === ROLE.SUPER_ADMIN || mayViewRecord(ctx, entity, id);
}

/**
 * A record's history, newest first, each entry with its actor and its field-by-field changes: { data, count }.
 * audit.view, and the record itself viewable by the caller (mayReadHistory).
 */
export async function listAuditRecords(
  ctx: Ctx,
  raw: URLSearchParams | Record<string, unknown>,
): Promise<{ data: AuditEntry[]; count: number }> {
  authorize(ctx, "audit.view");
  const input = raw instanceof URLSearchParams ? Object.fromEntries(raw.entries()) : raw;
  const r = auditListSchema.safeParse({
    ...input,
    // Empty strings from a query string mean "not given".
    entity: input.entity === "" ? undefined : input.entity,
    entity_id: input.entity_id === "" || input.entity_id == null ? undefined : input.entity_id,
  });
  if (!r.success) throw invalid(zodFieldErrors(r.error.issues));
  const { entity, entity_id, page, rowsPerPage } = r.data;
  if (!(await mayReadHistory(ctx, entity, entity_id))) return { data: [], count: 0 };
  const where = and(eq(auditRecords.entity, entity), eq(auditRecords.entity_id, entity_id));
  const db = await getDb();
  // One entry per save: a save's audit records share its transaction's time (created_at is now()), so the page is
  // one of saves, newest first, each read with all its records.
  const saves = db
    .select({ at: auditRecords.created_at })
    .from(auditRecords)
    .where(where)
    .groupBy(auditRecords.created_at)
    .orderBy(desc(auditRecords.created_at))
    .limit(rowsPerPage)
    .offset((page - 1) * rowsPerPage);
  const rows = await db
    .select({
      id: auditRecords.id,
      save: sql<string>`${auditRecords.created_at}::text`,
      entity: auditRecords.entity,
      entity_id: auditRecords.entity_id,
      action: auditRecords.action,
      old_json: auditRecords.old_json,
      new_json: auditRecords.new_json,
      created_at: auditRecords.created_at,
      actor_id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      user_name: users.user_name,
      email: users.email,
    })
    .from(auditRecords)
    .leftJoin(users, eq(users.id, auditRecords.actor_id))
    .where(and(where, inArray(auditRecords.created_at, saves)))
    .orderBy(desc(auditRecords.created_at), auditRecords.id);
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${auditRecords.created_at})` })
    .from(auditRecords)
    .where(where);
  const names = await permissionNames(rows.flatMap((x) => [x.old_json, x.new_json]));
  const grouped = new Map<string, typeof rows>();
  for (const x of rows) grouped.set(x.save, [...(grouped.get(x.save) ?? []), x]);
  return {
    data: [...grouped.values()].map((save) => {
      const x = save.at(-1)!;
      return {
        id: x.id,
        entity: x.entity,
        entity_id: x.entity_id,
        action: saveAction(save.map((r) => r.action)),
        actor:
          x.actor_id == null
            ? null
            : {
                id: x.actor_id,
                name:
                  x.user_name?.trim() ||
                  [x.first_name, x.last_name].filter(Boolean).join(" ").trim() ||
                  x.email ||
                  "-",
              },
        created_at: x.created_at,
        changes: mergeChanges(save.map((r) => diffRecords(r.old_json, r.new_json))).map((c) =>
          readablePermissions(c, names),
        ),
      };
    }),
    count: Number(n),
  };
}

/** A save's action from its records' (in their order): a create stays a create, else the last that is no update. */
function saveAction(actions: string[]): string {
  if (actions.includes("create")) return "create";
  return actions.findLast((a) => a !== "update") ?? actions[0];
}

/** A save's changes from its records' (in their order): each field from its first value to its last. */
function mergeChanges(lists: FieldChange[][]): FieldChange[] {
  if (lists.length === 1) return lists[0];
  const merged = new Map<string, FieldChange>();
  for (const c of lists.flat()) {
    const seen = merged.get(c.field);
    merged.set(c.field, seen ? { ...seen, after: c.after } : c);
  }
  return [...merged.values()].filter(
    (c) => !(isEmpty(c.before) && isEmpty(c.after)) && canonical(c.before) !== canonical(c.after),
  );
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === "number");
const PERMISSION_LIST = /_permissions$/;

/** The permission names behind the id lists that positions and roles record (position_permissions, ...). */
async function permissionNames(snapshots: unknown[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const snap of snapshots) {
    if (!snap || typeof snap !== "object") continue;
    for (const [k, v] of Object.entries(snap))
      if (PERMISSION_LIST.test(k) && isIdList(v)) v.forEach((id) => ids.add(id));
  }
  if (!ids.size) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: permissions.id, name: permissions.permission_name })
    .from(permissions)
    .where(inArray(permissions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Shows a permission list change as the names removed and added ('removed: users.view' / 'added: users.export'),
 * so the history reads what changed rather than two long lists of ids.
 */
function readablePermissions(c: FieldChange, names: Map<number, string>): FieldChange {
  if (!PERMISSION_LIST.test(c.field)) return c;
  const before = isIdList(c.before) ? c.before : [];
  const after = isIdList(c.after) ? c.after : [];
  const label = (ids: number[]) =>
    ids
      .map((id) => names.get(id) ?? `#${id}`)
      .sort()
      .join(", ");
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  return {
    ...c,
    before: removed.length ? `removed: ${label(removed)}` : "-",
    after: added.length ? `added: ${label(added)}` : "-",
  };
}

/** One changed field as the history card shows it: the form's label, and both values as the form reads them. */
export type ReadableChange = { field: string; label: string; before: string; after: string };

/**
 * Entries' changes as a reader sees them: in the form's field order, labelled as the form labels them, ids read as
 * the names they point at, stored files as their names (never a storage key), flags and KYC as their words, dates
 * as the screens show them. The names behind all entries are read at once, one query per kind of record.
 */
export async function readableChanges(ctx: Ctx, entries: AuditEntry[]): Promise<ReadableChange[][]> {
  const fields = entries.map((e) =>
    e.changes
      .map((c) => ({ c, f: historyField(e.entity, c.field) }))
      .filter((x): x is { c: FieldChange; f: NonNullable<typeof x.f> } => x.f != null)
      // A stable sort: fields no list names keep the record's own order, after the listed ones.
      .sort((a, b) => a.f.order - b.f.order),
  );
  const ids = new Map<Reference, Set<number>>();
  const keys = new Set<string>();
  for (const { c, f } of fields.flat())
    for (const v of [c.before, c.after]) {
      if (typeof f.kind === "object" && "ref" in f.kind) {
        // One id, or a list of them (a PJP's outlets).
        for (const id of Array.isArray(v) ? v : [v]) {
          if (!isId(id)) continue;
          if (!ids.has(f.kind.ref)) ids.set(f.kind.ref, new Set());
          ids.get(f.kind.ref)!.add(id);
        }
      } else if (f.kind === "file" && typeof v === "string" && v) keys.add(v);
    }
  const names = await referenceNames(ctx, ids);
  const files = await fileNames(keys);
  return fields.map((list) =>
    list.map(({ c, f }) => ({
      field: c.field,
      label: f.label,
      before: readable(f.kind, c.before, names, files),
      after: readable(f.kind, c.after, names, files),
    })),
  );
}

/**
 * The names of the records the ids point at (trashed ones too: history is history), one query per kind, within the
 * caller's company: an id of another company's record names nothing (read as a removed record). A SUPER ADMIN who
 * chose no company reads every company's records, and so their names.
 */
async function referenceNames(
  ctx: Ctx,
  ids: Map<Reference, Set<number>>,
): Promise<Map<Reference, Map<number, string>>> {
  const out = new Map<Reference, Map<number, string>>();
  if (!ids.size) return out;
  const everyCompany = ctx.companyId == null && ctx.roleName === ROLE.SUPER_ADMIN;
  const db = await getDb();
  for (const [kind, set] of ids) {
    const r: ReferenceDef = REFERENCES[kind];
    const scope =
      everyCompany || !r.company ? undefined : ctx.companyId == null ? sql`false` : r.company(ctx.companyId);
    const rows = await db
      .select({ id: r.id, name: r.name })
      .from(r.id.table as PgTable)
      .where(and(inArray(r.id, [...set]), scope));
    out.set(kind, new Map(rows.map((x) => [Number(x.id), String(x.name ?? "")])));
  }
  return out;
}

/** The uploaded names of stored files by their keys (a replaced file's row is gone, and its name with it). */
async function fileNames(keys: Set<string>): Promise<Map<string, string>> {
  if (!keys.size) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ key: storedFiles.key, name: storedFiles.original_name })
    .from(storedFiles)
    .where(inArray(storedFiles.key, [...keys]));
  return new Map(rows.flatMap((r) => (r.name ? [[r.key, r.name] as const] : [])));
}

const KYC = ["Pending", "Approved", "Rejected"];
const YES_NO = (v: unknown) => (v === 1 || v === true || v === "1" ? "Yes" : "No");

/** One stored value as the form reads it; '-' for blank. */
function readable(
  kind: HistoryKind,
  v: unknown,
  names: Map<Reference, Map<number, string>>,
  files: Map<string, string>,
): string {
  if (v === null || v === undefined || v === "") return "-";
  if (kind === "flag") return YES_NO(v);
  if (kind === "kyc") return KYC[Number(v)] ?? "-";
  // The file's own name when it is still known; never the storage key.
  if (kind === "file") return (typeof v === "string" && files.get(v)) || "Uploaded file";
  if (typeof kind === "object" && "choices" in kind)
    return kind.choices[String(v)] ?? kind.otherwise ?? valueText(v);
  if (typeof kind === "object") {
    const name = (id: unknown) => (isId(id) && names.get(kind.ref)?.get(id)) || "Removed record";
    return Array.isArray(v)
      ? v
          .map(name)
          .sort((a, b) => a.localeCompare(b))
          .join(", ") || "-"
      : name(v);
  }
  return valueText(v);
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
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A plain value as the screens show it: Yes/No, dates DD-MM-YYYY (hh:mm A, India's time), rich text as text. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === "") return "-";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") {
    if (ISO_DATE_TIME.test(v)) return formatDateTime(v) || v;
    // A date alone is a calendar day: no time zone moves it.
    if (ISO_DATE.test(v)) return `${v.slice(8, 10)}-${v.slice(5, 7)}-${v.slice(0, 4)}`;
    if (LOOKS_LIKE_HTML.test(v)) return htmlToText(v) || "-";
    return v;
  }
  // A list of lines (a plan's walks) reads as its lines.
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.join("\n") || "-";
  return JSON.stringify(v);
}
