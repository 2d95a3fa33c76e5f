import ExcelJS from "exceljs";
import { and, eq, isNull, sql } from "drizzle-orm";
import { integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditRecords, notifications, stagedRows } from "@/db/schema";
import { usersUpload } from "@/lib/admin/users/upload";
import { stagedUploadRoutes } from "@/lib/api/staged-upload";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { asOwner, getDb } from "@/lib/platform/db";
import { AppError, invalid } from "@/lib/platform/errors";
import { requiredId, requiredText } from "@/lib/platform/schemas";
import {
  defineStagedUpload,
  idsByText,
  markRepeated,
  STAGED_UPLOAD_MESSAGES,
} from "@/lib/platform/staged-upload";
import { DEMO_LOGINS, adminEmail, ctxFor, seeded, superEmail } from "../support/fixtures";
import { PNG_BYTES, xlsx } from "../support/xlsx";

// A second entity, made only for this test, proves the staged upload is not tied to users: gadgets of a company,
// each of a colour of that company, named uniquely within it.
const colours = pgTable("test_colours", {
  id: serial("id").primaryKey(),
  company_id: integer("company_id").notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  deleted_at: timestamp("deleted_at", { withTimezone: true }),
});
const gadgets = pgTable("test_gadgets", {
  id: serial("id").primaryKey(),
  company_id: integer("company_id").notNull(),
  name: varchar("name", { length: 50 }).notNull(),
  size: integer("size").notNull(),
  colour_id: integer("colour_id").notNull(),
});

const gadgetSchema = z.object({
  name: requiredText("name", 50),
  size: z.coerce
    .number({ error: "The size must be a number." })
    .int("The size must be a whole number.")
    .min(1, "The size must be at least 1."),
  colour_id: requiredId("colour"),
});

const MESSAGES = {
  uploaded: "Gadgets uploaded.",
  processed: "Gadgets processed.",
  deleted: "Gadgets discarded.",
  uploadFailed: "The gadget file could not be uploaded.",
  processFailed: "The gadget file could not be processed.",
};

// Switches the test flips to make a create or a lookup fail part-way.
const faults = { createRefuses: null as string | null, loadThrows: false };

// ---- the whole definition of another entity's upload: about 30 lines ----
const gadgetsUpload = defineStagedUpload({
  kind: "test_gadgets",
  entity: "test_gadgets",
  permission: "users.upload",
  field: "gadgets",
  columns: [
    { key: "name", header: "Name", required: true, sample: "Widget" },
    { key: "size", header: "Size", sample: "3" },
    { key: "colour", header: "Colour", required: true, sample: "Red" },
    { key: "made_on", header: "Made On" },
  ],
  schema: gadgetSchema,
  messages: MESSAGES,
  references: {
    colour: {
      field: "colour_id",
      message: "The selected colour is invalid.",
      async load(db, ctx, texts) {
        if (faults.loadThrows) throw new Error("lookup failed");
        const where = and(eq(colours.company_id, requireCompany(ctx)), isNull(colours.deleted_at));
        return idsByText(db, { id: colours.id, text: colours.name, texts, where });
      },
    },
  },
  async validate(db, ctx, rows) {
    const where = eq(gadgets.company_id, requireCompany(ctx));
    const texts = rows.flatMap((r) => (r.values.name ? [r.values.name] : []));
    const taken = await idsByText(db, { id: gadgets.id, text: gadgets.name, texts, where });
    for (const r of rows) if (r.input && taken.has(r.input.name.toLowerCase())) r.errors.name ??= "Taken.";
    markRepeated(rows, "name", STAGED_UPLOAD_MESSAGES.repeated("name"));
  },
  async create(tx, ctx, input) {
    if (input.name === faults.createRefuses) throw invalid({ colour_id: "The colour is gone." });
    const [row] = await tx
      .insert(gadgets)
      .values({ ...input, company_id: requireCompany(ctx) })
      .returning();
    return { id: row.id, after: row };
  },
  notification: (n) => ({ title: "Gadgets processed", body: `${n} gadgets.`, link: "/gadgets" }),
});
// ---- end of the definition ----

const HEADER = ["Name", "Size", "Colour"];

let admin: Ctx; // ADMIN of Happy Paws
let backend: Ctx; // BACKEND ADMIN acting for Happy Paws: same company, another uploader
let wagAdmin: Ctx;
let happyId: number;
let wagId: number;
let red: number;
let wagBlue: number;

async function gadgetNames(companyId = happyId) {
  const db = await getDb();
  const rows = await db.select({ name: gadgets.name }).from(gadgets).where(eq(gadgets.company_id, companyId));
  return rows.map((r) => r.name).sort();
}

