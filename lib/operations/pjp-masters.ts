import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { outlets, users } from "@/db/schema";
import { userOptions } from "@/lib/operations/users-lookup";
import { childReferenceErrors } from "@/lib/platform/child-rows";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { forbidden, type FieldErrors } from "@/lib/platform/errors";
import type { Permission } from "@/lib/platform/permissions";

/** Texts of the outlet rows' checks (not spec texts), in the style of lib/platform/schemas.ts. */
export const OUTLET_MESSAGES = { outletInvalid: "The selected outlet is invalid." } as const;

/**
 * The outlets PJPs and references may name: live, active outlets of the acting company. Outlets are another
 * area's entity; its table is read here directly for the pickers and the checks.
 */
export const pickableOutlet = (companyId: number) =>
  and(eq(outlets.company_id, companyId), isNull(outlets.deleted_at), eq(outlets.is_active, 1));

/** A user's name as lists show it: users.user_name, or the first and last names when it is empty (old rows). */
export const userDisplayName = sql<string>`coalesce(nullif(${users.user_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`;

export type PjpMasters = {
  users: { id: number; user_name: string }[];
  outlets: { id: number; name: string }[];
};

/** The outlet picker: live, active outlets of the acting company, by name. */
export async function outletOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: outlets.id, name: outlets.name })
    .from(outlets)
    .where(pickableOutlet(requireCompany(ctx)))
    .orderBy(asc(outlets.name), asc(outlets.id));
}

/** Who may load the pickers: whoever opens a PJP screen (list filter, forms, copies, upload)... */
export const PJP_MASTERS_PERMISSIONS: readonly Permission[] = [
  "pjps.list",
  "pjps.view",
  "pjps.create",
  "pjps.update",
  "pjps.copy",
];
/** ...or, with requirements=pjp_references (and on GET pjp_references/masters), a PJP reference screen. */
export const REFERENCE_MASTERS_PERMISSIONS: readonly Permission[] = [
  "pjp_references.list",
  "pjp_references.view",
  "pjp_references.create",
  "pjp_references.update",
];

/**
 * GET pjps/masters (and pjp_references/masters): the users (live, active, role USER, of the acting company) and the
 * outlets (live, active, of the acting company) the forms, filters and copy screens offer. `forReferences` opens it
 * to the reference screens' permissions instead of the PJP screens'.
 */
export async function pjpMasters(ctx: Ctx, o: { forReferences?: boolean } = {}): Promise<PjpMasters> {
  const allowed = o.forReferences ? REFERENCE_MASTERS_PERMISSIONS : PJP_MASTERS_PERMISSIONS;
  if (!allowed.some((p) => can(ctx, p))) throw forbidden();
  requireCompany(ctx);
  const [u, o2] = await Promise.all([userOptions(ctx), outletOptions(ctx)]);
  return { users: u, outlets: o2 };
}

export const pjpMastersOutput = z.object({
  users: z.array(z.object({ id: z.number(), user_name: z.string() })),
  outlets: z.array(z.object({ id: z.number(), name: z.string() })),
});

/**
 * The errors of a form's outlet rows (`{field}.{index}.outlet_id`): each must name a live, active outlet of the
 * acting company. Outlets in `kept` (already under the record being edited) stay acceptable even when they have
 * since been deactivated, so the edit screen can post the record as it loaded it.
 */
export async function outletRowErrors(
  db: Executor,
  ctx: Ctx,
  field: string,
  rows: readonly { outlet_id: number }[],
  kept: ReadonlySet<number> = new Set(),
): Promise<FieldErrors> {
  const errors = await childReferenceErrors(db, {
    field,
    rows,
    key: "outlet_id",
    id: outlets.id,
    where: pickableOutlet(requireCompany(ctx)),
    message: OUTLET_MESSAGES.outletInvalid,
  });
  rows.forEach((r, i) => {
    if (kept.has(r.outlet_id)) delete errors[`${field}.${i}.outlet_id`];
  });
  return errors;
}
