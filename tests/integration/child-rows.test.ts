import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { integer, pgTable, primaryKey, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditRecords } from "@/db/schema";
import {
  CHILD_ROW_MESSAGES,
  checkChildReferences,
  childReferenceErrors,
  childRows,
  replaceChildRows,
} from "@/lib/platform/child-rows";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { asOwner, getDb, type Executor } from "@/lib/platform/db";
import { AppError, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { writeAudit } from "@/lib/platform/mutations";
import { withCaller } from "@/lib/platform/rls";
import { requiredId, requiredText } from "@/lib/platform/schemas";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";

// Test-only tables: parents of a company with three kinds of children: rows keyed by what they point at (like a
// PJP's outlets), rows with their own id (like a blog's details) and a plain link table (like a position's
// permissions); items are what the rows point at, each of a company.
const items = pgTable("test_items", {
  id: serial("id").primaryKey(),
  company_id: integer("company_id").notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  deleted_at: timestamp("deleted_at", { withTimezone: true }),
});
const parents = pgTable("test_parents", {
  id: serial("id").primaryKey(),
  company_id: integer("company_id").notNull(),
  name: varchar("name", { length: 50 }).notNull(),
});
const children = pgTable("test_children", {
  id: serial("id").primaryKey(),
  parent_id: integer("parent_id").notNull(),
  item_id: integer("item_id").notNull(),
  qty: integer("qty").notNull(),
});
const notes = pgTable("test_notes", {
  id: serial("id").primaryKey(),
  parent_id: integer("parent_id").notNull(),
  body: varchar("body", { length: 200 }).notNull(),
});
const links = pgTable(
  "test_links",
  { parent_id: integer("parent_id").notNull(), item_id: integer("item_id").notNull() },
  (t) => [primaryKey({ columns: [t.parent_id, t.item_id] })],
);

const childSchema = z.object({
  item_id: requiredId("item"),
  qty: z.coerce.number().int().min(1, "The qty must be at least 1."),
});
const parentSchema = z.object({
  id: requiredId("id"),
  name: requiredText("name", 50),
  test_children: childRows(childSchema, { label: "items", min: 1, max: 5, distinct: "item_id" }),
});

const ITEM_INVALID = "The selected item is invalid.";
const liveItemOf = (ctx: Ctx) => and(eq(items.company_id, requireCompany(ctx)), isNull(items.deleted_at));
const pick = (rows: { item_id: number; qty: number }[]) => rows.map(({ item_id, qty }) => ({ item_id, qty }));

/**
 * What an entity's save looks like with child rows (a PJP with its outlets): lock the parent, change it, check
 * the rows' references, replace the rows, and audit the parent with its rows before and after. The reference
 * check runs after the parent's update on purpose: its 422 must undo that update too.
 */
const saveParent = (ctx: Ctx, raw: unknown) =>
  withCaller(ctx, async () => {
    authorize(ctx, "users.update");
    const parsed = parentSchema.safeParse(raw);
    if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
    const input = parsed.data;
    return (await getDb()).transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(parents)
        .where(and(eq(parents.id, input.id), eq(parents.company_id, requireCompany(ctx))))
        .for("update");
      if (!row) throw notFound();
      const [updated] = await tx
        .update(parents)
        .set({ name: input.name })
        .where(eq(parents.id, row.id))
        .returning();
      await checkChildReferences(tx, {
        field: "test_children",
        rows: input.test_children,
        key: "item_id",
        id: items.id,
        where: liveItemOf(ctx),
        message: ITEM_INVALID,
      });
      const change = await replaceChildRows(tx, {
        table: children,
        parentColumn: children.parent_id,
        parentId: row.id,
        rows: input.test_children,
        match: children.item_id,
        key: (r) => r.item_id,
        toValues: (r) => ({ item_id: r.item_id, qty: r.qty }),
      });
      const before = { ...row, test_children: pick(change.before) };
      const after = { ...updated, test_children: pick(change.after) };
      await writeAudit(tx, ctx, {
        entity: "test_parents",
        entityId: row.id,
        action: "update",
        before,
        after,
      });
      return { ...after, change };
    });
  });

let admin: Ctx;
let happyId: number;
let wagId: number;
let itemA: number, itemB: number, itemC: number, itemD: number, itemGone: number, wagItem: number;

async function newParent(name = "Parent") {
  const db = await getDb();
  const [p] = await db.insert(parents).values({ company_id: happyId, name }).returning();
  return p.id;
}