const preview = (ctx: Ctx, params: Record<string, string> = {}) =>
  gadgetsUpload.preview(ctx, { rowsPerPage: "100", ...params });

async function refusal(p: Promise<unknown>) {
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
  await asOwner(sql`
    create table if not exists test_colours (
      id serial primary key, company_id integer not null, name varchar(50) not null, deleted_at timestamptz)`);
  await asOwner(sql`
    create table if not exists test_gadgets (
      id serial primary key, company_id integer not null, name varchar(50) not null, size integer not null,
      colour_id integer not null references test_colours(id))`);
  [{ id: red }] = await db
    .insert(colours)
    .values({ company_id: happyId, name: "Red" })
    .returning({ id: colours.id });
  await db.insert(colours).values([
    { company_id: happyId, name: "Green" },
    { company_id: happyId, name: "Grey", deleted_at: new Date() },
  ]);
  [{ id: wagBlue }] = await db
    .insert(colours)
    .values({ company_id: wagId, name: "Blue" })
    .returning({ id: colours.id });
  admin = await ctxFor(adminEmail);
  backend = await ctxFor(DEMO_LOGINS["BACKEND ADMIN"], happyId);
  wagAdmin = await ctxFor("admin@wagnation.test");
  expect(admin.companyId).toBe(happyId);
  expect(backend.companyId).toBe(happyId);
  expect(wagAdmin.companyId).toBe(wagId);
});

beforeEach(async () => {
  faults.createRefuses = null;
  faults.loadThrows = false;
  for (const ctx of [admin, backend, wagAdmin]) await gadgetsUpload.discard(ctx);
  const db = await getDb();
  await db.delete(gadgets);
});

describe("the sample file", () => {
  it("has the columns' headers and an example row that uploads without errors", async () => {
    const buf = await gadgetsUpload.sample(admin);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(["Name", "Size", "Colour", "Made On"]);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(["Widget", "3", "Red", ""]);
    expect(await gadgetsUpload.upload(admin, buf)).toEqual({ count: 1, invalid: 0 });

    const res = await gadgetsUpload.sampleResponse(admin);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="test_gadgets-upload-sample.xlsx"',
    );
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
  });
});

