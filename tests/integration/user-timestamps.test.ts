import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { and as andAlso, isNull } from "drizzle-orm";
import { auditRecords, userTimestamps, users } from "@/db/schema";
import { GET as download } from "@/app/api/download/route";
import {
  deleteUserTimestamp,
  listUserTimestamps,
  MAX_PAGE_SECONDS,
  recordUserTimestamp,
  userTimestampUsers,
} from "@/lib/admin/user-timestamps";
import { formatDuration } from "@/lib/format";
import { encodeId } from "@/lib/platform/ids";
import type { Ctx } from "@/lib/platform/context";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { getDb } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { DEMO_LOGINS, adminEmail, api, linkRequest, ctxFor, seeded, tokenFor } from "../support/fixtures";

type Row = { id: number; name: string; url: string; from_name: string | null; timespent: number | null };

let admin: Ctx; // ADMIN of Happy Paws (Priya Admin)
let master: Ctx; // MASTER FRANCHISEE, member of Happy Paws (Vikram Menon)
let wagAdmin: Ctx; // ADMIN of Wag Nation (also named Priya Admin)
let adminToken: string;
let wagRowId: number;

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e) => (e instanceof AppError ? e.status : 500),
  );

beforeAll(async () => {
  const { wag, db } = await seeded();
  // Start from no page times: the demo seed records a few of its own.
  await db.delete(userTimestamps);
  admin = await ctxFor(adminEmail);
  master = await ctxFor(DEMO_LOGINS["MASTER FRANCHISEE"]);
  wagAdmin = await ctxFor("admin@wagnation.test", wag.id);
  adminToken = await tokenFor(adminEmail);

  await recordUserTimestamp(admin, { from_path: "/companies", from_name: "Companies", timespent: 95 });
  await recordUserTimestamp(admin, { from_path: "/users", from_name: "Users", timespent: 1100 });
  await recordUserTimestamp(master, { from_path: "/franchisees", from_name: "Franchisees", timespent: 60 });
  await recordUserTimestamp(master, { from_path: "/companies/abc", from_name: "Edit Company", timespent: 5 });
  wagRowId = (
    await recordUserTimestamp(wagAdmin, { from_path: "/wag-secret-page", from_name: "Wag", timespent: 30 })
  ).id;
});

describe("recording page time", () => {
  it("caps the time per page at 1200 seconds and records the caller and acting company", async () => {
    const { id } = await recordUserTimestamp(admin, {
      from_path: "/home",
      from_name: "Home",
      timespent: 5000,
      user_id: 999_999,
    });
    const db = await getDb();
    const [row] = await db.select().from(userTimestamps).where(eq(userTimestamps.id, id));
    expect(MAX_PAGE_SECONDS).toBe(1200);
    expect(row.timespent).toBe(1200);
    expect(row.user_id).toBe(admin.userId);
    expect(row.company_id).toBe(admin.companyId);
  });
});

