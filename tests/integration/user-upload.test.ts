import ExcelJS from "exceljs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditRecords, companies, notifications, positions, stagedRows, users } from "@/db/schema";
import { UPLOAD_MESSAGES } from "@/lib/admin/users/upload";
import { dispatch } from "@/lib/api/dispatch";
import { userUploadRoutes } from "@/lib/api/routes/user-upload";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_LOGINS, adminEmail, api, ctxFor, seeded, tokenFor, userId } from "../support/fixtures";
import { PNG_BYTES, handMadeZip, xlsx } from "../support/xlsx";

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/users/upload/actions");

const HEADER = ["First Name", "Middle Name", "Last Name", "Email", "Phone", "Position", "Upline User"];

let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let adminToken: string;
let backendToken: string;
let customerEmail: string;
let customerPositionId: number;

type Staged = {
  row_no: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  position: string | null;
  upline_user: string | null;
  errors: Record<string, string> | null;
};

async function upload(buf: Buffer, token = adminToken, companyId?: number, name = "users.xlsx") {
  const form = new FormData();
  form.set("users", new File([new Uint8Array(buf)], name));
  return api("POST", "crud_users/upload_user", { token, form, companyId });
}

async function staged(token = adminToken, companyId?: number) {
  const r = await api("GET", "crud_users?rowsPerPage=100", { token, companyId });
  expect(r.status).toBe(200);
  return r.json as unknown as { data: Staged[]; count: number; invalid: number };
}

async function userCount() {
  const db = (await seeded()).db;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(n);
}

let seq = 0;
const freshEmail = (tag: string) => `bulk.${tag}.${++seq}@upload.test`;

beforeAll(async () => {
  ({ happy, wag } = await seeded());
  adminToken = await tokenFor(adminEmail);
  backendToken = await tokenFor(DEMO_LOGINS["BACKEND ADMIN"]);
  const { db } = await seeded();
  const [customer] = await db
    .select()
    .from(users)
    .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER), eq(users.is_active, 1)))
    .limit(1);
  customerEmail = customer.email;
  const [pos] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, "CUSTOMER")));
  customerPositionId = pos.id;
});

beforeEach(async () => {
  await api("GET", "crud_users/truncate_users", { token: adminToken });
});