describe("upload and preview", () => {
  it("stages every row with its own errors, keyed by the file's columns, and creates nothing", async () => {
    await gadgetNamesCreated(["Existing"]);
    const file = await xlsx(HEADER, [
      ["Alpha", 2, "red"], // 1: fine (colour matched case-insensitively)
      ["", 2, "Red"], // 2: name required
      ["Beta", "big", "Red"], // 3: size not a number
      ["Gamma", 1, "Blue"], // 4: Wag Nation's colour
      ["Delta", 1, "Grey"], // 5: a deleted colour
      ["Twin", 1, "Green"], // 6: repeated within the file
      ["twin", 1, "Green"], // 7
      ["existing", 1, "Red"], // 8: taken in the company
      ["Omega", 0, ""], // 9: two errors
    ]);
    expect(await gadgetsUpload.upload(admin, file)).toEqual({ count: 9, invalid: 8 });

    const list = await preview(admin);
    expect(list.count).toBe(9);
    expect(list.invalid).toBe(8);
    expect(list.data[0]).toEqual({
      id: expect.any(Number),
      row_no: 1,
      name: "Alpha",
      size: "2",
      colour: "red",
      made_on: null,
      errors: null,
    });
    expect(list.data.map((r) => r.errors)).toEqual([
      null,
      { name: "The name field is required." },
      { size: "The size must be a number." },
      { colour: "The selected colour is invalid." },
      { colour: "The selected colour is invalid." },
      { name: "The name appears more than once in the file." },
      { name: "The name appears more than once in the file." },
      { name: "Taken." },
      { size: "The size must be at least 1.", colour: "The colour field is required." },
    ]);
    expect(await gadgetNames()).toEqual(["Existing"]);
    // What the upload answers: no success text while rows have errors.
    expect(gadgetsUpload.uploadMessage({ count: 9, invalid: 8 })).toBe(
      STAGED_UPLOAD_MESSAGES.uploadedWithErrors(1, 8),
    );
    expect(gadgetsUpload.uploadMessage({ count: 9, invalid: 0 })).toBe(MESSAGES.uploaded);
  });

  it("names an error's column by its label, never by a field's internal name", () => {
    expect(gadgetsUpload.labelOf("name")).toBe("Name");
    expect(gadgetsUpload.labelOf("made_on")).toBe("Made On");
    // The schema field a reference column fills reads as that column.
    expect(gadgetsUpload.labelOf("colour_id")).toBe("Colour");
    // A field no column names (a create's own check) is still read as words.
    expect(gadgetsUpload.labelOf("shelf_id")).toBe("Shelf");
    expect(gadgetsUpload.labelOf("gadgets")).toBeNull();
  });

  it("reads headers in any case and spacing, ignores unknown columns, and stages date cells as dates", async () => {
    const file = await xlsx(
      ["  NAME ", "made   on", "Colour", "Notes"],
      [["Dated", new Date(Date.UTC(2026, 0, 5)), "Red", "ignored"]],
    );
    expect(await gadgetsUpload.upload(admin, file)).toEqual({ count: 1, invalid: 1 });
    const [row] = (await preview(admin)).data;
    expect(row).toMatchObject({ name: "Dated", made_on: "2026-01-05", colour: "Red", size: null });
    expect(row).not.toHaveProperty("notes");
    expect(row.errors).toEqual({ size: "The size must be at least 1." });
  });

  it("pages and searches the preview in file order", async () => {
    await gadgetsUpload.upload(
      admin,
      await xlsx(HEADER, [
        ["One", 1, "Red"],
        ["Two", 2, "Green"],
        ["Three", 3, "Red"],
      ]),
    );
    const page2 = await gadgetsUpload.preview(admin, { page: "2", rowsPerPage: "2" });
    expect(page2.data.map((r) => r.name)).toEqual(["Three"]);
    expect(page2.count).toBe(3);
    const found = await preview(admin, { search_keyword: "green" });
    expect(found.data.map((r) => r.name)).toEqual(["Two"]);
    expect(found.count).toBe(1);
  });

  it("replaces the uploader's previous staging of that kind, and only that kind", async () => {
    const users = await usersUpload.upload(
      admin,
      await xlsx(
        ["first_name", "last_name", "email", "position"],
        [["Kind", "Apart", "kind.apart@staged.test", "CUSTOMER"]],
      ),
    );
    expect(users).toEqual({ count: 1, invalid: 0 });
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["First", 1, "Red"]]));
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Second", 1, "Red"]]));
    expect((await preview(admin)).data.map((r) => r.name)).toEqual(["Second"]);
    // The users staging of the same admin is another area.
    expect((await usersUpload.preview(admin, {})).count).toBe(1);
    await usersUpload.discard(admin);
    expect((await preview(admin)).count).toBe(1);
  });
});

describe("a refused file leaves the previous staging untouched", () => {
  const keeps = async (file: unknown, fieldError: string | RegExp) => {
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Kept", 1, "Red"]]));
    const e = await refusal(gadgetsUpload.upload(admin, file));
    expect(e.status).toBe(422);
    expect(e.message).toBe(MESSAGES.uploadFailed);
    expect(e.fieldErrors!.gadgets).toMatch(fieldError);
    const list = await preview(admin);
    expect(list.data.map((r) => [r.name, r.errors])).toEqual([["Kept", null]]);
  };

  it("no file", () => keeps(null, "Choose a spreadsheet (.xlsx) to upload."));
  it("a PNG", () => keeps(PNG_BYTES, "The file must be an Excel spreadsheet (.xlsx)."));
  it("a required column missing", async () =>
    keeps(
      await xlsx(["Name", "Size"], [["A", 1]]),
      "The file must have the column(s) Colour in its first row.",
    ));
  it("no rows", async () => keeps(await xlsx(HEADER, []), STAGED_UPLOAD_MESSAGES.noRows));

  it("a failure while checking the rows (the replacement is one transaction)", async () => {
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Kept", 1, "Red"]]));
    faults.loadThrows = true;
    await expect(gadgetsUpload.upload(admin, await xlsx(HEADER, [["New", 1, "Red"]]))).rejects.toThrow(
      "lookup failed",
    );
    expect((await preview(admin)).data.map((r) => r.name)).toEqual(["Kept"]);
  });
});

