import "server-only";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { outlets, pjpOutlets, pjpReferenceOutlets, pjpReferences, pjps } from "@/db/schema";
import type { Executor, Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { flag, optionalText, requiredText } from "@/lib/platform/schemas";

/** Texts of the outlets' own rules (not spec texts: the spec shows no outlet delete refusal). */
export const OUTLET_MESSAGES = {
  inUse: "This outlet is used by PJP references or upcoming PJPs. Remove it from them first.",
} as const;

/**
 * The outlet form (spec 001 §3): name and brand, Is Active on edit. The earlier client sends role_id 3 on
 * create, whose meaning the spec does not show: accepted and ignored (an outlet has no role).
 */
export const outletCreateSchema = z.object({
  name: requiredText("name", 200),
  brand: optionalText("brand", 200),
  is_active: flag.default(1),
  role_id: z.unknown().optional().describe("Sent by the earlier client (3); accepted and ignored."),
});

/** Outlets (stores) field staff visit (spec 001 §2 Outlets). Live names are unique within the company. */
export const outletsDef = defineEntity({
  name: "outlets",
  noun: "Outlet",
  href: "/outlets",
  table: outlets,
  scope: companyScope(outlets),
  create: outletCreateSchema,
  uniqueName: { column: outlets.name, index: "outlets_live_name_uq" },
  list: defineList({
    from: outlets,
    select: {
      id: outlets.id,
      name: outlets.name,
      brand: outlets.brand,
      is_active: outlets.is_active,
    },
    id: outlets.id,
    isActive: outlets.is_active,
    deletedAt: outlets.deleted_at,
    search: [outlets.name, outlets.brand],
    sort: { name: outlets.name, brand: outlets.brand, created_at: outlets.created_at },
    defaultSort: "name",
    export: [...idAndStatusColumns(), { header: "Name", field: "name" }, { header: "Brand", field: "brand" }],
  }),
});

/**
 * Deleting an outlet is refused (409) while a live PJP reference lists it or a live PJP dated today or later
 * visits it: those plans would silently lose a stop. Past PJPs keep pointing at it (history), and its outlet
 * users stay with it (restoring the outlet brings them back).
 */
async function refuseWhilePlanned({ tx, row }: { tx: Tx; row: { id: number } }) {
  const [ref] = await tx
    .select({ one: sql`1` })
    .from(pjpReferenceOutlets)
    .innerJoin(pjpReferences, eq(pjpReferences.id, pjpReferenceOutlets.pjp_reference_id))
    .where(and(eq(pjpReferenceOutlets.outlet_id, row.id), isNull(pjpReferences.deleted_at)))
    .limit(1);
  const [plan] = ref
    ? [ref]
    : await tx
        .select({ one: sql`1` })
        .from(pjpOutlets)
        .innerJoin(pjps, eq(pjps.id, pjpOutlets.pjp_id))
        .where(
          and(eq(pjpOutlets.outlet_id, row.id), isNull(pjps.deleted_at), gte(pjps.date, sql`current_date`)),
        )
        .limit(1);
  if (plan) throw new AppError(409, OUTLET_MESSAGES.inUse);
}

export const outletsCrud = crudOf(outletsDef, {
  // role_id is documented and accepted, never stored.
  create: async ({ input, insert }) => {
    const { role_id: _ignored, ...fields } = input;
    void _ignored;
    return insert(fields);
  },
  update: async ({ patch, write }) => {
    const { role_id: _ignored, ...fields } = patch;
    void _ignored;
    return write(fields);
  },
  guard: refuseWhilePlanned,
});
export const outletActions = entityActions(outletsCrud);

/** A live outlet of the acting company (the outlet users' parent), or null. */
export async function liveOutletOf(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const [hit] = await db
    .select({ id: outlets.id, name: outlets.name })
    .from(outlets)
    .where(and(eq(outlets.id, id), eq(outlets.company_id, companyId), isNull(outlets.deleted_at)))
    .limit(1);
  return hit ?? null;
}
