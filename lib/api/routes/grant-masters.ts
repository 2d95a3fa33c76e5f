import "server-only";
import { permissionCatalogOutput, type PermissionCatalog } from "@/lib/admin/permission-catalog";
import type { Ctx } from "@/lib/platform/context";
import type { AnyEntity } from "@/lib/platform/entity";
import type { ApiRoute } from "../types";

/**
 * GET <name>/masters of positions and roles: the permissions their form offers. Whoever may view, create or edit
 * the records may load it (the domain function checks); what they may tick is marked per permission.
 */
export const grantMastersRoute = (
  def: AnyEntity,
  masters: (ctx: Ctx) => Promise<PermissionCatalog>,
): ApiRoute => ({
  method: "GET",
  path: `${def.name}/masters`,
  auth: "user",
  permission: null,
  variants: [def.permission("view"), def.permission("create"), def.permission("update")],
  shape: "data",
  tag: def.noun,
  summary: `The permissions a ${def.noun.toLowerCase()} form offers, grouped by module, each marked grantable or not`,
  output: permissionCatalogOutput,
  handler: async ({ ctx }) => ({ data: await masters(ctx) }),
});