async function childrenOf(parentId: number) {
  const db = await getDb();
  return db.select().from(children).where(eq(children.parent_id, parentId)).orderBy(asc(children.item_id));
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

beforeAll(async () => {
  const { db, happy, wag } = await seeded();
  happyId = happy.id;
  wagId = wag.id;
  await asOwner(sql`create table if not exists test_items (
    id serial primary key, company_id integer not null, name varchar(50) not null, deleted_at timestamptz)`);
  await asOwner(sql`create table if not exists test_parents (
    id serial primary key, company_id integer not null, name varchar(50) not null)`);
  await asOwner(sql`create table if not exists test_children (
    id serial primary key, parent_id integer not null references test_parents(id) on delete cascade,
    item_id integer not null references test_items(id), qty integer not null check (qty < 1000),
    unique (parent_id, item_id))`);
  await asOwner(sql`create table if not exists test_notes (
    id serial primary key, parent_id integer not null references test_parents(id), body varchar(200) not null)`);
  await asOwner(sql`create table if not exists test_links (
    parent_id integer not null references test_parents(id), item_id integer not null references test_items(id),
    primary key (parent_id, item_id))`);
  const made = await db
    .insert(items)
    .values([
      { company_id: happyId, name: "A" },
      { company_id: happyId, name: "B" },
      { company_id: happyId, name: "C" },
      { company_id: happyId, name: "D" },
      { company_id: happyId, name: "Gone", deleted_at: new Date() },
      { company_id: wagId, name: "Wag's" },
    ])
    .returning({ id: items.id });
  [itemA, itemB, itemC, itemD, itemGone, wagItem] = made.map((m) => m.id);
  admin = await ctxFor(adminEmail);
});

beforeEach(() => {
  expect(admin.companyId).toBe(happyId);
});

describe("childRows: field errors name the row by its index", () => {
  const errorsOf = (body: unknown) => {
    const r = parentSchema.safeParse(body);
    return r.success ? {} : zodFieldErrors(r.error.issues);
  };

  it("a bad cell fails at field.{index}.column", () => {
    expect(
      errorsOf({
        id: 1,
        name: "P",
        test_children: [
          { item_id: 1, qty: 1 },
          { item_id: "", qty: 2 },
          { item_id: 3, qty: 0 },
        ],
      }),
    ).toEqual({
      "test_children.1.item_id": "The item field is required.",
      "test_children.2.qty": "The qty must be at least 1.",
    });
  });

  it("a repeated key fails on the later row", () => {
    expect(
      errorsOf({
        id: 1,
        name: "P",
        test_children: [
          { item_id: 7, qty: 1 },
          { item_id: 8, qty: 1 },
          { item_id: "7", qty: 2 },
        ],
      }),
    ).toEqual({ "test_children.2.item_id": CHILD_ROW_MESSAGES.duplicate("item") });
  });

  it("the array itself: missing, too few, too many", () => {
    expect(errorsOf({ id: 1, name: "P" })).toEqual({ test_children: "The items field is required." });
    expect(errorsOf({ id: 1, name: "P", test_children: [] })).toEqual({
      test_children: "The items field is required.",
    });
    const six = [1, 2, 3, 4, 5, 6].map((item_id) => ({ item_id, qty: 1 }));
    expect(errorsOf({ id: 1, name: "P", test_children: six })).toEqual({
      test_children: "The items may not have more than 5 items.",
    });
    expect(
      childRows(childSchema, { label: "items", min: 2 }).safeParse([{ item_id: 1, qty: 1 }]).error?.issues[0]
        .message,
    ).toBe("The items must have at least 2 items.");
  });

  it("a save answers 422 with those paths and writes nothing", async () => {
    const id = await newParent("Untouched");
    const e = await refusal(
      saveParent(admin, { id, name: "Changed", test_children: [{ item_id: itemA, qty: 1 }, { qty: 1 }] }),
    );
    expect(e.status).toBe(422);
    expect(e.fieldErrors).toEqual({ "test_children.1.item_id": "The item field is required." });
    const db = await getDb();
    const [p] = await db.select().from(parents).where(eq(parents.id, id));
    expect(p.name).toBe("Untouched");
  });
});

describe("replaceChildRows", () => {
  it("deletes the rows no longer sent, updates the changed ones, inserts the new ones, keeps the rest", async () => {
    const id = await newParent();
    const first = await saveParent(admin, {
      id,
      name: "P",
      test_children: [
        { item_id: itemA, qty: 1 },
        { item_id: itemB, qty: 2 },
        { item_id: itemC, qty: 3 },
      ],
    });
    expect(first.change).toMatchObject({ inserted: 3, updated: 0, deleted: 0, before: [] });
    const [a, b, c] = await childrenOf(id);

    const second = await saveParent(admin, {
      id,
      name: "P2",
      test_children: [
        { item_id: itemD, qty: 4 },
        { item_id: itemC, qty: 3 },
        { item_id: itemB, qty: 20 },
      ],
    });
    expect(second.change).toMatchObject({ inserted: 1, updated: 1, deleted: 1 });
    const now = await childrenOf(id);
    expect(now.map((r) => [r.item_id, r.qty])).toEqual([
      [itemB, 20],
      [itemC, 3],
      [itemD, 4],
    ]);
    // Matched rows keep their identity; the removed one is gone.
    expect(now.find((r) => r.item_id === itemB)!.id).toBe(b.id);
    expect(now.find((r) => r.item_id === itemC)!.id).toBe(c.id);
    expect(now.some((r) => r.id === a.id)).toBe(false);

    // The parent's audit record carries the rows before and after.
    const db = await getDb();
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "test_parents"), eq(auditRecords.entity_id, id)))
      .orderBy(sql`${auditRecords.id} desc`)
      .limit(1);
    expect((audit.old_json as { test_children: unknown }).test_children).toEqual([
      { item_id: itemA, qty: 1 },
      { item_id: itemB, qty: 2 },
      { item_id: itemC, qty: 3 },
    ]);
    expect((audit.new_json as { test_children: unknown }).test_children).toEqual([
      { item_id: itemB, qty: 20 },
      { item_id: itemC, qty: 3 },
      { item_id: itemD, qty: 4 },
    ]);

    // Sending the same set again changes nothing.
    const same = await saveParent(admin, {
      id,
      name: "P2",
      test_children: now.map(({ item_id, qty }) => ({ item_id, qty })),
    });
    expect(same.change).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
  });

  it("rows with their own id: sent ids are updated, new rows inserted, another parent's id refused", async () => {
    const id = await newParent();
    const other = await newParent("Other");
    const db = await getDb();
    const [n1, n2] = await db
      .insert(notes)
      .values([
        { parent_id: id, body: "one" },
        { parent_id: id, body: "two" },
      ])
      .returning();
    const [foreign] = await db.insert(notes).values({ parent_id: other, body: "theirs" }).returning();
    type Note = { id?: number; body: string };
    const replace = (rows: Note[]) =>
      db.transaction((tx) =>
        replaceChildRows(tx, {
          table: notes,
          parentColumn: notes.parent_id,
          parentId: id,
          rows,
          match: notes.id,
          key: (r) => r.id,
          toValues: (r) => ({ body: r.body }),
          at: (i) => `test_notes.${i}.id`,
        }),
      );

    const change = await replace([{ id: n2.id, body: "two, edited" }, { body: "three" }]);
    expect(change).toMatchObject({ inserted: 1, updated: 1, deleted: 1 });
    expect(change.before.map((n) => n.body)).toEqual(["one", "two"]);
    const rows = await db.select().from(notes).where(eq(notes.parent_id, id)).orderBy(asc(notes.id));
    expect(rows.map((r) => [r.id === n2.id, r.body])).toEqual([
      [true, "two, edited"],
      [false, "three"],
    ]);
    expect(change.after).toEqual(rows);
    expect(rows.some((r) => r.id === n1.id)).toBe(false);

    const e = await refusal(replace([{ id: foreign.id, body: "stolen" }]));
    expect(e.status).toBe(422);
    expect(e.fieldErrors).toEqual({ "test_notes.0.id": "The selected id is invalid." });
    const [still] = await db.select().from(notes).where(eq(notes.id, foreign.id));
    expect(still).toMatchObject({ parent_id: other, body: "theirs" });
    expect(await db.select().from(notes).where(eq(notes.parent_id, id))).toHaveLength(2);
  });

  it("a link table of plain ids (a position's permissions): the set is replaced", async () => {
    const id = await newParent();
    const db = await getDb();
    const replace = (ids: number[]) =>
      db.transaction((tx) =>
        replaceChildRows(tx, {
          table: links,
          parentColumn: links.parent_id,
          parentId: id,
          rows: ids,
          match: links.item_id,
          key: (itemId) => itemId,
          toValues: (itemId) => ({ item_id: itemId }),
          at: (i) => `test_links.${i}`,
        }),
      );
    await replace([itemA, itemB]);
    const change = await replace([itemB, itemC]);
    expect(change.before.map((l) => l.item_id)).toEqual([itemA, itemB]);
    expect(change.after.map((l) => l.item_id)).toEqual([itemB, itemC]);
    expect(change).toMatchObject({ inserted: 1, updated: 0, deleted: 1 });
    const e = await refusal(replace([itemC, itemC]));
    expect(e.fieldErrors).toEqual({ "test_links.1": CHILD_ROW_MESSAGES.duplicate("item") });
  });
});

