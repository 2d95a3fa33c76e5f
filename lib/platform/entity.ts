import "server-only";
import { and, eq, getTableColumns, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { authorize, can, requireCompany, type Ctx } from "./context";
import { getDb, type Executor, type Tx } from "./db";
import { AppError, invalid, notFound, zodFieldErrors, type FieldErrors } from "./errors";
import { withFiles, type FileRule, type NewFile, type StagedFiles } from "./files";
import { parseIdParam } from "./ids";
import {
  iterateListBatches,
  listStatement,
  parseListQuery,
  runListQuery,
  type List,
  type ListQuery,
  type RawParams,
  type Selection,
} from "./list";
import { oncePerKey } from "./idempotency";
import { statusSaved } from "./approval";
import { writeAudit } from "./mutations";
import { nextUpdatedAt, staleVersion, versionMatches, versionOf, type Expected } from "./versions";
import { ALL_PERMISSIONS, ROLE, type Permission } from "./permissions";
import { withCaller } from "./rls";

/** The operations an entity may offer; each maps to the permission `<name>.<op>`. */
export type Op = "list" | "view" | "create" | "update" | "delete" | "restore" | "export";
/** The permission prefixes of the registry ("positions", "users", ...): an entity's name must be one. */
export type EntityName = Permission extends `${infer P}.${string}` ? P : never;

/** A table with the columns every entity carries (db/schema/columns.ts). */
export type EntityTable = PgTable & {
  id: AnyPgColumn;
  is_active: AnyPgColumn;
  created_at: AnyPgColumn;
  updated_at: AnyPgColumn;
  created_by: AnyPgColumn;
  updated_by: AnyPgColumn;
  deleted_at: AnyPgColumn;
  deleted_by: AnyPgColumn;
};

/**
 * Which rows a caller may touch. `company`: the acting company's rows; `franchisee`: those, narrowed to the
 * caller's own franchisee when they belong to one; `own`: the caller's own rows; `global`: shared by every
 * company; `companies`: the company records themselves (the scope of their own `where`, no company needed to
 * list them). Outside the scope a row answers 404, exactly like a missing one.
 */
export type Scope = {
  kind: "company" | "franchisee" | "own" | "global" | "companies";
  where: (ctx: Ctx) => SQL | undefined;
  /** The company a row belongs to (the audit record's company); null for global rows. */
  companyOf: (row: Record<string, unknown>) => number | null;
  /** Values a new row gets from the caller (company_id, ...). */
  stamp: (ctx: Ctx) => Record<string, unknown>;
};

/** Rows of the acting company (company_id). */
export const companyScope = (t: { company_id: AnyPgColumn }): Scope => ({
  kind: "company",
  where: (ctx) => eq(t.company_id, requireCompany(ctx)),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => ({ company_id: requireCompany(ctx) }),
});

/**
 * Content the company publishes to its apps (banners, plans, blogs): the acting company's rows; an app user (role
 * USER) reads only the live ones that are `published` (e.g. active). Anything else answers them 404.
 */
export const appContentScope = (
  t: { company_id: AnyPgColumn; deleted_at: AnyPgColumn },
  published: SQL,
): Scope => ({
  ...companyScope(t),
  where: (ctx) =>
    and(
      eq(t.company_id, requireCompany(ctx)),
      ctx.roleName === ROLE.USER ? and(published, isNull(t.deleted_at)) : undefined,
    ),
});

/** Rows of the acting company, and only the caller's own franchisee's when the caller belongs to one. */
export const franchiseeScope = (t: { company_id: AnyPgColumn; franchisee_id: AnyPgColumn }): Scope => ({
  kind: "franchisee",
  where: (ctx) =>
    and(
      eq(t.company_id, requireCompany(ctx)),
      ctx.franchiseeId != null ? eq(t.franchisee_id, ctx.franchiseeId) : undefined,
    ),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => ({
    company_id: requireCompany(ctx),
    ...(ctx.franchiseeId != null ? { franchisee_id: ctx.franchiseeId } : {}),
  }),
});

/**
 * A MASTER FRANCHISEE's zones as a condition on `zone` (a zone column, or an expression giving a row's zone): rows
 * of their zones only (none when they oversee no zone); undefined for every other caller.
 */
export function zoneFilter(ctx: Ctx, zone: AnyPgColumn | SQL): SQL | undefined {
  if (ctx.zoneIds == null) return undefined;
  if (ctx.zoneIds.length === 0) return sql`false`;
  return sql`${zone} in (${sql.join(
    ctx.zoneIds.map((z) => sql`${z}::int`),
    sql`, `,
  )})`;
}

/**
 * Rows of the franchise network (spec 002 §6): the acting company's; a MASTER FRANCHISEE's only in their zones
 * (`zone`: the row's zone column or an expression giving it); a franchisee's member's only their own franchisee's
 * (`franchisee`: the row's franchisee column; a new row is stamped with it when `stampFranchisee`); an app user
 * (role USER) only their own rows (`own`: the row's user column, stamped on a new row).
 */
export const networkScope = (
  t: { company_id: AnyPgColumn },
  o: { zone?: AnyPgColumn | SQL; franchisee?: AnyPgColumn; stampFranchisee?: boolean; own?: AnyPgColumn },
): Scope => ({
  kind: "franchisee",
  where: (ctx) =>
    and(
      eq(t.company_id, requireCompany(ctx)),
      o.zone ? zoneFilter(ctx, o.zone) : undefined,
      o.franchisee && ctx.franchiseeId != null ? eq(o.franchisee, ctx.franchiseeId) : undefined,
      o.own && ctx.roleName === ROLE.USER ? eq(o.own, ctx.userId) : undefined,
    ),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => ({
    company_id: requireCompany(ctx),
    ...(o.stampFranchisee && ctx.franchiseeId != null ? { franchisee_id: ctx.franchiseeId } : {}),
    ...(o.own && ctx.roleName === ROLE.USER ? { [o.own.name]: ctx.userId } : {}),
  }),
});

/** The caller's own rows (within the acting company when the table has one). */
export const ownScope = (t: { user_id: AnyPgColumn; company_id?: AnyPgColumn }): Scope => ({
  kind: "own",
  where: (ctx) =>
    and(eq(t.user_id, ctx.userId), t.company_id ? eq(t.company_id, requireCompany(ctx)) : undefined),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => ({ user_id: ctx.userId, ...(t.company_id ? { company_id: requireCompany(ctx) } : {}) }),
});

/** Whether a screen of the scope needs an acting company first (the choose-company card). */
export const needsCompany = (s: Scope) => s.kind === "company" || s.kind === "franchisee" || s.kind === "own";
/** Whether rows belong to a company: another company's id answers 404 (the contract suite tries it). */
export const ownsRows = (s: Scope) => s.kind !== "global";

/** Rows every company shares (roles, modules, permissions): the permission alone decides. */
export const globalScope: Scope = {
  kind: "global",
  where: () => undefined,
  companyOf: () => null,
  stamp: () => ({}),
};

/** Live names are unique (case-insensitive) within the scope: a partial unique index backs the check. */
export type UniqueName = {
  column: AnyPgColumn;
  /** The partial unique index (db/schema): its violation answers 422 on `field`. */
  index: string;
  field?: string;
  message?: string;
};

/**
 * One live row per these columns' values within the scope (a holiday per state and date, a GST rate per state):
 * checked before a create or an update that sends one of the columns (422 on `field`) and before a restore (409);
 * the partial unique index `index` (db/schema) catches a race the check lost. Text columns compare case-insensitively;
 * a null value never clashes.
 */
export type UniqueRule = { columns: readonly AnyPgColumn[]; field: string; message: string; index: string };

export type EntityDecl<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown> = Record<string, never>,
> = {
  name: EntityName;
  /** The singular noun users read: "Position". */
  noun: string;
  /** The list's title and the export's sheet ("Companies"); default the noun with an s. */
  plural?: string;
  table: T;
  scope: Scope;
  create?: C;
  /**
   * The update form; default `patchOf(create)`. No `.default()` in it, so a key that was not sent is never
   * written. Declare it when the create form has object-level rules (refinements are not carried over).
   */
  update?: U;
  list?: List<S>;
  uniqueName?: UniqueName;
  /** Uniqueness over other columns than a name (see UniqueRule). */
  unique?: readonly UniqueRule[];
  /** The portal's list route ("/positions"): the menu, history and links read it. */
  href?: string;
  /** Columns never answered (password hashes...). */
  hidden?: readonly string[];
  /**
   * Columns holding a stored file's path (a logo, a KYC document). A create or update may carry an upload under
   * the column's name: checked by its rule with the input (a refusal is a field error and nothing is written),
   * stored, and its key written with the record in the save's transaction; see `saveWithFiles`.
   */
  files?: Record<string, FileRule>;
  /** What a record carries besides its row (child rows, permission ids): answered by get, recorded in the audit. */
  detail?: (db: Executor, row: T["$inferSelect"]) => Promise<D>;
  /** What the audit records besides the row, when it differs from `detail` (e.g. permission ids, not objects). */
  auditDetail?: (db: Executor, row: T["$inferSelect"]) => Promise<Record<string, unknown>>;
  /** Schema of the detail's keys, for the documented answer. */
  detailSchema?: z.ZodRawShape;
  /**
   * The /api's shape of a record where the spec words it otherwise than the row (spec 002 §3: a walk request's
   * processed_by the person, refund_eligibility a boolean): `record` reshapes the record an /api call answers
   * (entityRoute's get, create, update; a decision's), `fields` documents the keys it gives. The list's rows are
   * selected in that shape already: the list's answer documents `fields` too. The domain functions, the portal and
   * the audit keep the row. See apiRecord, apiRecordSchema (lib/platform/row-schema.ts).
   */
  apiShape?: { record: (row: Record<string, unknown>) => Record<string, unknown>; fields: z.ZodRawShape };
  /** The spec's texts; `deleteTitle` titles the delete confirmation where the spec words it (franchisees' 'Warning!'). */
  messages?: Partial<Record<"created" | "updated" | "deleted" | "restored" | "deleteTitle", string>>;
  /** Which operations exist (default: those whose permission is in the registry). */
  ops?: readonly Op[];
};

export type Entity<
  T extends EntityTable = EntityTable,
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  S extends Selection = Selection,
  D extends Record<string, unknown> = Record<string, unknown>,
> = EntityDecl<T, C, U, S, D> & {
  plural: string;
  update?: U;
  messages: Record<"created" | "updated" | "deleted" | "restored", string> & { deleteTitle?: string };
  ops: readonly Op[];
  /** The permission of an operation. */
  permission: (op: Op) => Permission;
};

/** Any entity, whatever its row and schema types (for the registry, routes, screens and actions). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- function members make Entity<...> invariant; this is "some entity".
export type AnyEntity = Entity<any, any, any, any, any>;

const OPS: readonly Op[] = ["list", "view", "create", "update", "delete", "restore", "export"];
const REGISTRY: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

type Unwrapped<F> = F extends z.ZodDefault<infer I> ? I : F;
/** The update form `patchOf` derives from a create form. */
export type PatchOf<C> =
  C extends z.ZodObject<infer Sh> ? z.ZodObject<{ [K in keyof Sh]: z.ZodOptional<Unwrapped<Sh[K]>> }> : C;

/** The create form with every field optional and no defaults: the update form of most entities. */
export function patchOf<C extends z.ZodType>(create: C): PatchOf<C> {
  if (!(create instanceof z.ZodObject)) return create as PatchOf<C>;
  const shape = Object.entries(create.shape as z.ZodRawShape).map(([k, f]) => [
    k,
    z.optional(f instanceof z.ZodDefault ? (f.unwrap() as z.ZodType) : f),
  ]);
  return z.object(Object.fromEntries(shape)) as unknown as PatchOf<C>;
}

/** Declares an entity once, as data; the builders below turn it into its domain functions. */
export function defineEntity<
  T extends EntityTable,
  C extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown> = Record<string, never>,
  U extends z.ZodType = PatchOf<C> extends z.ZodType ? PatchOf<C> : C,
>(decl: EntityDecl<T, C, U, S, D>): Entity<T, C, U, S, D> {
  const ops = decl.ops ?? OPS.filter((op) => REGISTRY.has(`${decl.name}.${op}`));
  for (const op of ops)
    if (!REGISTRY.has(`${decl.name}.${op}`))
      throw new Error(`${decl.name}: no permission ${decl.name}.${op} in PERMISSION_REGISTRY`);
  return {
    ...decl,
    plural: decl.plural ?? `${decl.noun}s`,
    update: decl.update ?? (decl.create ? (patchOf(decl.create) as unknown as U) : undefined),
    ops,
    permission: (op) => `${decl.name}.${op}` as Permission,
    messages: {
      created: `${decl.noun} created successfully.`,
      updated: `${decl.noun} updated successfully.`,
      deleted: `${decl.noun} deleted successfully.`,
      restored: `${decl.noun} restored successfully.`,
      ...decl.messages,
    },
  };
}

/** What the route table, the actions and the contract suite read off a built function. */
export type OpMeta = { entity: AnyEntity; op: Op | "upsert"; permissions: Permission[] };
type WithMeta<F> = F & { meta: OpMeta };
const withMeta = <F>(fn: F, meta: OpMeta): WithMeta<F> =>
  Object.assign(boundToCaller(fn as (...a: unknown[]) => unknown), { meta }) as WithMeta<F>;

/** Every built operation's statements run for the caller it is handed (row-level security, lib/platform/rls.ts). */
function boundToCaller(fn: (...a: unknown[]) => unknown) {
  return (...args: unknown[]) => {
    const ctx = args[0] as Ctx | null | undefined;
    return ctx && typeof ctx === "object" && "roleName" in ctx
      ? withCaller(ctx, () => fn(...args))
      : fn(...args);
  };
}

/**
 * A built function wrapped by a rule that must run before it (a check before its scope lookup or parse): the
 * wrapper keeps the built function's meta, so the route table, the actions and the contract suite still read it.
 */
export const wrapBuilt = <F>(built: { meta: OpMeta }, fn: F): WithMeta<F> => withMeta(fn, built.meta);

type Row<T extends EntityTable> = T["$inferSelect"];

function strip<R extends Record<string, unknown>>(def: AnyEntity, row: R): R {
  if (!def.hidden?.length) return row;
  const out = { ...row };
  for (const k of def.hidden) delete out[k];
  return out;
}

async function withDetail(def: AnyEntity, db: Executor, row: Record<string, unknown>) {
  return def.detail ? { ...row, ...(await def.detail(db, row)) } : row;
}

/** The record as its audit entry shows it. */
async function audited(def: AnyEntity, db: Executor, row: Record<string, unknown>) {
  return def.auditDetail ? { ...row, ...(await def.auditDetail(db, row)) } : withDetail(def, db, row);
}

/**
 * Ends a save: the audit record (the row's own company) in the save's transaction, and the answer (the row with
 * its detail, hidden columns removed). The detail is read once when the audit records it too.
 */
async function auditAndAnswer(
  def: AnyEntity,
  tx: Tx,
  ctx: Ctx,
  e: { action: "create" | "update"; row: Record<string, unknown>; before: unknown },
) {
  const full = await withDetail(def, tx, e.row);
  const after = def.auditDetail ? { ...e.row, ...(await def.auditDetail(tx, e.row)) } : full;
  await writeAudit(tx, ctx, {
    entity: def.name,
    entityId: e.row.id as number,
    action: e.action,
    before: e.before,
    after,
    companyId: def.scope.companyOf(e.row),
  });
  return strip(def, full);
}

const live = (t: EntityTable) => isNull(t.deleted_at);

/** GET list: permission, scope, filters, sort, paging and the count strategy → { data, count, ... }. */
export function listOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(def: Entity<T, C, U, S, D>) {
  if (!def.list) throw new Error(`${def.name}: listOf needs a list`);
  const list = def.list;
  return withMeta(
    async (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => {
      authorize(ctx, def.permission("list"));
      const q = parsed ?? parseListQuery(list, raw);
      return runListQuery(await getDb(), list, q, def.scope.where(ctx));
    },
    { entity: def as AnyEntity, op: "list", permissions: [def.permission("list")] },
  );
}

/** Every row of the list's filters in the list's order, streamed for the export (permission `<name>.export`). */
export function exportOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(def: Entity<T, C, U, S, D>, o: { filename?: string; sheet?: string } = {}) {
  if (!def.list?.export) throw new Error(`${def.name}: exportOf needs list.export columns`);
  const list = def.list;
  /** The export's permission, then the list's filters, search, trash view and sort. */
  const exportQuery = (ctx: Ctx, params: URLSearchParams) => {
    authorize(ctx, def.permission("export"));
    return parseListQuery(list as unknown as List<Selection>, params);
  };
  return {
    filename: o.filename ?? `${def.name.replace(/_/g, "-")}.xlsx`,
    sheet: o.sheet ?? def.plural,
    columns: list.export!,
    async *rows(ctx: Ctx, params: URLSearchParams) {
      const q = exportQuery(ctx, params);
      // 500-row keyset batches, the next fetched while one is written, mapped from arrays rather than through
      // drizzle's per-row mapping (iterateListBatches). 950k users to CSV on the production server: 500-row batches
      // 24 s (35 s through drizzle's mapping); 250-row batches passed row by row, 53 s.
      yield* iterateListBatches(await getDb(), list, q, def.scope.where(ctx), 500);
    },
    async statement(ctx: Ctx, params: URLSearchParams) {
      return listStatement(await getDb(), list, exportQuery(ctx, params), def.scope.where(ctx));
    },
  };
}

/** GET one: permission, scope (404 outside it), live rows only; the detail merged in, hidden columns removed. */
export function getOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(def: Entity<T, C, U, S, D>, o: { permission?: Permission | ((ctx: Ctx) => boolean) } = {}) {
  return withMeta(
    async (ctx: Ctx, id: number): Promise<Row<T> & D> => {
      if (typeof o.permission === "function") {
        if (!o.permission(ctx)) authorize(ctx, def.permission("view"));
      } else authorize(ctx, o.permission ?? def.permission("view"));
      const db = await getDb();
      const t = def.table;
      const [row] = (await db
        .select()
        .from(t as PgTable)
        .where(and(eq(t.id, id), live(t), def.scope.where(ctx)))
        .limit(1)) as Record<string, unknown>[];
      if (!row) throw notFound();
      return strip(def as AnyEntity, await withDetail(def as AnyEntity, db, row)) as Row<T> & D;
    },
    { entity: def as AnyEntity, op: "view", permissions: [def.permission("view")] },
  );
}

/**
 * The input parsed by the schema, and the uploads under the entity's file columns checked by their rules; the
 * field errors of both answer together, before anything is written or stored. An empty file is no upload.
 */
async function parseInput<S extends z.ZodType>(def: AnyEntity, schema: S, raw: unknown) {
  const r = schema.safeParse(raw);
  const errors: FieldErrors = r.success ? {} : zodFieldErrors(r.error.issues);
  const files: Record<string, NewFile> = {};
  for (const [column, rule] of Object.entries(def.files ?? {})) {
    const upload = (raw as Record<string, unknown> | null)?.[column];
    if (!(upload instanceof File) || upload.size === 0) continue;
    const checked = await rule(upload);
    if (checked.ok) files[column] = checked.file;
    else errors[column] ??= checked.message;
  }
  if (!r.success || Object.keys(errors).length) throw invalid(errors);
  return { input: r.data as z.output<S>, files };
}

/**
 * A save with its uploads, all or nothing: the files are stored first (withFiles), then `save` runs its
 * transaction and ends it with `attach`, which writes the new keys on the row and the stored_files rows in that
 * transaction. A failed save removes the stored files; a committed one removes the files it replaced.
 */
function saveWithFiles<R>(
  ctx: Ctx,
  def: AnyEntity,
  prefix: string,
  files: Record<string, NewFile>,
  save: (attach: AttachFiles) => Promise<R>,
): Promise<R> {
  if (!Object.keys(files).length) return save(async (_tx, row) => row);
  return withFiles(ctx, prefix, files, (staged: StagedFiles<string>) =>
    save(async (tx, row, before) => {
      const columns = Object.keys(staged.keys);
      const owner = { entity: def.name, id: row.id as number, companyId: def.scope.companyOf(row) };
      await staged.attach(tx, owner, before ? columns.map((c) => before[c]) : []);
      const [updated] = (await tx
        .update(def.table)
        .set(staged.keys as never)
        .where(eq(def.table.id, row.id as number))
        .returning()) as Record<string, unknown>[];
      return updated;
    }),
  );
}

/** Ends a save with its files: their keys on the row (the updated row answered) and their stored_files rows. */
type AttachFiles = (
  tx: Tx,
  row: Record<string, unknown>,
  /** The row before an update: the files it held in the columns written are replaced. */
  before?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** The unique-name check, before the write, so its message shows with the form's other field errors. */
async function nameTaken(tx: Executor, def: AnyEntity, ctx: Ctx, name: unknown, exceptId?: number) {
  const u = def.uniqueName;
  if (!u || typeof name !== "string") return false;
  const t = def.table;
  const [hit] = await tx
    .select({ id: t.id })
    .from(t as PgTable)
    .where(
      and(
        live(t),
        sql`lower(${u.column}) = ${name.toLowerCase()}`,
        exceptId != null ? ne(t.id, exceptId) : undefined,
        needsCompany(def.scope) ? def.scope.where(ctx) : undefined,
      ),
    )
    .limit(1);
  return !!hit;
}

const nameField = (def: AnyEntity) => def.uniqueName?.field ?? def.uniqueName?.column.name ?? "name";
const nameMessage = (def: AnyEntity) => def.uniqueName?.message ?? "The name has already been taken.";

/** The row's key of a column of the entity's table (the TypeScript key, which may differ from the SQL name). */
function keyOf(def: AnyEntity, column: AnyPgColumn): string {
  for (const [k, c] of Object.entries(getTableColumns(def.table as PgTable))) if (c === column) return k;
  return column.name;
}

const isText = (c: AnyPgColumn) => c.columnType === "PgVarchar" || c.columnType === "PgText";

/** Whether another live row in the caller's scope holds the rule's values (those of `values`, by row key). */
async function ruleTaken(
  tx: Executor,
  def: AnyEntity,
  ctx: Ctx,
  rule: UniqueRule,
  values: Record<string, unknown>,
  exceptId?: number,
) {
  const same: SQL[] = [];
  for (const c of rule.columns) {
    const v = values[keyOf(def, c)];
    if (v === null || v === undefined) return false;
    same.push(isText(c) ? sql`lower(${c}) = ${String(v).toLowerCase()}` : eq(c, v));
  }
  const t = def.table;
  const [hit] = await tx
    .select({ id: t.id })
    .from(t as PgTable)
    .where(
      and(
        live(t),
        ...same,
        exceptId != null ? ne(t.id, exceptId) : undefined,
        needsCompany(def.scope) ? def.scope.where(ctx) : undefined,
      ),
    )
    .limit(1);
  return !!hit;
}

/**
 * The unique rules' errors of a save, into `errors`: each rule whose columns the save sets (all of them on a create
 * or restore), unless one of those columns (or the rule's field) is refused already — a refused reference (another
 * company's user, an inactive state) is said once, as itself.
 */
async function checkUnique(
  tx: Executor,
  def: AnyEntity,
  ctx: Ctx,
  values: Record<string, unknown>,
  errors: FieldErrors,
  o: { sent?: Record<string, unknown>; exceptId?: number } = {},
): Promise<void> {
  for (const rule of (def.unique ?? []) as UniqueRule[]) {
    const keys = rule.columns.map((c) => keyOf(def, c));
    if (o.sent && !keys.some((k) => o.sent![k] !== undefined)) continue;
    if (errors[rule.field] || keys.some((k) => errors[k])) continue;
    if (await ruleTaken(tx, def, ctx, rule, values, o.exceptId)) errors[rule.field] = rule.message;
  }
}

/**
 * A unique violation of the entity's live-name index or of a rule's index (a race the check lost) answers like the
 * check: the field and message it concerns; null for any other error.
 */
function uniqueViolation(def: AnyEntity, e: unknown): { field: string; message: string } | null {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const err = c as { code?: string; constraint?: string; constraint_name?: string };
    if (err.code === "23505") {
      const name = err.constraint ?? err.constraint_name;
      const rule = ((def.unique ?? []) as UniqueRule[]).find((r) => r.index === name);
      if (rule) return { field: rule.field, message: rule.message };
      return def.uniqueName && (!name || name === def.uniqueName.index)
        ? { field: nameField(def), message: nameMessage(def) }
        : null;
    }
  }
  return null;
}

async function transact<R>(def: AnyEntity, status: 409 | 422, fn: (tx: Tx) => Promise<R>): Promise<R> {
  const db = await getDb();
  try {
    return await db.transaction(fn);
  } catch (e) {
    const v = uniqueViolation(def, e);
    if (v) {
      if (status === 409) throw new AppError(409, v.message);
      throw invalid({ [v.field]: v.message });
    }
    throw e;
  }
}

/** How a create is asked: with an Idempotency-Key, a repeat answers the first create (lib/platform/idempotency.ts). */
export type CreateOptions = { idempotencyKey?: string };
/** How an update is asked: with the version the caller read, a stale save is refused (lib/platform/versions.ts). */
export type UpdateOptions = { version?: Expected | string | null };

type CreateRun<T extends EntityTable, I> = (a: {
  ctx: Ctx;
  tx: Tx;
  input: I;
  /** Inserts the row with the caller's company (scope) and the created/updated stamps. */
  insert: (values: Record<string, unknown>) => Promise<Row<T>>;
  /** Field errors found by the entity's own checks are thrown together with the name check's. */
  errors: FieldErrors;
}) => Promise<Row<T>>;

/**
 * POST create: permission → parse → transaction → unique name → the row (with scope stamps) → audit record
 * (the row's company) in the same transaction. `run` adds the entity's own rules and child rows.
 */
export function createOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(def: Entity<T, C, U, S, D>, run?: CreateRun<T, z.output<C>>) {
  if (!def.create) throw new Error(`${def.name}: createOf needs a create schema`);
  const d = def as AnyEntity;
  return withMeta(
    async (ctx: Ctx, raw: unknown, o: CreateOptions = {}): Promise<Row<T> & D> => {
      authorize(ctx, def.permission("create"));
      const { input, files } = await parseInput(d, def.create!, raw);
      return oncePerKey(ctx, { key: o.idempotencyKey, entity: def.name, raw }, (once) =>
        saveWithFiles(ctx, d, `${def.name}/new`, files, (attachFiles) =>
          transact(d, 422, async (tx) => {
            await once.claim(tx);
            const errors: FieldErrors = {};
            if (await nameTaken(tx, d, ctx, (input as Record<string, unknown>)[nameField(d)]))
              errors[nameField(d)] = nameMessage(d);
            const insert = async (values: Record<string, unknown>) => {
              // After the entity's own checks, so a refused reference is not also said to clash.
              await checkUnique(tx, d, ctx, { ...(input as Record<string, unknown>), ...values }, errors);
              if (Object.keys(errors).length) throw invalid(errors);
              const [row] = await tx
                .insert(def.table)
                .values({
                  ...values,
                  ...def.scope.stamp(ctx),
                  created_by: ctx.userId,
                  updated_by: ctx.userId,
                } as never)
                .returning();
              return row as Row<T>;
            };
            const inserted = run
              ? await run({ ctx, tx, input: input as z.output<C>, insert, errors })
              : await insert(input as Record<string, unknown>);
            if (Object.keys(errors).length) throw invalid(errors);
            const row = await attachFiles(tx, inserted as Record<string, unknown>);
            const answer = await auditAndAnswer(d, tx, ctx, { action: "create", row, before: null });
            await once.settle(tx, row.id as number, answer);
            return answer as Row<T> & D;
          }),
        ),
      );
    },
    { entity: d, op: "create", permissions: [def.permission("create")] },
  );
}

type UpdateRun<T extends EntityTable, I> = (a: {
  ctx: Ctx;
  tx: Tx;
  input: I;
  /** The row as it was (locked for this transaction). */
  before: Row<T>;
  /** Only the keys the caller sent, parsed. */
  patch: Partial<I>;
  /** Writes these columns with the updated stamps. */
  write: (values: Record<string, unknown>) => Promise<Row<T>>;
  errors: FieldErrors;
}) => Promise<Row<T>>;

/** The keys the caller sent (an update never applies a create default or resets what was left out). */
function sentKeys<I>(raw: unknown, parsed: I): Partial<I> {
  const sent = raw && typeof raw === "object" ? new Set(Object.keys(raw)) : new Set<string>();
  const out: Partial<I> = {};
  for (const [k, v] of Object.entries(parsed as object))
    if (sent.has(k) && k !== "id") (out as Record<string, unknown>)[k] = v;
  return out;
}

/**
 * PATCH / update (input carries `id`): permission → parse → transaction → the row locked within the scope (404
 * outside it) → unique name → only the sent keys written → audit record with before and after.
 */
export function updateOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(def: Entity<T, C, U, S, D>, run?: UpdateRun<T, z.output<U>>) {
  if (!def.update) throw new Error(`${def.name}: updateOf needs an update schema`);
  const d = def as AnyEntity;
  return withMeta(
    async (ctx: Ctx, raw: unknown, o: UpdateOptions = {}): Promise<Row<T> & D> => {
      authorize(ctx, def.permission("update"));
      const expected = typeof o.version === "string" && o.version !== "*" ? [o.version] : (o.version ?? null);
      const id = idOf(raw);
      const parsed = await parseInput(d, def.update!, raw);
      const input = parsed.input as z.output<U>;
      const patch = sentKeys(raw, input);
      return saveWithFiles(ctx, d, `${def.name}/${id}`, parsed.files, (attachFiles) =>
        transact(d, 422, async (tx) => {
          const t = def.table;
          const [row] = (await tx
            .select()
            .from(t as PgTable)
            .where(and(eq(t.id, id), live(t), def.scope.where(ctx)))
            .for("update")) as Row<T>[];
          if (!row) throw notFound();
          // Compared under the row's lock: of saves sent with one version, the first wins and the rest are stale.
          if (expected && !versionMatches(expected, versionOf(row as Record<string, unknown>)))
            throw await staleVersion(tx, def.name, row as { id: number });
          const before = await audited(d, tx, row as Record<string, unknown>);
          const errors: FieldErrors = {};
          const name = (patch as Record<string, unknown>)[nameField(d)];
          if (name !== undefined && (await nameTaken(tx, d, ctx, name, id)))
            errors[nameField(d)] = nameMessage(d);
          const write = async (values: Record<string, unknown>) => {
            const merged = { ...(row as Record<string, unknown>), ...values };
            await checkUnique(tx, d, ctx, merged, errors, { sent: values, exceptId: id });
            if (Object.keys(errors).length) throw invalid(errors);
            const [updated] = await tx
              .update(t)
              .set({
                ...values,
                updated_at: nextUpdatedAt((row as Record<string, unknown>).updated_at),
                updated_by: ctx.userId,
              } as never)
              .where(eq(t.id, id))
              .returning();
            return updated as Row<T>;
          };
          const written = run
            ? await run({ ctx, tx, input, before: row, patch, write, errors })
            : await write(patch as Record<string, unknown>);
          if (Object.keys(errors).length) throw invalid(errors);
          const updated = await attachFiles(
            tx,
            written as Record<string, unknown>,
            row as Record<string, unknown>,
          );
          // A workflow status saved out of its pending state: the item's notifications are done, as a decision's.
          await statusSaved(def.name, { tx, before: row as Record<string, unknown>, row: updated });
          const answer = await auditAndAnswer(d, tx, ctx, { action: "update", row: updated, before });
          return answer as Row<T> & D;
        }),
      );
    },
    { entity: d, op: "update", permissions: [def.permission("update")] },
  );
}

function idOf(raw: unknown): number {
  const v = (raw as { id?: unknown } | null)?.id;
  const id =
    typeof v === "number"
      ? Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647
        ? v
        : null
      : parseIdParam(String(v ?? ""));
  if (id == null || id > 2_147_483_647) throw notFound();
  return id;
}

/** POST with or without an id (the spec's one form for both): update when the body names a record, else create. */
export function upsertOf<
  F1 extends WithMeta<(ctx: Ctx, raw: unknown, o?: CreateOptions) => Promise<unknown>>,
  F2 extends WithMeta<(ctx: Ctx, raw: unknown, o?: UpdateOptions) => Promise<unknown>>,
>(create: F1, update: F2) {
  const def = create.meta.entity;
  return withMeta(
    async (
      ctx: Ctx,
      body: Record<string, unknown>,
      o: CreateOptions & UpdateOptions = {},
    ): Promise<Awaited<ReturnType<F1>>> => {
      const raw = body.id;
      if (raw == null || raw === "")
        return (await create(ctx, body, { idempotencyKey: o.idempotencyKey })) as Awaited<ReturnType<F1>>;
      return (await update(ctx, { ...body, id: idOf({ id: raw }) }, { version: o.version })) as Awaited<
        ReturnType<F1>
      >;
    },
    { entity: def, op: "upsert", permissions: [def.permission("create"), def.permission("update")] },
  );
}

type Guard<T extends EntityTable> = (a: { ctx: Ctx; tx: Tx; row: Row<T> }) => Promise<void>;

function lifecycle<T extends EntityTable>(
  def: Entity<T>,
  action: "delete" | "restore",
  guard?: Guard<T>,
  after?: Guard<T>,
) {
  const d = def as AnyEntity;
  return withMeta(
    async (ctx: Ctx, input: { id: unknown }): Promise<{ id: number }> => {
      authorize(ctx, def.permission(action));
      const id = idOf(input);
      return transact(d, 409, async (tx) => {
        const t = def.table;
        const [before] = (await tx
          .select()
          .from(t as PgTable)
          .where(
            and(eq(t.id, id), action === "delete" ? live(t) : isNotNull(t.deleted_at), def.scope.where(ctx)),
          )
          .for("update")) as Row<T>[];
        if (!before) throw notFound();
        if (action === "restore" && def.uniqueName) {
          const name = (before as Record<string, unknown>)[def.uniqueName.column.name];
          if (await nameTaken(tx, d, ctx, name, id)) throw new AppError(409, nameMessage(d));
        }
        if (action === "restore") {
          const taken: FieldErrors = {};
          await checkUnique(tx, d, ctx, before as Record<string, unknown>, taken, { exceptId: id });
          const message = Object.values(taken)[0];
          if (message) throw new AppError(409, message);
        }
        await guard?.({ ctx, tx, row: before });
        const set =
          action === "delete"
            ? { deleted_at: new Date(), deleted_by: ctx.userId }
            : { deleted_at: null, deleted_by: null };
        const [changed] = (await tx
          .update(t)
          .set(set as never)
          .where(eq(t.id, id))
          .returning()) as Record<string, unknown>[];
        await after?.({ ctx, tx, row: changed as Row<T> });
        await writeAudit(tx, ctx, {
          entity: def.name,
          entityId: id,
          action,
          before,
          after: changed,
          companyId: def.scope.companyOf(changed),
        });
        return { id };
      });
    },
    { entity: d, op: action, permissions: [def.permission(action)] },
  );
}

/**
 * Soft delete into the trash view (scoped, locked, audited), with an optional guard ("held by users" → 409) and
 * `after`, run in the same transaction once the row is deleted (a derived value to recompute: KYC validity).
 */
export const softDeleteOf = <
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(
  def: Entity<T, C, U, S, D>,
  o: { guard?: Guard<T>; after?: Guard<T> } = {},
) => lifecycle(def as unknown as Entity<T>, "delete", o.guard, o.after);

/** Restore from the trash view; refused (409) when a live row took its unique name meanwhile. */
export const restoreOf = <
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(
  def: Entity<T, C, U, S, D>,
  o: { guard?: Guard<T>; after?: Guard<T> } = {},
) => lifecycle(def as unknown as Entity<T>, "restore", o.guard, o.after);

/**
 * The usual domain functions of an entity with a list and a create form, each the builder of the same name:
 * list, get, create, update, upsert, delete (with the guard), restore, and the export when the list declares its
 * columns. The hooks are the entity's own rules; an entity that needs something else uses the builders directly.
 */
export function crudOf<
  T extends EntityTable,
  C extends z.ZodType,
  U extends z.ZodType,
  S extends Selection,
  D extends Record<string, unknown>,
>(
  def: Entity<T, C, U, S, D>,
  o: {
    create?: CreateRun<T, z.output<C>>;
    update?: UpdateRun<T, z.output<U>>;
    /** The delete guard; `restoreGuard` the restore's. */
    guard?: Guard<T>;
    restoreGuard?: Guard<T>;
  } = {},
) {
  const create = createOf(def, o.create);
  const update = updateOf(def, o.update);
  return {
    def,
    list: listOf(def),
    get: getOf(def),
    create,
    update,
    upsert: upsertOf(create, update),
    delete: softDeleteOf(def, { guard: o.guard }),
    restore: restoreOf(def, { guard: o.restoreGuard }),
    export: def.list?.export ? exportOf(def) : undefined,
  };
}
/** What `crudOf` builds. */
export type Crud = ReturnType<
  typeof crudOf<EntityTable, z.ZodType, z.ZodType, Selection, Record<string, unknown>>
>;

/** A delete guard: refuses (409, `message`) while a live row of `table` still points at the record. */
export function refuseWhileReferenced(
  table: PgTable & { deleted_at?: AnyPgColumn },
  column: AnyPgColumn,
  message: string,
): Guard<EntityTable> {
  return async ({ tx, row }) => {
    const [hit] = await tx
      .select({ one: sql`1` })
      .from(table)
      .where(
        and(eq(column, (row as { id: number }).id), table.deleted_at ? isNull(table.deleted_at) : undefined),
      )
      .limit(1);
    if (hit) throw new AppError(409, message);
  };
}

/**
 * A live row of the acting company's `table` by id (`active`: an active one only; `where`: further conditions), or
 * null: the check of a reference a form sends (a plan, a franchisee) before the entity answers 422 under its field.
 */
export async function companyRow<T extends EntityTable & { company_id: AnyPgColumn }>(
  db: Executor,
  ctx: Ctx,
  table: T,
  id: number,
  o: { active?: boolean; where?: SQL } = {},
): Promise<T["$inferSelect"] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(
      and(
        eq(table.id, id),
        eq(table.company_id, requireCompany(ctx)),
        isNull(table.deleted_at),
        o.active ? eq(table.is_active, 1) : undefined,
        o.where,
      ),
    )
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/** What the caller may do with an entity (the screen kit shows only these buttons; the server checks again). */
export function abilities(ctx: Ctx, def: AnyEntity) {
  const may = (op: Op) => def.ops.includes(op) && can(ctx, def.permission(op));
  return {
    list: may("list"),
    view: may("view"),
    create: may("create"),
    update: may("update"),
    delete: may("delete"),
    restore: may("restore"),
    export: may("export"),
  };
}
export type Abilities = ReturnType<typeof abilities>;