describe("upload and preview", () => {
  it("stages a good file's rows in file order, without errors, and creates no user yet", async () => {
    const before = await userCount();
    const a = freshEmail("a");
    const b = freshEmail("b");
    const file = await xlsx(HEADER, [
      ["Riya", "", "Sharma", a, "+91 98765 43210", "customer", ""],
      ["Arjun", "Kumar", "Mehta", b, "9876501234", "CUSTOMER", adminEmail],
    ]);
    const r = await upload(file);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ message: UPLOAD_MESSAGES.uploaded, data: { count: 2, invalid: 0 } });

    const list = await staged();
    expect(list.count).toBe(2);
    expect(list.invalid).toBe(0);
    expect(
      list.data.map((s) => [s.row_no, s.first_name, s.email, s.position, s.upline_user, s.errors]),
    ).toEqual([
      [1, "Riya", a, "customer", null, null],
      [2, "Arjun", b, "CUSTOMER", adminEmail, null],
    ]);
    expect(await userCount()).toBe(before);

    const page2 = await api("GET", "crud_users?page=2&rowsPerPage=1", { token: adminToken });
    expect((page2.json.data as Staged[]).map((s) => s.email)).toEqual([b]);
    expect(page2.json.count).toBe(2);
  });

  it("replaces the previous upload of the same admin", async () => {
    await upload(await xlsx(HEADER, [["One", "", "Row", freshEmail("x"), "", "CUSTOMER", ""]]));
    const e = freshEmail("y");
    await upload(await xlsx(HEADER, [["Two", "", "Row", e, "", "CUSTOMER", ""]]));
    const list = await staged();
    expect(list.data.map((s) => s.email)).toEqual([e]);
  });

  it("shows each bad row's reasons, and Process then creates nothing", async () => {
    const dup = freshEmail("dup");
    const good = freshEmail("good");
    const file = await xlsx(HEADER, [
      ["NoLast", "", "", freshEmail("nolast"), "", "CUSTOMER", ""],
      ["Bad", "", "Position", freshEmail("pos"), "", "ASTRONAUT", ""],
      ["Dup", "", "One", dup, "", "CUSTOMER", ""],
      ["Dup", "", "Two", dup.toUpperCase(), "", "CUSTOMER", ""],
      ["Taken", "", "Email", customerEmail, "", "CUSTOMER", ""],
      ["Bad", "", "Upline", freshEmail("up"), "", "CUSTOMER", "nobody@nowhere.test"],
      ["Bad", "", "Format", "not-an-email", "12", "", ""],
      ["Good", "", "Row", good, "", "CUSTOMER", ""],
    ]);
    const r = await upload(file);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ count: 8, invalid: 7 });
    // Staged for the preview, but never "uploaded successfully": how many rows are ready and how many are not.
    expect(r.json.message).toBe(UPLOAD_MESSAGES.uploadedWithErrors(1, 7));
    expect(r.json.message).toBe(
      "File uploaded with errors: 1 row is ready and 7 rows have errors. Correct the file and upload it again; nothing is processed until every row is ready.",
    );
    expect(r.json.message).not.toMatch(/success/i);

    const list = await staged();
    const errs = list.data.map((s) => s.errors);
    expect(errs[0]).toEqual({ last_name: "The last name field is required." });
    expect(errs[1]).toEqual({ position: "The selected position is invalid." });
    expect(errs[2]).toEqual({ email: UPLOAD_MESSAGES.emailRepeated });
    expect(errs[3]).toEqual({ email: UPLOAD_MESSAGES.emailRepeated });
    expect(errs[4]).toEqual({ email: "The email has already been taken." });
    expect(errs[5]).toEqual({ upline_user: "The selected upline user is invalid." });
    expect(errs[6]).toEqual({
      email: "The email must be a valid email address.",
      phone: "The phone must be a valid phone number.",
      position: "The position field is required.",
    });
    expect(errs[7]).toBeNull();
    expect(list.invalid).toBe(7);

    const before = await userCount();
    const p = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(p.status).toBe(422);
    expect(p.json.message).toBe(UPLOAD_MESSAGES.processFailed);
    expect(p.json.errors!.users).toEqual([UPLOAD_MESSAGES.rowsInvalid(7)]);
    expect(await userCount()).toBe(before);
    expect((await staged()).count).toBe(8);
  });

  it("checks again at Process: an email taken since the upload stops the whole file", async () => {
    const a = freshEmail("later");
    const b = freshEmail("fine");
    await upload(
      await xlsx(HEADER, [
        ["Later", "", "Taken", a, "", "CUSTOMER", ""],
        ["Fine", "", "Row", b, "", "CUSTOMER", ""],
      ]),
    );
    expect((await staged()).invalid).toBe(0);
    const saved = await api("POST", "users", {
      token: adminToken,
      body: { first_name: "Quick", last_name: "Saver", email: a, position_id: customerPositionId },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const p = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(p.status).toBe(422);
    expect(p.json.message).toBe(UPLOAD_MESSAGES.processFailed);
    const list = await staged();
    expect(list.data.map((s) => s.errors)).toEqual([{ email: "The email has already been taken." }, null]);
    const { db } = await seeded();
    expect(await db.select().from(users).where(eq(users.email, b))).toEqual([]);
  });

  it("creates every user at Process once the file is fixed, with audit records and a notification", async () => {
    const emails = [freshEmail("p1"), freshEmail("p2"), freshEmail("p3")];
    const r = await upload(
      await xlsx(HEADER, [
        ["Asha", "", "Iyer", emails[0], "+91 90000 00001", "CUSTOMER", ""],
        ["Kabir", "Dev", "Singh", emails[1], "", "customer", adminEmail],
        ["Zoya", "", "Khan", emails[2], "", "Franchisee Staff", ""],
      ]),
    );
    expect(r.json.data).toEqual({ count: 3, invalid: 0 });

    const p = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(p.status, JSON.stringify(p.json)).toBe(200);
    expect(p.json).toEqual({ message: UPLOAD_MESSAGES.processed, data: { created: 3 } });

    const { db } = await seeded();
    const created = await db.select().from(users).where(inArray(users.email, emails));
    expect(created).toHaveLength(3);
    for (const u of created) {
      expect(u.company_id).toBe(happy.id);
      expect(u.role_id).toBe(ROLE_IDS.USER);
      expect(u.password_hash).toBeTruthy();
    }
    const kabir = created.find((u) => u.email === emails[1])!;
    expect(kabir.position_id).toBe(customerPositionId);
    expect(kabir.middle_name).toBe("Dev");
    expect(kabir.upline_user_id).toBe(await userId(adminEmail));

    expect((await staged()).count).toBe(0);

    const audits = await db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entity, "users"),
          eq(auditRecords.action, "create"),
          inArray(
            auditRecords.entity_id,
            created.map((u) => u.id),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
    for (const a of audits) {
      expect(a.old_json).toBeNull();
      expect(a.company_id).toBe(happy.id);
      expect((a.new_json as Record<string, unknown>).email).toBeTruthy();
      expect(JSON.stringify(a.new_json)).not.toContain("password_hash");
    }

    const notes = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, await userId(adminEmail)),
          eq(notifications.title, "Bulk upload processed"),
        ),
      );
    expect(notes.at(-1)).toMatchObject({
      body: "3 users were created.",
      link: "/users",
      company_id: happy.id,
    });

    // Nothing left to process.
    const again = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(again.status).toBe(422);
    expect(again.json.errors!.users).toEqual([UPLOAD_MESSAGES.nothingToProcess]);
  });

  it("Process with an Idempotency-Key: a refusal is not remembered, a success is answered again and creates nothing", async () => {
    const key = `process-${Date.now().toString(36)}`;
    const process = () =>
      api("GET", "crud_users/process_user", { token: adminToken, headers: { "idempotency-key": key } });
    await upload(await xlsx(HEADER, [["Bad", "", "Row", "not-an-email", "", "CUSTOMER", ""]]));
    const refused = await process();
    expect(refused.status).toBe(422);
    expect(refused.json.errors!.users).toEqual([UPLOAD_MESSAGES.rowsInvalid(1)]);

    const emails = [freshEmail("k1"), freshEmail("k2")];
    await upload(
      await xlsx(HEADER, [
        ["Keyed", "", "One", emails[0], "", "CUSTOMER", ""],
        ["Keyed", "", "Two", emails[1], "", "CUSTOMER", ""],
      ]),
    );
    // The same key after the file was fixed runs (the refusal was given back), then a repeat (a client that lost
    // the answer) gets the first answer instead of "nothing to process", and creates nothing more.
    const first = await process();
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({ message: UPLOAD_MESSAGES.processed, data: { created: 2 } });
    const count = await userCount();
    const again = await process();
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await userCount()).toBe(count);
    // Without the key the staging is simply empty.
    const plain = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(plain.status).toBe(422);
    expect(plain.json.errors!.users).toEqual([UPLOAD_MESSAGES.nothingToProcess]);
  });

  it("discards the staged rows on Delete", async () => {
    await upload(await xlsx(HEADER, [["Gone", "", "Soon", freshEmail("gone"), "", "CUSTOMER", ""]]));
    const r = await api("GET", "crud_users/truncate_users", { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: UPLOAD_MESSAGES.deleted });
    expect((await staged()).count).toBe(0);
  });
});