describe("references inside rows", () => {
  it("answer 422 on the row's own path for another company's, a deleted or a missing record", async () => {
    const id = await newParent();
    const e = await refusal(
      saveParent(admin, {
        id,
        name: "P",
        test_children: [
          { item_id: itemA, qty: 1 },
          { item_id: wagItem, qty: 1 },
          { item_id: itemB, qty: 1 },
          { item_id: itemGone, qty: 1 },
          { item_id: 999999, qty: 1 },
        ],
      }),
    );
    expect(e.status).toBe(422);
    expect(e.fieldErrors).toEqual({
      "test_children.1.item_id": ITEM_INVALID,
      "test_children.3.item_id": ITEM_INVALID,
      "test_children.4.item_id": ITEM_INVALID,
    });
    expect(await childrenOf(id)).toEqual([]);
  });

  it("checks all rows with one query", async () => {
    const db = await getDb();
    let selects = 0;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (prop === "select") selects++;
        return typeof v === "function" ? v.bind(target) : v;
      },
    }) as Executor;
    const rows = [itemA, itemB, itemC, itemD, wagItem, itemA].map((item_id) => ({ item_id }));
    const errors = await childReferenceErrors(counting, {
      field: "test_children",
      rows,
      key: "item_id",
      id: items.id,
      where: liveItemOf(admin),
      message: ITEM_INVALID,
    });
    expect(errors).toEqual({ "test_children.4.item_id": ITEM_INVALID });
    expect(selects).toBe(1);
  });

  it("rows that are ids themselves are named field.{index}", async () => {
    const db = await getDb();
    const errors = await childReferenceErrors(db, {
      field: "position_permissions",
      rows: [itemA, wagItem],
      id: items.id,
      where: liveItemOf(admin),
      message: ITEM_INVALID,
    });
    expect(errors).toEqual({ "position_permissions.1": ITEM_INVALID });
  });
});