describe("what a client may record", () => {
  const statusAndErrors = (p: Promise<unknown>) =>
    p.then(
      () => ({ status: 200, errors: undefined }),
      (e) => (e instanceof AppError ? { status: e.status, errors: e.fieldErrors } : { status: 500 }),
    );

  it("stores a page visit with its seconds, and lists it with them", async () => {
    const r = await api("POST", "user_timestamps", {
      token: adminToken,
      body: { from_path: "/short-visit", from_name: "Short Visit", user_id: 1, timespent: 42 },
    });
    expect(r.status).toBe(200);
    const [row] = (await listUserTimestamps(admin, { search_keyword: "short-visit" })).data;
    expect(row).toMatchObject({ url: "/short-visit", from_name: "Short Visit", timespent: 42 });
    expect(formatDuration(row.timespent)).toBe("0 h 00 m 42 s");
    await deleteUserTimestamp(admin, { id: row.id });
  });

  it("refuses a 5 MB blob (413) and stores nothing", async () => {
    const before = (await listUserTimestamps(admin, {})).count;
    const blob = "x".repeat(5 * 1024 * 1024);
    for (const body of [
      { from_path: "/home", timespent: 10, from_name: blob },
      { from_path: "/home", timespent: 10, device: blob },
    ])
      expect((await statusAndErrors(recordUserTimestamp(admin, body))).status).toBe(413);
    const r = await api("POST", "user_timestamps", {
      token: adminToken,
      body: { from_path: "/home", timespent: 10, note: "y".repeat(3000) },
    });
    expect(r.status).toBe(413);
    expect((await listUserTimestamps(admin, {})).count).toBe(before);
  });

  it("refuses keys that would read as another record's edit history other than old_json/new_json (422)", async () => {
    const before = (await listUserTimestamps(admin, {})).count;
    for (const extra of [
      { changes: [{ field: "name", before: "A", after: "B" }] },
      { entity: "users", entity_id: 5 },
      { record_id: 5, old_values: { a: 1 } },
    ]) {
      const r = await statusAndErrors(
        recordUserTimestamp(admin, { from_path: "/users", from_name: "Users", timespent: 3, ...extra }),
      );
      expect(r.status).toBe(422);
      expect(Object.keys(r.errors ?? {}).sort()).toEqual(Object.keys(extra).sort());
    }
    expect((await listUserTimestamps(admin, {})).count).toBe(before);
  });

  it("bounds each field: path and name lengths, whole seconds within a day, no control characters", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ timespent: 5 }, "from_path"],
      [{ from_path: "/" + "p".repeat(500), timespent: 5 }, "from_path"],
      [{ from_path: "/ab", timespent: 5 }, "from_path"],
      [{ from_path: "/a", from_name: "n".repeat(201), timespent: 5 }, "from_name"],
      [{ from_path: "/a" }, "timespent"],
      [{ from_path: "/a", old_json: "{not json" }, "old_json"],
      [{ from_path: "/a", timespent: -1 }, "timespent"],
      [{ from_path: "/a", timespent: 1.5 }, "timespent"],
      [{ from_path: "/a", timespent: 86_401 }, "timespent"],
    ];
    for (const [body, field] of cases) {
      const r = await statusAndErrors(recordUserTimestamp(admin, body));
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(r.errors ?? {})).toContain(field);
    }
  });
});

