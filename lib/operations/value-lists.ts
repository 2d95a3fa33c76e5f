import "server-only";
import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { valueLists, values } from "@/db/schema";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity, wrapBuilt } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { forbidden, invalid, notFound, zodFieldErrors, type FieldErrors } from "@/lib/platform/errors";
import { defineList, referenceFilter, type RawParams } from "@/lib/platform/list";
import { writeAudits } from "@/lib/platform/mutations";
import { oncePerKey } from "@/lib/platform/idempotency";
import { MAX_PAGE_ROWS } from "@/lib/list-limits";
import { flag, requiredId } from "@/lib/platform/schemas";
import { lockSaves } from "@/lib/platform/unique";
import { liveValueOf, valueOptions } from "./values";
import { nextUpdatedAt } from "@/lib/platform/versions";

/** The spec's texts (001 §5, §8) and those of the value lists' own rules. */
export const VALUE_LIST_MESSAGES = {
  descriptionRequired: "this description field is required",
  codeRequired: "this code field is required",
  confirmDelete: "Are you sure you want to delete the data",
  codeTaken: "The code has already been taken.",
  masterInvalid: "The selected master is invalid.",
  rowInvalid: "The selected row is invalid.",
} as const;

/** Description and code: required (the spec's own texts, so the server says what the table says), upper case. */
const upperText = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .refine((v) => !v.includes("\u0000"), `The ${label} may not contain a null character.`)
    .transform((v) => v.toUpperCase());
export const valueListDescription = upperText(200, VALUE_LIST_MESSAGES.descriptionRequired, "description");
export const valueListCode = upperText(50, VALUE_LIST_MESSAGES.codeRequired, "code");

/** One row (POST value_lists, the /value-lists/create screen): its master, description, code; active by default. */
export const valueListCreateSchema = z.object({
  value_id: requiredId("master"),
  description: valueListDescription,
  code: valueListCode,
  is_active: flag.default(1),
});

/** The edit of one row: a row stays under its master (a value_id sent is ignored). */
export const valueListUpdateSchema = z.object({
  description: valueListDescription.optional(),
  code: valueListCode.optional(),
  is_active: flag.optional(),
});

/** The rows of the master values (spec 001 §2 Value lists): description and code, codes unique per master. */
export const valueListsDef = defineEntity({
  name: "value_lists",
  noun: "Value List",
  href: "/value-lists",
  table: valueLists,
  scope: companyScope(valueLists),
  create: valueListCreateSchema,
  update: valueListUpdateSchema,
  // Codes are unique among a master's live rows (the multiple save checks its rows itself, see below).
  unique: [
    {
      columns: [valueLists.value_id, valueLists.code],
      field: "code",
      message: VALUE_LIST_MESSAGES.codeTaken,
      index: "value_lists_live_code_uq",
    },
  ],
  list: defineList({
    from: valueLists,
    select: {
      id: valueLists.id,
      value_id: valueLists.value_id,
      description: valueLists.description,
      code: valueLists.code,
      is_active: valueLists.is_active,
    },
    id: valueLists.id,
    isActive: valueLists.is_active,
    // Deleted rows are gone (no trash view or restore in the spec).
    where: isNull(valueLists.deleted_at),
    search: [valueLists.description, valueLists.code],
    filters: { value_id: referenceFilter(valueLists.value_id, "Master") },
    sort: { id: valueLists.id, description: valueLists.description, code: valueLists.code },
    defaultSort: "id",
  }),
  detail: async (db, row) => {
    const [v] = await db
      .select({ id: values.id, name: values.name })
      .from(values)
      .where(eq(values.id, row.value_id));
    return { value: v ?? null };
  },
  auditDetail: async () => ({}),
  detailSchema: { value: z.object({ id: z.number(), name: z.string() }).nullable() },
});

/** Saves of one master's rows run one at a time, so "codes unique per master" is checked before the index is hit. */
const lockMaster = (tx: Executor, valueId: number) => lockSaves(tx as Tx, "value_lists", valueId);

/** Codes (upper case) already held by live rows of the master, other than the rows `except` names. */
export async function takenCodes(
  db: Executor,
  valueId: number,
  codes: string[],
  except: number[] = [],
): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: valueLists.code })
    .from(valueLists)
    .where(
      and(
        eq(valueLists.value_id, valueId),
        isNull(valueLists.deleted_at),
        inArray(sql`lower(${valueLists.code})`, [...new Set(codes.map((c) => c.toLowerCase()))]),
        except.length ? notInArray(valueLists.id, except) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.code.toUpperCase()));
}