describe("process", () => {
  it("is refused while any row has errors, and changes nothing", async () => {
    await gadgetsUpload.upload(
      admin,
      await xlsx(HEADER, [
        ["Good", 1, "Red"],
        ["Bad", 1, "Purple"],
      ]),
    );
    const e = await refusal(gadgetsUpload.process(admin));
    expect(e.status).toBe(422);
    expect(e.message).toBe(MESSAGES.processFailed);
    expect(e.fieldErrors).toEqual({ gadgets: STAGED_UPLOAD_MESSAGES.rowsInvalid(1) });
    expect(await gadgetNames()).toEqual([]);
    const list = await preview(admin);
    expect(list.data.map((r) => [r.name, r.errors])).toEqual([
      ["Good", null],
      ["Bad", { colour: "The selected colour is invalid." }],
    ]);
  });

  it("checks again: a name taken since the upload stops the file, and the row shows why", async () => {
    await gadgetsUpload.upload(
      admin,
      await xlsx(HEADER, [
        ["Late", 1, "Red"],
        ["Fine", 1, "Red"],
      ]),
    );
    await gadgetNamesCreated(["Late"]);
    await refusal(gadgetsUpload.process(admin));
    expect((await preview(admin)).data.map((r) => r.errors)).toEqual([{ name: "Taken." }, null]);
    expect(await gadgetNames()).toEqual(["Late"]);
  });

  it("creates every row in one transaction, with audit records and the notification, and empties the staging", async () => {
    await gadgetsUpload.upload(
      admin,
      await xlsx(HEADER, [
        ["One", 1, "Red"],
        ["Two", "2", "green"],
        ["Three", 3, "RED"],
      ]),
    );
    expect(await gadgetsUpload.process(admin)).toEqual({ created: 3 });
    expect(await gadgetNames()).toEqual(["One", "Three", "Two"]);
    const db = await getDb();
    const made = await db.select().from(gadgets).where(eq(gadgets.company_id, happyId));
    expect(made.find((g) => g.name === "Three")).toMatchObject({ size: 3, colour_id: red });

    const audits = await db.select().from(auditRecords).where(eq(auditRecords.entity, "test_gadgets"));
    expect(audits.map((a) => a.entity_id).sort()).toEqual(made.map((g) => g.id).sort());
    for (const a of audits) {
      expect(a).toMatchObject({
        action: "create",
        old_json: null,
        company_id: happyId,
        actor_id: admin.userId,
      });
      expect((a.new_json as { name: string }).name).toBeTruthy();
    }
    const [note] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, admin.userId), eq(notifications.title, "Gadgets processed")));
    expect(note).toMatchObject({ body: "3 gadgets.", link: "/gadgets", company_id: happyId });

    expect((await preview(admin)).count).toBe(0);
    const again = await refusal(gadgetsUpload.process(admin));
    expect(again.fieldErrors).toEqual({ gadgets: STAGED_UPLOAD_MESSAGES.nothingToProcess });
  });

  it("creates nothing when a create refuses a later row, and marks that row with the create's errors", async () => {
    await gadgetsUpload.upload(
      admin,
      await xlsx(HEADER, [
        ["First", 1, "Red"],
        ["Second", 1, "Red"],
        ["Third", 1, "Red"],
      ]),
    );
    faults.createRefuses = "Third";
    const audits = () => db.select().from(auditRecords).where(eq(auditRecords.entity, "test_gadgets"));
    const db = await getDb();
    const auditsBefore = (await audits()).length;
    const e = await refusal(gadgetsUpload.process(admin));
    expect(e.fieldErrors).toEqual({ gadgets: STAGED_UPLOAD_MESSAGES.rowsInvalid(1) });
    // "First" and "Second" were inserted before "Third" failed: rolled back with it.
    expect(await gadgetNames()).toEqual([]);
    expect(await audits()).toHaveLength(auditsBefore);
    // The schema field colour_id is reported on the file's column.
    expect((await preview(admin)).data.map((r) => r.errors)).toEqual([
      null,
      null,
      { colour: "The colour is gone." },
    ]);
  });
});

describe("discard", () => {
  it("empties the caller's staging and nobody else's", async () => {
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Mine", 1, "Red"]]));
    await gadgetsUpload.upload(backend, await xlsx(HEADER, [["Theirs", 1, "Red"]]));
    expect(await gadgetsUpload.discard(admin)).toEqual({ deleted: 1 });
    expect((await preview(admin)).count).toBe(0);
    expect((await preview(backend)).data.map((r) => r.name)).toEqual(["Theirs"]);
  });
});