describe("files that are refused", () => {
  const keepsStaging = async (buf: Buffer | null, fieldError: string | RegExp, name = "users.xlsx") => {
    const e = freshEmail("kept");
    await upload(await xlsx(HEADER, [["Kept", "", "Row", e, "", "CUSTOMER", ""]]));
    const form = new FormData();
    if (buf) form.set("users", new File([new Uint8Array(buf)], name));
    const r = await api("POST", "crud_users/upload_user", { token: adminToken, form });
    expect(r.status).toBe(422);
    expect(r.json.message).toBe(UPLOAD_MESSAGES.uploadFailed);
    expect(r.json.errors!.users[0]).toMatch(fieldError);
    expect((await staged()).data.map((s) => s.email)).toEqual([e]);
  };

  it("refuses a PNG renamed .xlsx", () =>
    keepsStaging(PNG_BYTES, "The file must be an Excel spreadsheet (.xlsx)."));

  it("refuses plain text renamed .xlsx", () =>
    keepsStaging(
      Buffer.from("first_name,last_name\nA,B\n"),
      "The file must be an Excel spreadsheet (.xlsx).",
    ));

  it("refuses a zip that is no spreadsheet", () =>
    keepsStaging(
      handMadeZip([{ name: "hello.txt", data: Buffer.from("hello") }]),
      /^(The spreadsheet has no sheet\.|The file must be an Excel spreadsheet \(\.xlsx\)\.)$/,
    ));

  it("refuses a zip bomb that declares its huge size", () =>
    keepsStaging(
      handMadeZip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(1000), declaredSize: 0xfffffff0 }]),
      "The file is too large once unpacked.",
    ));

  it("refuses a zip bomb that lies about its size", () =>
    keepsStaging(
      // 60 MB of zeros deflate to about 60 KB; the headers claim 1 KB.
      handMadeZip([
        { name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(60 * 1024 * 1024), declaredSize: 1024 },
      ]),
      "The file is too large once unpacked.",
    ));

  it("refuses a file over 5 MB", () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.writeUInt32LE(0x04034b50, 0);
    return keepsStaging(big, "The file may not be greater than 5 MB.");
  });

  it("refuses a sheet with a header row only", async () =>
    keepsStaging(await xlsx(HEADER, []), UPLOAD_MESSAGES.noRows));

  it("refuses a sheet without the required columns, naming them as the form labels them", async () =>
    keepsStaging(
      await xlsx(["Name", "Mail"], [["A", "a@b.test"]]),
      "The file must have the column(s) First Name, Last Name, Email, Position in its first row.",
    ));

  it("accepts the columns under their field names too (first_name, upline_user...)", async () => {
    const e = freshEmail("keys");
    const keys = ["first_name", "middle_name", "last_name", "email", "phone", "position", "upline_user"];
    const r = await upload(await xlsx(keys, [["Key", "", "Names", e, "", "CUSTOMER", adminEmail]]));
    expect(r.json).toEqual({ message: UPLOAD_MESSAGES.uploaded, data: { count: 1, invalid: 0 } });
    expect((await staged()).data.map((s) => [s.email, s.upline_user])).toEqual([[e, adminEmail]]);
  });

  it("refuses a call without a file", () => keepsStaging(null, UPLOAD_MESSAGES.fileRequired));
});

