import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { modules, permissions } from "@/db/schema";
import { can, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { invalid } from "@/lib/platform/errors";
import { PLATFORM_ONLY, type Permission } from "@/lib/platform/permissions";

/** One permission of the checkbox layout; `grantable` says whether the caller may tick it for this target. */
export type CatalogPermission = {
  id: number;
  permission_name: string;
  module_id: number;
  grantable: boolean;
};
export type CatalogModule = { id: number; name: string; permissions: CatalogPermission[] };
/** positions/masters and roles/masters: modules with their permissions, and the same permissions flat. */
export type PermissionCatalog = { modules: CatalogModule[]; permissions: CatalogPermission[] };

const catalogPermissionSchema = z.object({
  id: z.number().int(),
  permission_name: z.string(),
  module_id: z.number().int(),
  grantable: z.boolean().describe("Whether the caller may tick it for this target."),
});

/** PermissionCatalog as a schema: the answer documented (and checked) by positions/masters and roles/masters. */
export const permissionCatalogSchema = z.object({
  modules: z.array(
    z.object({ id: z.number().int(), name: z.string(), permissions: z.array(catalogPermissionSchema) }),
  ),
  permissions: z.array(catalogPermissionSchema),
}) satisfies z.ZodType<PermissionCatalog>;

/** The /api answer of the masters calls: `{ data: PermissionCatalog }`. */
export const permissionCatalogOutput = z.object({ data: permissionCatalogSchema });

/**
 * Who receives the grant. A position is edited by a company's admin: it may carry only permissions that are not
 * platform-wide and that the caller holds. A role is global and edited by a SUPER ADMIN only (who holds all).
 */
export type GrantTarget = "position" | "role";

export const PERMISSION_MESSAGES = {
  invalid: "The selected permissions are invalid.",
  platformOnly: (name: string) => `The permission ${name} cannot be granted to a position.`,
  notHeld: (name: string) => `You cannot grant the permission ${name}, which you do not hold.`,
} as const;

// Nobody grants more than they hold; a position (a company's) never carries a platform-wide permission.
function mayGrant(ctx: Ctx, target: GrantTarget, name: string): boolean {
  if (target === "position" && PLATFORM_ONLY.has(name)) return false;
  return can(ctx, name as Permission);
}

type Row = { id: number; permission_name: string; module_id: number };

// Live and active permissions of live and active modules: exactly what the checkbox layout shows.
async function liveRows(db: Executor, ids?: number[]): Promise<Row[]> {
  return db
    .select({
      id: permissions.id,
      permission_name: permissions.permission_name,
      module_id: permissions.module_id,
    })
    .from(permissions)
    .innerJoin(modules, eq(modules.id, permissions.module_id))
    .where(
      and(
        isNull(permissions.deleted_at),
        eq(permissions.is_active, 1),
        isNull(modules.deleted_at),
        eq(modules.is_active, 1),
        ids ? inArray(permissions.id, ids) : undefined,
      ),
    )
    .orderBy(asc(modules.name), asc(permissions.permission_name), asc(permissions.id));
}

/**
 * The permissions grouped by module (ordered by module name, then permission name), each marked grantable or
 * not for the caller and target, so the form can show the ones the caller may not grant as disabled. Checks no
 * permission itself: the positions and roles modules answer it behind their own checks.
 */
export async function permissionCatalog(
  ctx: Ctx,
  target: GrantTarget = "position",
): Promise<PermissionCatalog> {
  const db = await getDb();
  const mods = await db
    .select({ id: modules.id, name: modules.name })
    .from(modules)
    .where(and(isNull(modules.deleted_at), eq(modules.is_active, 1)))
    .orderBy(asc(modules.name), asc(modules.id));
  const rows = await liveRows(db);
  const flat = rows.map((r) => ({ ...r, grantable: mayGrant(ctx, target, r.permission_name) }));
  const byModule = new Map<number, CatalogPermission[]>();
  for (const p of flat) byModule.set(p.module_id, [...(byModule.get(p.module_id) ?? []), p]);
  return {
    modules: mods.map((m) => ({ ...m, permissions: byModule.get(m.id) ?? [] })),
    permissions: flat,
  };
}

/**
 * The permission ids of a save: an array of ids (numbers or numeric strings), of objects carrying permission_id
 * (what GET roles/{id} answers), or a comma list (form posts). Duplicates are dropped.
 */
export const permissionIds = z.preprocess(
  (v) => {
    if (v == null || v === "") return [];
    if (typeof v === "string") return v.split(",").map((s) => s.trim());
    if (Array.isArray(v))
      return v.map((x) =>
        x && typeof x === "object" && "permission_id" in x
          ? (x as { permission_id: unknown }).permission_id
          : x,
      );
    return v;
  },
  // One message on the field itself (not on an element), so the form shows it under the checkboxes.
  z.array(z.unknown(), { error: PERMISSION_MESSAGES.invalid }).transform((list, c) => {
    const ids = list.map((x) =>
      typeof x === "number" ? x : typeof x === "string" && /^\d{1,10}$/.test(x) ? Number(x) : NaN,
    );
    if (list.length > 1000 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      c.addIssue({ code: "custom", message: PERMISSION_MESSAGES.invalid });
      return z.NEVER;
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  }),
);

/**
 * The ids a save may store, given the ids the record has now. Ids the caller newly adds must be live, active and
 * grantable (else 422 on `field`); ids the record already has that the caller may not grant are kept whatever was
 * sent, since the caller may neither add nor remove what is beyond them. Answers the sorted final set.
 */
export async function checkGrants(
  ctx: Ctx,
  db: Executor,
  target: GrantTarget,
  field: string,
  wanted: number[],
  current: number[] = [],
): Promise<number[]> {
  const have = new Set(current);
  const added = wanted.filter((id) => !have.has(id));
  const touched = [...new Set([...wanted, ...current])];
  const live = new Map((touched.length ? await liveRows(db, touched) : []).map((r) => [r.id, r]));
  for (const id of added) {
    const p = live.get(id);
    if (!p) throw invalid({ [field]: PERMISSION_MESSAGES.invalid });
    if (target === "position" && PLATFORM_ONLY.has(p.permission_name))
      throw invalid({ [field]: PERMISSION_MESSAGES.platformOnly(p.permission_name) });
    if (!mayGrant(ctx, target, p.permission_name))
      throw invalid({ [field]: PERMISSION_MESSAGES.notHeld(p.permission_name) });
  }
  const grantable = (id: number) => {
    const p = live.get(id);
    return !!p && mayGrant(ctx, target, p.permission_name);
  };
  const kept = current.filter((id) => !grantable(id));
  const chosen = wanted.filter((id) => grantable(id) || have.has(id));
  return [...new Set([...kept, ...chosen])].sort((a, b) => a - b);
}
