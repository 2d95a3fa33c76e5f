import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { auditRecords, permissions, users } from "@/db/schema";
import { authorize, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, zodFieldErrors } from "@/lib/platform/errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS } from "@/lib/platform/list";
import { ROLE } from "@/lib/platform/permissions";
import { MAX_ID } from "@/lib/platform/schemas";
import { mayViewRecord } from "@/lib/registry";

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
  const rows = await db
    .select({
      id: auditRecords.id,
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
    .where(where)
    .orderBy(desc(auditRecords.created_at), desc(auditRecords.id))
    .limit(rowsPerPage)
    .offset((page - 1) * rowsPerPage);
  const [{ n }] = await db.select({ n: count() }).from(auditRecords).where(where);
  const names = await permissionNames(rows.flatMap((x) => [x.old_json, x.new_json]));
  return {
    data: rows.map((x) => ({
      id: x.id,
      entity: x.entity,
      entity_id: x.entity_id,
      action: x.action,
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
      changes: diffRecords(x.old_json, x.new_json).map((c) => readablePermissions(c, names)),
    })),
    count: Number(n),
  };
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