describe("who may use it", () => {
  it("keeps each admin's staging rows to themselves", async () => {
    const e = freshEmail("mine");
    await upload(await xlsx(HEADER, [["Mine", "", "Only", e, "", "CUSTOMER", ""]]));

    // A backend admin acting for the same company has a staging area of their own.
    expect((await staged(backendToken, happy.id)).count).toBe(0);
    const p = await api("GET", "crud_users/process_user", { token: backendToken, companyId: happy.id });
    expect(p.status).toBe(422);
    await api("GET", "crud_users/truncate_users", { token: backendToken, companyId: happy.id });
    // Wag Nation's admin neither.
    const wagToken = await tokenFor("admin@wagnation.test");
    expect((await staged(wagToken)).count).toBe(0);

    expect((await staged()).data.map((s) => s.email)).toEqual([e]);
    const { db } = await seeded();
    expect(await db.select().from(users).where(eq(users.email, e))).toEqual([]);
  });

  it("checks positions and uplines against the acting company", async () => {
    const wagToken = await tokenFor("admin@wagnation.test");
    const r = await upload(
      await xlsx(HEADER, [["Cross", "", "Company", freshEmail("cross"), "", "CUSTOMER", adminEmail]]),
      wagToken,
    );
    expect(r.status).toBe(200);
    const list = await staged(wagToken);
    expect(list.data[0].errors).toEqual({ upline_user: "The selected upline user is invalid." });
    const { db } = await seeded();
    const rows = await db
      .select()
      .from(stagedRows)
      .where(and(eq(stagedRows.company_id, wag.id), eq(stagedRows.kind, "users")));
    expect(rows).toHaveLength(1);
    expect(rows[0].uploaded_by).toBe(await userId("admin@wagnation.test"));
    expect(rows[0].data).toMatchObject({ first_name: "Cross", upline_user: adminEmail });
    expect(rows[0].errors).toEqual({ upline_user: "The selected upline user is invalid." });
    await api("GET", "crud_users/truncate_users", { token: wagToken });
  });

  it("answers 403 to a caller without users.upload", async () => {
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    const { uploadUsers, listStagedUsers, processStagedUsers, discardStagedUsers } =
      await import("@/lib/admin/users/upload");
    const file = await xlsx(HEADER, [["No", "", "Access", freshEmail("no"), "", "CUSTOMER", ""]]);
    for (const call of [
      () => uploadUsers(franchisee, file),
      () => listStagedUsers(franchisee, {}),
      () => processStagedUsers(franchisee),
      () => discardStagedUsers(franchisee),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 403 });
    }
  });

  it("refuses Process and Delete sent from another site with the session cookie", async () => {
    const ctx = await ctxFor(adminEmail);
    for (const path of ["crud_users/process_user", "crud_users/truncate_users"]) {
      const route = userUploadRoutes.find((r) => r.path === path)!;
      if (route.auth !== "user") throw new Error("expected a user route");
      const request = new Request(`http://localhost/api/${path}`, {
        headers: { "sec-fetch-site": "cross-site" },
      });
      const err = await route
        .handler({ ctx, params: {}, query: new URLSearchParams(), body: {}, files: {}, request })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(403);
    }
  });
});