export const valueListsCrud = crudOf(valueListsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    if (!(await liveValueOf(tx, ctx, input.value_id))) errors.value_id = VALUE_LIST_MESSAGES.masterInvalid;
    return insert(input);
  },
});

/** The value (master) a list or save names in its path: live, of the acting company, else 404. */
async function masterOf(db: Executor, ctx: Ctx, valueId: number) {
  const v = await liveValueOf(db, ctx, valueId);
  if (!v) throw notFound();
  return v;
}

/**
 * GET values/:value_id/value_lists: the master's live rows, in the order they were made. The inline table shows
 * them all: without rowsPerPage the answer holds every row (up to the list ceiling, 10,000).
 */
export const listValueListsOf = wrapBuilt(
  valueListsCrud.list,
  async (ctx: Ctx, valueId: number, raw: RawParams) => {
    authorize(ctx, valueListsDef.permission("list"));
    await masterOf(await getDb(), ctx, valueId);
    const params = new URLSearchParams();
    if (raw instanceof URLSearchParams) raw.forEach((v, k) => params.append(k, v));
    else
      for (const [k, v] of Object.entries(raw))
        for (const x of Array.isArray(v) ? v : v == null ? [] : [v]) params.append(k, x);
    params.set("value_id", String(valueId));
    if (!params.get("rowsPerPage")) params.set("rowsPerPage", String(MAX_PAGE_ROWS));
    return valueListsCrud.list(ctx, params, undefined);
  },
);

/** The master's rows in the inline table's order (the screen loads them all). */
export async function rowsOfMaster(db: Executor, ctx: Ctx, valueId: number) {
  return db
    .select({
      id: valueLists.id,
      description: valueLists.description,
      code: valueLists.code,
      is_active: valueLists.is_active,
    })
    .from(valueLists)
    .where(
      and(
        eq(valueLists.value_id, valueId),
        eq(valueLists.company_id, requireCompany(ctx)),
        isNull(valueLists.deleted_at),
      ),
    )
    .orderBy(asc(valueLists.id));
}

/** One row of the inline table as Save sends it: an id for a saved row, none for a new one. */
const multipleRow = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  description: z.unknown().optional(),
  code: z.unknown().optional(),
  is_active: flag.optional(),
});

/** POST values/:value_id/multiple_value_lists: { datas: [{ id?, description, code, is_active }] }. */
export const multipleValueListsSchema = z.object({
  datas: z
    .array(multipleRow, { error: "The datas field is required." })
    .max(1000, "The datas may not have more than 1000 items."),
});

const blank = (v: unknown) => v == null || (typeof v === "string" && v.trim() === "");
const rowSchema = z.object({ description: valueListDescription, code: valueListCode });

/**
 * Saves the inline table in one call and one transaction: rows with an id update that row (a live row of this
 * master, else 422 on `datas.{index}.id`), rows without create one (active unless is_active says otherwise), a
 * row with both fields blank is dropped. Rows of the master that `datas` does not carry are kept: the screen
 * deletes a saved row only through DELETE value_lists/:id. Errors name the row by its index in `datas`
 * (`datas.2.code`); codes must be unique among the master's live rows and within `datas`. Answers the master's
 * live rows after the save.
 */
