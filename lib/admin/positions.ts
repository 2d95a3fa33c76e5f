import "server-only";
import { z } from "zod";
import { positionPermissions, positions, users } from "@/db/schema";
import { companyScope, crudOf, defineEntity, refuseWhileReferenced } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { defineList } from "@/lib/platform/list";
import { flag, requiredText } from "@/lib/platform/schemas";
import { grantSet } from "./grant-set";
import { permissionIds } from "./permission-catalog";

/** Spec texts (000 §8) of this module's own rules. */
export const POSITION_MESSAGES = { assigned: "This position is assigned to users." } as const;

/** New positions get role_id 3 (spec 000 §9); the client never chooses it. */
const NEW_POSITION_ROLE_ID = 3;

/** The position form: used unchanged by the portal form, the server action and POST positions. */
export const positionCreateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
  position_permissions: permissionIds,
});

export const positionGrants = grantSet(
  "position",
  positionPermissions,
  positionPermissions.position_id,
  "position_permissions",
);

/** A company's job roles with the permissions they grant (spec 000 §2.10). */
export const positionsDef = defineEntity({
  name: "positions",
  noun: "Position",
  href: "/positions",
  table: positions,
  scope: companyScope(positions),
  create: positionCreateSchema,
  uniqueName: { column: positions.name, index: "positions_live_name_uq" },
  list: defineList({
    from: positions,
    select: {
      id: positions.id,
      name: positions.name,
      role_id: positions.role_id,
      is_active: positions.is_active,
    },
    id: positions.id,
    isActive: positions.is_active,
    deletedAt: positions.deleted_at,
    search: [positions.name],
    sort: { name: positions.name, created_at: positions.created_at },
    defaultSort: "name",
  }),
  // The audit record carries the permission ids before and after, so a change of access shows in the history.
  detail: async (db, row) => ({ position_permissions: await positionGrants.idsOf(db, row.id) }),
  detailSchema: { position_permissions: z.array(z.number()) },
});

export const positionsCrud = crudOf(positionsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { position_permissions, ...fields } = input;
    await positionGrants.check(ctx, tx, errors, position_permissions);
    const row = await insert({ ...fields, role_id: NEW_POSITION_ROLE_ID });
    await positionGrants.write(ctx, tx, errors, row.id, position_permissions);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { position_permissions, ...fields } = patch;
    await positionGrants.write(ctx, tx, errors, before.id, position_permissions);
    return write(fields);
  },
  // Refused (409) while live users hold the position.
  guard: refuseWhileReferenced(users, users.position_id, POSITION_MESSAGES.assigned),
});
export const positionActions = entityActions(positionsCrud);