describe("the sample file", () => {
  it("downloads an XLSX with the columns and two rows that upload without errors", async () => {
    const req = new Request("http://localhost/api/crud_users/sample", {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const res = await dispatch(req, ["crud_users", "sample"]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(ws.getRow(2).getCell(6).value).toBe("CUSTOMER");

    const r = await upload(buf);
    expect(r.json.data).toEqual({ count: 2, invalid: 0 });
  });
});

describe("the page's server actions", () => {
  it("process and discard through the same domain functions", async () => {
    session.ctx = await ctxFor(adminEmail);
    const empty = await actions.processStagedUsersAction();
    expect(empty).toMatchObject({ ok: false, status: 422, message: UPLOAD_MESSAGES.processFailed });

    const e = freshEmail("action");
    await upload(await xlsx(HEADER, [["Via", "", "Action", e, "", "CUSTOMER", ""]]));
    const done = await actions.processStagedUsersAction();
    expect(done).toEqual({ ok: true, data: { created: 1, message: UPLOAD_MESSAGES.processed } });
    const { db } = await seeded();
    expect(await db.select().from(users).where(eq(users.email, e))).toHaveLength(1);

    await upload(await xlsx(HEADER, [["To", "", "Discard", freshEmail("discard"), "", "CUSTOMER", ""]]));
    expect(await actions.discardStagedUsersAction()).toEqual({
      ok: true,
      data: { deleted: 1, message: UPLOAD_MESSAGES.deleted },
    });
    expect((await staged()).count).toBe(0);

    session.ctx = null;
    expect(await actions.discardStagedUsersAction()).toMatchObject({ ok: false, status: 401 });
  });
});

describe("processing in batches", () => {
  it("creates a file longer than one batch (501 rows), each user with its audit record", async () => {
    const tag = `batch${Date.now().toString(36)}`;
    const rows = Array.from({ length: 501 }, (_, i) => [
      "Batch",
      "",
      `Row${i}`,
      `${tag}.${i}@upload.test`,
      "",
      "CUSTOMER",
      "",
    ]);
    expect((await upload(await xlsx(HEADER, rows))).status).toBe(200);
    const p = await api("GET", "crud_users/process_user", { token: adminToken });
    expect(p.status, JSON.stringify(p.json)).toBe(200);
    expect(p.json.data).toMatchObject({ created: 501 });
    const { db } = await seeded();
    const made = await db
      .select({ id: users.id, last: users.last_name })
      .from(users)
      .where(sql`${users.email} like ${`${tag}.%`}`);
    expect(made).toHaveLength(501);
    const audits = await db
      .select({ id: auditRecords.entity_id })
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entity, "users"),
          inArray(
            auditRecords.entity_id,
            made.map((m) => m.id),
          ),
        ),
      );
    expect(audits).toHaveLength(501);
  });

  it("names the row a batch create refuses, and creates none of the batch", async () => {
    const { insertUsers } = await import("@/lib/admin/users/users");
    const { RowRefused } = await import("@/lib/platform/errors");
    const { db } = await seeded();
    const ctx = await ctxFor(adminEmail);
    const input = (email: string) =>
      ({ first_name: "Batch", last_name: "Refused", email, position_id: customerPositionId }) as Parameters<
        typeof insertUsers
      >[2][number];
    const fresh = [freshEmail("r1"), freshEmail("r2")];
    const refusal = await db
      .transaction((tx) =>
        insertUsers(tx, ctx, [input(fresh[0]), input(fresh[1]), input(customerEmail.toUpperCase())]),
      )
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(RowRefused);
    expect(refusal).toMatchObject({
      row: 2,
      status: 422,
      fieldErrors: { email: "The email has already been taken." },
    });
    expect(await db.select().from(users).where(inArray(users.email, fresh))).toEqual([]);
  });
});