describe("user timestamps list", () => {
  it("lists the acting company's rows newest first with the user's name, URL and time", async () => {
    const r = await api("GET", "user_timestamps?rowsPerPage=100", { token: adminToken });
    expect(r.status).toBe(200);
    const rows = r.json.data as Row[];
    expect(r.json.count).toBe(rows.length);
    expect(rows.map((x) => x.url)).toEqual([
      "/home",
      "/companies/abc",
      "/franchisees",
      "/users",
      "/companies",
    ]);
    expect(rows.find((x) => x.url === "/users")).toMatchObject({ name: "Priya Admin", timespent: 1100 });
    expect(rows.find((x) => x.url === "/companies/abc")).toMatchObject({
      name: "Vikram Menon",
      timespent: 5,
    });
    // Page time only: nothing of a record's history is served.
    expect(rows.every((x) => !("old_json" in x) && !("new_json" in x))).toBe(true);
  });

  it("searches by user name, email, URL and page name", async () => {
    const urls = async (q: string) =>
      ((await listUserTimestamps(admin, { search_keyword: q, rowsPerPage: "100" })).data as Row[]).map(
        (x) => x.url,
      );
    expect(await urls("vikram")).toEqual(["/companies/abc", "/franchisees"]);
    expect(await urls("vikram menon")).toEqual(["/companies/abc", "/franchisees"]);
    expect(await urls("master@happy")).toEqual(["/companies/abc", "/franchisees"]);
    expect(await urls("/users")).toEqual(["/users"]);
    expect(await urls("edit company")).toEqual(["/companies/abc"]);
    expect(await urls("no-such-thing")).toEqual([]);
  });

  it("filters by user_id and pages", async () => {
    const mine = await api(`GET`, `user_timestamps?user_id=${admin.userId}`, { token: adminToken });
    expect((mine.json.data as Row[]).map((x) => x.url)).toEqual(["/home", "/users", "/companies"]);

    const p1 = await listUserTimestamps(admin, { page: "1", rowsPerPage: "2" });
    const p3 = await listUserTimestamps(admin, { page: "3", rowsPerPage: "2" });
    expect(p1.count).toBe(5);
    expect(p1.data.map((x) => x.url)).toEqual(["/home", "/companies/abc"]);
    expect(p3.data.map((x) => x.url)).toEqual(["/companies"]);
  });

  it("filters by an opaque user id and by a date range; bad values answer 422", async () => {
    const byOpaque = await listUserTimestamps(admin, {
      user_id: encodeId(master.userId),
      rowsPerPage: "100",
    });
    expect(byOpaque.data.map((x) => x.url)).toEqual(["/companies/abc", "/franchisees"]);
    // A day either side, whatever the server's time zone.
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const t = await api("GET", `user_timestamps?from_date=${day(-1)}&to_date=${day(1)}&rowsPerPage=100`, {
      token: adminToken,
    });
    expect(t.json.count).toBe(5);
    expect((await listUserTimestamps(admin, { from_date: "2000-01-01", to_date: "2000-01-31" })).count).toBe(
      0,
    );
    expect((await api("GET", "user_timestamps?from_date=yesterday", { token: adminToken })).status).toBe(422);
    const bad = await api("GET", "user_timestamps?user_id=abc", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toHaveProperty("user_id");
  });

  it("answers the kernel's list keys and pages by cursor", async () => {
    const p1 = await api("GET", "user_timestamps?rowsPerPage=2", { token: adminToken });
    expect(p1.json).toMatchObject({ count: 5, count_estimated: false });
    expect(typeof p1.json.next_cursor).toBe("string");
    const p2 = await api("GET", `user_timestamps?rowsPerPage=2&cursor=${p1.json.next_cursor}`, {
      token: adminToken,
    });
    expect((p2.json.data as Row[]).map((x) => x.url)).toEqual(["/franchisees", "/users"]);
  });

  it("sorts by URL when asked and refuses an unknown sort", async () => {
    const byUrl = await listUserTimestamps(admin, { sort: "url", rowsPerPage: "100" });
    expect(byUrl.data.map((x) => x.url)).toEqual([
      "/companies",
      "/companies/abc",
      "/franchisees",
      "/home",
      "/users",
    ]);
    expect(await statusOf(listUserTimestamps(admin, { sort: "email" }))).toBe(422);
  });

  it("offers the company's users with page time as the user filter's choices", async () => {
    const people = await userTimestampUsers(admin);
    expect(people.map((p) => p.id).sort()).toEqual([admin.userId, master.userId].sort());
    expect(people.find((p) => p.id === master.userId)?.name).toBe("Vikram Menon");
    expect((await userTimestampUsers(wagAdmin)).map((p) => p.id)).toEqual([wagAdmin.userId]);
  });

  it("never lists another company's rows, even when the same name matches", async () => {
    const all = await listUserTimestamps(admin, { rowsPerPage: "1000000" });
    expect(all.data.some((x) => x.id === wagRowId || x.url === "/wag-secret-page")).toBe(false);
    // Both companies' admins are called Priya Admin: the search still stays inside the company.
    const priya = await listUserTimestamps(admin, { search_keyword: "priya", rowsPerPage: "100" });
    expect(priya.data.every((x) => x.user_id === admin.userId)).toBe(true);
    const wagList = await listUserTimestamps(wagAdmin, {});
    expect(wagList.data.map((x) => x.id)).toEqual([wagRowId]);
  });

  it("answers 403 without user_timestamps.list", async () => {
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    expect(await statusOf(listUserTimestamps(franchisee, {}))).toBe(403);
    const token = await tokenFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    expect((await api("GET", "user_timestamps", { token })).status).toBe(403);
  });

  it("exports the searched rows of the acting company as a spreadsheet", async () => {
    const r = await api("GET", "user_timestamp_exports?search_keyword=companies", { token: adminToken });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, adminToken));
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe("URL");
    // The list's order: newest first.
    expect(sheet.getColumn(4).values.slice(2)).toEqual(["/companies/abc", "/companies"]);
    expect(sheet.getRow(2).getCell(6).value).toBe("0 h 00 m 05 s");
    expect(sheet.getRow(3).getCell(6).value).toBe("0 h 01 m 35 s");
    // Unfiltered, still only the acting company's rows (on PostgreSQL the export worker runs the scoped statement).
    const all = await api("GET", "user_timestamp_exports?format=csv", { token: adminToken });
    const csv = await (await download(linkRequest(all.json.data as string, adminToken))).text();
    expect(csv).toContain("/companies/abc");
    expect(csv).not.toContain("/wag-secret-page");
  });
});