describe("whose staging", () => {
  it("one uploader neither sees, processes nor discards another's, in the same company", async () => {
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Mine", 1, "Red"]]));
    expect(await preview(backend)).toEqual({ data: [], count: 0, invalid: 0 });
    const e = await refusal(gadgetsUpload.process(backend));
    expect(e.fieldErrors).toEqual({ gadgets: STAGED_UPLOAD_MESSAGES.nothingToProcess });
    expect(await gadgetsUpload.discard(backend)).toEqual({ deleted: 0 });
    expect((await preview(admin)).data.map((r) => r.name)).toEqual(["Mine"]);
    expect(await gadgetNames()).toEqual([]);
  });

  it("another company sees none of it, and checks references against its own records", async () => {
    await gadgetsUpload.upload(admin, await xlsx(HEADER, [["Mine", 1, "Red"]]));
    expect((await preview(wagAdmin)).count).toBe(0);
    // The same admin acting for another company (a backend admin switching) has another staging area too.
    const backendWag = await ctxFor(DEMO_LOGINS["BACKEND ADMIN"], wagId);
    expect((await preview(backendWag)).count).toBe(0);

    expect(
      await gadgetsUpload.upload(
        wagAdmin,
        await xlsx(HEADER, [
          ["Theirs", 1, "Blue"],
          ["Cross", 1, "Red"],
        ]),
      ),
    ).toEqual({ count: 2, invalid: 1 });
    expect((await preview(wagAdmin)).data.map((r) => r.errors)).toEqual([
      null,
      { colour: "The selected colour is invalid." },
    ]);
    expect((await preview(admin)).data.map((r) => r.name)).toEqual(["Mine"]);
    const db = await getDb();
    const rows = await db
      .select({ company_id: stagedRows.company_id, kind: stagedRows.kind })
      .from(stagedRows)
      .where(eq(stagedRows.kind, "test_gadgets"));
    expect(rows.filter((r) => r.company_id === wagId)).toHaveLength(2);
    expect(rows.filter((r) => r.company_id === happyId)).toHaveLength(1);
    void wagBlue;
  });

  it("answers 403 without the permission, and without an acting company", async () => {
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    const superNoCompany = await ctxFor(superEmail);
    expect(superNoCompany.companyId).toBeNull();
    const file = await xlsx(HEADER, [["No", 1, "Red"]]);
    for (const ctx of [franchisee, superNoCompany]) {
      for (const call of [
        () => gadgetsUpload.upload(ctx, file),
        () => gadgetsUpload.preview(ctx, {}),
        () => gadgetsUpload.process(ctx),
        () => gadgetsUpload.discard(ctx),
        () => gadgetsUpload.sample(ctx),
      ]) {
        await expect(call()).rejects.toMatchObject({ status: 403 });
      }
    }
  });
});

describe("its /api rows", () => {
  it("upload, list, process and discard through the rows the route builder makes", async () => {
    const routes = stagedUploadRoutes(
      gadgetsUpload,
      { list: "g", upload: "g/up", process: "g/run", discard: "g/drop", sample: "g/sample" },
      { tag: "Test", noun: "gadget" },
    );
    const route = (path: string) => {
      const r = routes.find((x) => x.path === path)!;
      if (r.auth !== "user") throw new Error("expected a user route");
      expect(r.permission).toBe("users.upload");
      return r;
    };
    const call = (path: string, files: Record<string, File> = {}, headers: Record<string, string> = {}) =>
      route(path).handler({
        ctx: admin,
        params: {},
        query: new URLSearchParams(),
        body: {},
        files,
        request: new Request(`http://localhost/api/${path}`, { headers }),
      });
    const mixed = await xlsx(HEADER, [
      ["Api", 1, "Red"],
      ["Bad", 0, "Red"],
    ]);
    expect(await call("g/up", { gadgets: new File([new Uint8Array(mixed)], "g.xlsx") })).toEqual({
      message: STAGED_UPLOAD_MESSAGES.uploadedWithErrors(1, 1),
      data: { count: 2, invalid: 1 },
    });
    const file = new File([new Uint8Array(await xlsx(HEADER, [["Api", 1, "Red"]]))], "g.xlsx");
    expect(await call("g/up", { gadgets: file })).toEqual({
      message: MESSAGES.uploaded,
      data: { count: 1, invalid: 0 },
    });
    expect(await call("g")).toMatchObject({ count: 1, invalid: 0 });
    // Process and discard are GETs: refused cross-site for cookie sessions.
    await expect(call("g/run", {}, { "sec-fetch-site": "cross-site" })).rejects.toMatchObject({
      status: 403,
    });
    expect(await call("g/run")).toEqual({ message: MESSAGES.processed, data: { created: 1 } });
    expect(await call("g/drop")).toEqual({ message: MESSAGES.deleted });
    expect(await gadgetNames()).toEqual(["Api"]);
  });
});

async function gadgetNamesCreated(names: string[]) {
  const db = await getDb();
  await db
    .insert(gadgets)
    .values(names.map((name) => ({ company_id: happyId, name, size: 1, colour_id: red })));
}
