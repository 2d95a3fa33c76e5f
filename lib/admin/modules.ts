import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { modules, permissions } from "@/db/schema";
import { authorize, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { AppError, invalid, notFound } from "@/lib/platform/errors";
import { iterateList, parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { liveNameTaken, lockSaves } from "@/lib/platform/unique";
import { defineMutation } from "@/lib/platform/mutations";
import { PERMISSION_REGISTRY } from "@/lib/platform/permissions";
import { flag, requiredText } from "@/lib/platform/schemas";
import { defineRestore, defineSoftDelete } from "@/lib/platform/soft-delete";
import type { ExportColumn } from "@/lib/platform/spreadsheet";

/** Spec texts (spec 000 §8) and the messages of this module's own checks. */
export const MODULE_MESSAGES = {
  nameTaken: "The name has already been taken.",
  systemRename: "This module holds the system's permissions and cannot be renamed.",
  hasPermissions: "The module cannot be deleted while it has permissions. Delete its permissions first.",
  deleted: "Module deleted successfully.",
  restored: "Module restored successfully.",
  created: "Module created successfully.",
  updated: "Module updated successfully.",
} as const;

/** The module form (spec 000 §2.12): name and active flag; used unchanged by the form, the action and /api. */
export const moduleSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
});
export const moduleUpdateSchema = moduleSchema.partial().extend({ id: z.coerce.number().int().positive() });
export type ModuleInput = z.input<typeof moduleSchema>;

/**
 * The registry's module names: db/seed/system.ts finds these modules by name at every start, so renaming one would
 * make the next start create an empty twin. They keep their names (they may still be deactivated).
 */
const SYSTEM_MODULES: ReadonlySet<string> = new Set(Object.keys(PERMISSION_REGISTRY));

// modules.name has no unique index (and the schema is final), so saves of modules and permissions take this
// transaction-scoped lock: two concurrent saves cannot both pass the "name is free" check. Saves take it before
// any row lock; only a module restore takes it after locking its (trashed) row, which no save can lock.
export const lockCatalogue = (tx: Tx) => lockSaves(tx, "catalogue");

export const moduleListSpec: ListSpec = {
  table: modules,
  id: modules.id,
  isActive: modules.is_active,
  deletedAt: modules.deleted_at,
  search: [modules.name],
};

const listColumns = {
  id: modules.id,
  name: modules.name,
  is_active: modules.is_active,
  deleted_at: modules.deleted_at,
};
export type ModuleListRow = { id: number; name: string; is_active: number; deleted_at: Date | null };

// Modules are global (not company-owned): every caller with the permission sees the same rows.
const noScope = () => undefined;

/** GET modules: search (name), is_active, show_deleted/open_trash, paging → { data, count }. */
export async function listModules(
  ctx: Ctx,
  raw: URLSearchParams | Record<string, string | string[] | undefined>,
) {
  authorize(ctx, "modules.list");
  const db = await getDb();
  return runList<ModuleListRow>(
    db,
    moduleListSpec,
    parseListParams(raw, moduleListSpec),
    undefined,
    listColumns,
  );
}

export type ModulePermission = { id: number; permission_name: string; is_active: number };
export type ModuleWithPermissions = typeof modules.$inferSelect & { permissions: ModulePermission[] };

/** GET modules/{id}: one live module with its live permissions. */
export async function getModule(ctx: Ctx, id: number): Promise<ModuleWithPermissions> {
  authorize(ctx, "modules.view");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(modules)
    .where(and(eq(modules.id, id), isNull(modules.deleted_at)))
    .limit(1);
  if (!row) throw notFound();
  const perms = await db
    .select({
      id: permissions.id,
      permission_name: permissions.permission_name,
      is_active: permissions.is_active,
    })
    .from(permissions)
    .where(and(eq(permissions.module_id, id), isNull(permissions.deleted_at)))
    .orderBy(asc(permissions.id));
  return { ...row, permissions: perms };
}

/** Whether another live module already has this name (case-insensitive). */
const nameTaken = (tx: Executor, name: string, exceptId?: number) =>
  liveNameTaken(
    tx,
    { table: modules, id: modules.id, name: modules.name, deletedAt: modules.deleted_at },
    name,
    {
      exceptId,
    },
  );

export const createModule = defineMutation({
  entity: "modules",
  action: "create",
  permission: "modules.create",
  input: moduleSchema,
  async run({ ctx, input, tx }) {
    await lockCatalogue(tx);
    if (await nameTaken(tx, input.name)) throw invalid({ name: MODULE_MESSAGES.nameTaken });
    const [row] = await tx
      .insert(modules)
      .values({ ...input, created_by: ctx.userId, updated_by: ctx.userId })
      .returning();
    return { id: row.id, before: null, after: row, result: row };
  },
});

export const updateModule = defineMutation({
  entity: "modules",
  action: "update",
  permission: "modules.update",
  input: moduleUpdateSchema,
  async run({ ctx, input, tx }) {
    const { id, ...fields } = input;
    await lockCatalogue(tx);
    const [before] = await tx
      .select()
      .from(modules)
      .where(and(eq(modules.id, id), isNull(modules.deleted_at)))
      .for("update");
    if (!before) throw notFound();
    if (fields.name !== undefined && fields.name !== before.name) {
      if (SYSTEM_MODULES.has(before.name)) throw invalid({ name: MODULE_MESSAGES.systemRename });
      if (await nameTaken(tx, fields.name, id)) throw invalid({ name: MODULE_MESSAGES.nameTaken });
    }
    const [after] = await tx
      .update(modules)
      .set({ ...fields, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(modules.id, id))
      .returning();
    return { id, before, after, result: after };
  },
});

/** POST modules/delete/{id}: refused (409) while the module still has live permissions, which would be orphaned. */
export const deleteModule = defineSoftDelete({
  entity: "modules",
  permission: "modules.delete",
  table: modules,
  scope: noScope,
  async guard({ tx, row }) {
    const [held] = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.module_id, row.id as number), isNull(permissions.deleted_at)))
      .limit(1);
    if (held) throw new AppError(409, MODULE_MESSAGES.hasPermissions);
  },
});

/** POST modules/restore/{id}: refused (409) when a live module has taken its name meanwhile. */
export const restoreModule = defineRestore({
  entity: "modules",
  permission: "modules.restore",
  table: modules,
  scope: noScope,
  async guard({ tx, row }) {
    await lockCatalogue(tx);
    if (await nameTaken(tx, String(row.name), row.id as number))
      throw new AppError(409, MODULE_MESSAGES.nameTaken);
  },
});

export const moduleExportColumns: ExportColumn<ModuleListRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Status", value: (r) => (r.is_active === 1 ? "Active" : "Inactive") },
  { header: "Name", value: (r) => r.name },
];

/** Every module of the list's filters, streamed for the export (module_exports). */
export async function* modulesForExport(ctx: Ctx, raw: URLSearchParams) {
  authorize(ctx, "modules.export");
  const db = await getDb();
  yield* iterateList<ModuleListRow>(
    db,
    moduleListSpec,
    parseListParams(raw, moduleListSpec),
    undefined,
    listColumns,
  );
}