describe("deleting a user timestamp", () => {
  it("hides the row from the list; a second delete answers 404", async () => {
    const { id } = await recordUserTimestamp(admin, { from_path: "/to-delete", timespent: 10 });
    expect((await listUserTimestamps(admin, { search_keyword: "to-delete" })).count).toBe(1);

    const r = await api("POST", `user_timestamps/delete/${id}`, { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: "User timestamp deleted successfully." });
    expect((await listUserTimestamps(admin, { search_keyword: "to-delete" })).count).toBe(0);
    expect(await statusOf(deleteUserTimestamp(admin, { id }))).toBe(404);
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "user_timestamps"), eq(auditRecords.entity_id, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "delete", actor_id: admin.userId, company_id: admin.companyId });
  });

  it("answers 404 for another company's row, through the domain function and /api, and leaves it alone", async () => {
    expect(await statusOf(deleteUserTimestamp(admin, { id: wagRowId }))).toBe(404);
    const r = await api("POST", `user_timestamps/delete/${wagRowId}`, { token: adminToken });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: "Not found." });
    expect((await listUserTimestamps(wagAdmin, {})).data.map((x) => x.id)).toEqual([wagRowId]);
  });

  it("answers 403 without user_timestamps.delete", async () => {
    const { id } = await recordUserTimestamp(admin, { from_path: "/kept", timespent: 10 });
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    expect(await statusOf(deleteUserTimestamp(franchisee, { id }))).toBe(403);
    expect((await listUserTimestamps(admin, { search_keyword: "/kept" })).count).toBe(1);
  });
});

describe("the apps' after-save call (old_json and new_json, spec 000 §7, 001 §3, 002 §7)", () => {
  const customer = async () => {
    const db = await getDb();
    const [c] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        andAlso(
          eq(users.company_id, admin.companyId!),
          eq(users.role_id, 4),
          isNull(users.franchisee_id),
          isNull(users.deleted_at),
          eq(users.is_active, 1),
        ),
      )
      .limit(1);
    return { id: c.id, token: await issueApiToken(c.id) };
  };

  it("stores them on the caller's own timestamps (user_id forced, acting company), client-reported", async () => {
    const app = await customer();
    const r = await api("POST", "user_timestamps", {
      token: app.token,
      body: {
        from_path: "/user_pets/12",
        from_name: "Edit Pet",
        user_id: admin.userId,
        old_json: JSON.stringify({ name: "Bruno", weight: 20 }),
        new_json: { name: "Bruno", weight: 21 },
      },
    });
    expect(r.status).toBe(200);
    const id = (r.json.data as { id: number }).id;
    const db = await getDb();
    const [row] = await db.select().from(userTimestamps).where(eq(userTimestamps.id, id));
    expect(row).toMatchObject({
      user_id: app.id,
      company_id: admin.companyId,
      from_path: "/user_pets/12",
      from_name: "Edit Pet",
      timespent: null,
      old_json: { name: "Bruno", weight: 20 },
      new_json: { name: "Bruno", weight: 21 },
      client_reported: true,
    });
    // The admin's list marks it; a page-time entry is not.
    const listed = await api("GET", "user_timestamps?search_keyword=user_pets/12", { token: adminToken });
    expect(listed.json.data).toEqual([
      expect.objectContaining({ id, user_id: app.id, client_reported: true, timespent: null }),
    ]);
    const plain = await listUserTimestamps(admin, { search_keyword: "/users", rowsPerPage: "100" });
    expect(plain.data.every((x) => x.client_reported === false)).toBe(true);
    await deleteUserTimestamp(admin, { id });
  });

  it("refuses old and new JSON beyond 8 KB together (413) and stores nothing", async () => {
    const app = await customer();
    const db = await getDb();
    const count = async () =>
      (await db.select().from(userTimestamps).where(eq(userTimestamps.user_id, app.id))).length;
    const before = await count();
    const big = JSON.stringify({ notes: "n".repeat(4200) });
    const r = await api("POST", "user_timestamps", {
      token: app.token,
      body: { from_path: "/user_pets/12", old_json: big, new_json: big },
    });
    expect(r.status).toBe(413);
    expect(r.json.message).toBe("The old and new JSON may not be greater than 8 KB together.");
    // Within the cap as sent, beyond it as stored (jsonb's text adds a space after each comma and colon): the
    // table's check refuses it, answered as the same 413.
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 850 }, (_, i) => [`k${i}`, 1])));
    expect(Buffer.byteLength(many)).toBeLessThan(8192);
    const spaced = await api("POST", "user_timestamps", {
      token: app.token,
      body: { from_path: "/user_pets/12", new_json: many },
    });
    expect(spaced.status).toBe(413);
    expect(await count()).toBe(before);
  });
});