export async function saveMultipleValueLists(
  ctx: Ctx,
  valueId: number,
  raw: unknown,
  o: { idempotencyKey?: string } = {},
) {
  const parsed = multipleValueListsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const sent = parsed.data.datas
    .map((r, index) => ({ ...r, index }))
    .filter((r) => !(blank(r.description) && blank(r.code)));
  const creates = sent.some((r) => blank(r.id));
  const updates = sent.some((r) => !blank(r.id));
  if ((creates && !can(ctx, "value_lists.create")) || (updates && !can(ctx, "value_lists.update")))
    throw forbidden();
  if (!creates && !updates && !can(ctx, "value_lists.create") && !can(ctx, "value_lists.update"))
    throw forbidden();

  const errors: FieldErrors = {};
  const rows: { index: number; id: number | null; description: string; code: string; is_active?: number }[] =
    [];
  for (const r of sent) {
    const p = rowSchema.safeParse({ description: r.description, code: r.code });
    let id: number | null = null;
    if (!blank(r.id)) {
      const n = Number(r.id);
      if (Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647) id = n;
      else errors[`datas.${r.index}.id`] = VALUE_LIST_MESSAGES.rowInvalid;
    }
    if (!p.success)
      for (const [k, m] of Object.entries(zodFieldErrors(p.error.issues)))
        errors[`datas.${r.index}.${k}`] ??= m;
    else rows.push({ index: r.index, id, ...p.data, is_active: r.is_active });
  }

  const db = await getDb();
  // With an Idempotency-Key, a repeat answers the first save's rows and saves nothing (a replayed create would
  // otherwise find its own codes taken).
  const once = { key: o.idempotencyKey, entity: "multiple_value_lists", raw: { valueId, raw } };
  return oncePerKey(ctx, once, ({ claim, settle }) =>
    db.transaction(async (tx) => {
      await claim(tx);
      await masterOf(tx, ctx, valueId);
      await lockMaster(tx, valueId);
      const companyId = requireCompany(ctx);
      const ids = rows.flatMap((r) => (r.id != null ? [r.id] : []));
      const stored = ids.length
        ? await tx
            .select()
            .from(valueLists)
            .where(
              and(
                inArray(valueLists.id, ids),
                eq(valueLists.value_id, valueId),
                eq(valueLists.company_id, companyId),
                isNull(valueLists.deleted_at),
              ),
            )
            .for("update")
        : [];
      const byId = new Map(stored.map((s) => [s.id, s]));
      const seenIds = new Set<number>();
      for (const r of rows)
        if (r.id != null && (!byId.has(r.id) || seenIds.has(r.id)))
          errors[`datas.${r.index}.id`] = VALUE_LIST_MESSAGES.rowInvalid;
        else if (r.id != null) seenIds.add(r.id);

      // Codes: once within the table, and not held by a row of the master the table does not carry.
      const seen = new Set<string>();
      for (const r of rows) {
        if (seen.has(r.code)) errors[`datas.${r.index}.code`] ??= VALUE_LIST_MESSAGES.codeTaken;
        seen.add(r.code);
      }
      const taken = await takenCodes(
        tx,
        valueId,
        rows.map((r) => r.code),
        [...byId.keys()],
      );
      for (const r of rows)
        if (taken.has(r.code)) errors[`datas.${r.index}.code`] ??= VALUE_LIST_MESSAGES.codeTaken;
      if (Object.keys(errors).length) throw invalid(errors);

      const changed = rows.filter((r) => {
        if (r.id == null) return false;
        const s = byId.get(r.id)!;
        return (
          s.description !== r.description ||
          s.code !== r.code ||
          (r.is_active != null && s.is_active !== r.is_active)
        );
      });
      // Two rows may swap codes: the changed codes are cleared first, so the unique index never sees a clash midway.
      const recoded = changed.filter((r) => byId.get(r.id!)!.code !== r.code).map((r) => r.id!);
      if (recoded.length)
        await tx
          .update(valueLists)
          .set({ code: sql`'~' || ${valueLists.id}` })
          .where(inArray(valueLists.id, recoded));
      const audits = [];
      for (const r of changed) {
        const before = byId.get(r.id!)!;
        const [after] = await tx
          .update(valueLists)
          .set({
            description: r.description,
            code: r.code,
            ...(r.is_active != null ? { is_active: r.is_active } : {}),
            // A version strictly after the one replaced (lib/platform/versions.ts), as the kernel's update writes.
            updated_at: nextUpdatedAt(before.updated_at),
            updated_by: ctx.userId,
          })
          .where(eq(valueLists.id, r.id!))
          .returning();
        audits.push({
          entity: "value_lists",
          entityId: r.id!,
          action: "update" as const,
          before,
          after,
          companyId,
        });
      }
      const fresh = rows.filter((r) => r.id == null);
      if (fresh.length) {
        const made = await tx
          .insert(valueLists)
          .values(
            fresh.map((r) => ({
              company_id: companyId,
              value_id: valueId,
              description: r.description,
              code: r.code,
              is_active: r.is_active ?? 1,
              created_by: ctx.userId,
              updated_by: ctx.userId,
            })),
          )
          .returning();
        for (const m of made)
          audits.push({
            entity: "value_lists",
            entityId: m.id,
            action: "create" as const,
            before: null,
            after: m,
            companyId,
          });
      }
      await writeAudits(tx, ctx, audits);
      const answer = await rowsOfMaster(tx, ctx, valueId);
      await settle(tx, valueId, answer);
      return answer;
    }),
  );
}

/** GET masters?context=value_list: the masters the value-list screens choose from. */
export async function valueListMasters(ctx: Ctx) {
  return { values: await valueOptions(ctx) };
}

export const valueListActions = entityActions(valueListsCrud);