describe("one transaction with the parent", () => {
  it("a refused row undoes the parent's update and leaves the old rows", async () => {
    const id = await newParent("Before");
    await saveParent(admin, { id, name: "Before", test_children: [{ item_id: itemA, qty: 1 }] });
    await refusal(
      saveParent(admin, {
        id,
        name: "After",
        test_children: [
          { item_id: itemB, qty: 1 },
          { item_id: wagItem, qty: 1 },
        ],
      }),
    );
    const db = await getDb();
    const [p] = await db.select().from(parents).where(eq(parents.id, id));
    expect(p.name).toBe("Before");
    expect((await childrenOf(id)).map((r) => r.item_id)).toEqual([itemA]);
  });

  it("a database failure while writing the rows rolls the parent back too", async () => {
    const id = await newParent("Before");
    await saveParent(admin, { id, name: "Before", test_children: [{ item_id: itemA, qty: 1 }] });
    // qty 5000 passes the schema but not the table's check constraint: the insert fails after the delete of
    // itemA and the parent's update.
    await expect(
      saveParent(admin, { id, name: "After", test_children: [{ item_id: itemB, qty: 5000 }] }),
    ).rejects.toThrow();
    const db = await getDb();
    const [p] = await db.select().from(parents).where(eq(parents.id, id));
    expect(p.name).toBe("Before");
    expect((await childrenOf(id)).map((r) => [r.item_id, r.qty])).toEqual([[itemA, 1]]);
    const audits = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "test_parents"), eq(auditRecords.entity_id, id)));
    expect(audits).toHaveLength(1);
  });

  it("another company's parent is not found", async () => {
    const db = await getDb();
    const [theirs] = await db.insert(parents).values({ company_id: wagId, name: "Theirs" }).returning();
    const e = await refusal(
      saveParent(admin, { id: theirs.id, name: "Mine", test_children: [{ item_id: itemA, qty: 1 }] }),
    );
    expect(e.status).toBe(404);
    expect(await childrenOf(theirs.id)).toEqual([]);
  });
});
