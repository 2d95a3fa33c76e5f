import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { positions, userTimestamps, users } from "@/db/schema";
import { listUserTimestamps, recordUserTimestamp, userTimestampExport } from "@/lib/admin/user-timestamps";
import { createUser, listUsers, userExport } from "@/lib/admin/users/users";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { streamExport, type ExportDef } from "@/lib/platform/exports";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";
import { readXlsx, sheetRows } from "../support/xlsx";

// The XLSX an export link streams (the body streamExport answers), read back as a spreadsheet program would.
async function exported<Row>(ctx: Ctx, def: ExportDef<Row>, params: Record<string, string>) {
  const res = await streamExport(ctx, def, new URLSearchParams(params));
  const ws = await readXlsx(Buffer.from(await res.arrayBuffer()));
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const cell = (row: ExcelJS.Row, header: string) => {
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`no column ${header} in ${headers.join(", ")}`);
    return row.getCell(i + 1);
  };
  return { rows: sheetRows(ws), cell };
}

let admin: Ctx;
const stamp = Date.now();
const tag = `Export${stamp}`;
const emails = ["c", "a", "d", "b"].map((x) => `${x}.${stamp}@export.test`);

beforeAll(async () => {
  const { happy } = await seeded();
  admin = await ctxFor(adminEmail);
  const db = await getDb();
  const [customer] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, "CUSTOMER")));
  // Texts a spreadsheet would take for a formula or a number, each in a text field of the form.
  const texts = ["=cmd", "+919876543210", "-2+3", "@SUM(A1)"];
  for (const [i, email] of emails.entries())
    await createUser(admin, {
      first_name: texts[i],
      last_name: tag,
      email,
      phone: "+919876543210",
      employee_code: texts[(i + 1) % texts.length],
      position_id: customer.id,
    });
  // A known instant: 20:45 UTC on 15 January is 02:15 on 16 January in India.
  await db
    .update(users)
    .set({ created_at: new Date("2026-01-15T20:45:00Z") })
    .where(eq(users.email, emails[0]));
});

describe("the users export", () => {
  it("writes text cells as text: a phone or a formula reads exactly as typed, with no apostrophe", async () => {
    const { rows, cell } = await exported(admin, userExport, { search_keyword: tag });
    expect(rows).toHaveLength(4);
    const firstNames = rows.map((r) => cell(r, "First Name"));
    expect(firstNames.map((c) => c.value).sort()).toEqual(["+919876543210", "-2+3", "=cmd", "@SUM(A1)"]);
    for (const c of [...firstNames, ...rows.map((r) => cell(r, "Phone"))]) {
      // A string cell, never a formula (ValueType.Formula) and never a number.
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(String(c.value).startsWith("'")).toBe(false);
    }
    expect(rows.map((r) => cell(r, "Phone").value)).toEqual(Array(4).fill("+919876543210"));
    expect(rows.map((r) => cell(r, "Employee Code").value).sort()).toEqual(
      ["+919876543210", "-2+3", "=cmd", "@SUM(A1)"].sort(),
    );
  });

  it("lists the rows in the list's order, for its default order and a sort asked for", async () => {
    for (const params of [
      { search_keyword: tag } as Record<string, string>,
      { search_keyword: tag, sort: "email" },
      { search_keyword: tag, sort: "-email" },
    ]) {
      const listed = (await listUsers(admin, { ...params, rowsPerPage: "100" })).data.map((r) => r.email);
      const { rows, cell } = await exported(admin, userExport, params);
      expect(rows.map((r) => cell(r, "Email").value)).toEqual(listed);
    }
    const { rows, cell } = await exported(admin, userExport, { search_keyword: tag, sort: "-email" });
    expect(rows.map((r) => cell(r, "Email").value)).toEqual([...emails].sort().reverse());
  });

  it("writes dates and times in India's time zone, as the screens show them", async () => {
    const { rows, cell } = await exported(admin, userExport, { search_keyword: tag });
    const row = rows.find((r) => cell(r, "Email").value === emails[0])!;
    expect(cell(row, "Created At").type).toBe(ExcelJS.ValueType.String);
    expect(cell(row, "Created At").value).toBe("16-01-2026 02:15 AM");
  });
});

describe("the user timestamps export", () => {
  it("lists the list's rows in its order (newest first) with the time in seconds and dates in IST", async () => {
    const db = await getDb();
    await db.delete(userTimestamps);
    const paths = ["/first", "/second", "/third"];
    for (const [i, p] of paths.entries())
      await recordUserTimestamp(admin, { from_path: p, from_name: "Page", timespent: 42 + i * 60 });
    await db
      .update(userTimestamps)
      .set({ created_at: new Date("2026-06-30T18:29:00Z") })
      .where(inArray(userTimestamps.from_path, paths));

    const listed = (await listUserTimestamps(admin, { rowsPerPage: "100" })).data.map((r) => r.url);
    expect(listed).toEqual(["/third", "/second", "/first"]);
    const { rows, cell } = await exported(admin, userTimestampExport, {});
    expect(rows.map((r) => cell(r, "URL").value)).toEqual(listed);
    expect(rows.map((r) => cell(r, "Time Spent").value)).toEqual([
      "0 h 02 m 42 s",
      "0 h 01 m 42 s",
      "0 h 00 m 42 s",
    ]);
    expect(rows.map((r) => cell(r, "Time Spent (seconds)").value)).toEqual([162, 102, 42]);
    expect(cell(rows[0], "Date").value).toBe("30-06-2026 11:59 PM");

    const byUrl = await exported(admin, userTimestampExport, { sort: "url" });
    expect(byUrl.rows.map((r) => byUrl.cell(r, "URL").value)).toEqual(["/first", "/second", "/third"]);
  });
});
