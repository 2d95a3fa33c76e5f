import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { values } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { defineList } from "@/lib/platform/list";
import { requiredText } from "@/lib/platform/schemas";

/** A master's name: required, at most 100 characters, stored upper case (spec 001 §5) whatever the client sends. */
export const valueName = requiredText("name", 100).transform((v) => v.toUpperCase());

/** The value form (spec 001 §3 Value: id, name): POST values and PATCH values/:id take the name only. */
export const valueCreateSchema = z.object({ name: valueName });

/**
 * Master values (spec 001 §2 Values): the names of a company's lookup lists ("SERVICE TYPES", "ZONES"), whose rows
 * are value lists. Names are unique among the company's live values. The spec offers no delete (and there is no
 * values.delete permission): a master stays once made.
 */
export const valuesDef = defineEntity({
  name: "values",
  noun: "Value",
  // The list's title: the spec calls /values the master list (the menu's "Master").
  plural: "Masters",
  href: "/values",
  table: values,
  scope: companyScope(values),
  create: valueCreateSchema,
  uniqueName: { column: values.name, index: "values_live_name_uq" },
  list: defineList({
    from: values,
    select: { id: values.id, name: values.name },
    id: values.id,
    where: isNull(values.deleted_at),
    search: [values.name],
    sort: { name: values.name, created_at: values.created_at },
    defaultSort: "name",
  }),
});

export const valuesCrud = crudOf(valuesDef);
export const valueActions = entityActions(valuesCrud);

/** The masters a value-list screen chooses from: live, active values of the acting company, by name. */
export async function valueOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db
    .select({ id: values.id, name: values.name })
    .from(values)
    .where(
      and(eq(values.company_id, requireCompany(ctx)), isNull(values.deleted_at), eq(values.is_active, 1)),
    )
    .orderBy(asc(values.name), asc(values.id));
}

/** A live value of the acting company (a value list's master), or null. */
export async function liveValueOf(
  db: Executor,
  ctx: Ctx,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const [hit] = await db
    .select({ id: values.id, name: values.name })
    .from(values)
    .where(and(eq(values.id, id), eq(values.company_id, requireCompany(ctx)), isNull(values.deleted_at)))
    .limit(1);
  return hit ?? null;
}
