import ExcelJS from "exceljs";
import { and, eq, like, sql } from "drizzle-orm";
import { formatDateTime } from "@/lib/format";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/download/route";
import { positions, users } from "@/db/schema";
import { createUser, deleteUser, listUsers, userExport } from "@/lib/admin/users/users";
import type { Ctx } from "@/lib/platform/context";
import { csvField } from "@/lib/platform/csv-writer.mjs";
import { getDb } from "@/lib/platform/db";
import { exportLink, readExportLink, streamExport, type ExportDef } from "@/lib/platform/exports";
import { adminEmail, api, ctxFor, linkRequest, seeded, tokenFor } from "../support/fixtures";
import { sheetRows } from "../support/xlsx";

let admin: Ctx;
let adminToken: string;
const stamp = Date.now();
const tag = `Fmt${stamp}`;
const N = 12;
const emails = Array.from({ length: N }, (_, i) => `u${String(i).padStart(2, "0")}.${stamp}@formats.test`);

beforeAll(async () => {
  const { happy } = await seeded();
  admin = await ctxFor(adminEmail);
  adminToken = await tokenFor(adminEmail);
  const db = await getDb();
  const [customer] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, "CUSTOMER")));
  const firstNames = [
    '=HYPERLINK("http://x")',
    "+91 98765 43210",
    "आदित्य",
    'Say "hi", then',
    "@SUM(A1)",
    "-2+3",
  ];
  for (const [i, email] of emails.entries())
    await createUser(admin, {
      first_name: firstNames[i % firstNames.length],
      last_name: tag,
      email,
      phone: i % 2 ? "+919876543210" : "+91 98765 43210",
      position_id: customer.id,
    });
});

/** The workbook of an export, every sheet, read back with exceljs. */
async function workbookOf(res: Response): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}

/** RFC 4180 lines → fields (enough for the exports' own output: quoted fields may hold commas and quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  return rows;
}

describe("backpressure", () => {
  it("pulls rows only as the client reads: a client that stops holds the export, and leaving stops it", async () => {
    let pulled = 0;
    let finished = false;
    const endless: ExportDef<number> = {
      filename: "endless.xlsx",
      sheet: "Endless",
      columns: [
        { header: "N", value: (n) => n },
        { header: "Text", value: (n) => `row ${n} with some text to fill the sheet` },
      ],
      async *rows() {
        try {
          for (let n = 0; ; n += 100) {
            pulled += 100;
            yield Array.from({ length: 100 }, (_, i) => n + i);
          }
        } finally {
          finished = true;
        }
      },
    };
    for (const format of ["xlsx", "csv"] as const) {
      pulled = 0;
      finished = false;
      const res = await streamExport(admin, endless, new URLSearchParams(), format);
      const reader = res.body!.getReader();
      for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false);
      // The client stops reading: the writer fills what it may hold (a batch read ahead, a chunk or two in
      // deflate), then nothing more is fetched however long the client waits.
      await new Promise((r) => setTimeout(r, 300));
      const held = pulled;
      await new Promise((r) => setTimeout(r, 500));
      expect(pulled).toBe(held);
      // A few 64 KB chunks' worth of rows, not the endless rest.
      expect(pulled).toBeLessThan(20_000);
      await reader.cancel();
      expect(finished).toBe(true);
    }
  });
});

describe("XLSX", () => {
  it("continues on further sheets past the per-sheet row limit, each with the header row", async () => {
    const params = new URLSearchParams({ search_keyword: tag, sort: "email" });
    const wb = await workbookOf(
      await streamExport(admin, userExport, params, "xlsx", { maxRowsPerSheet: 5 }),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Users", "Users (2)", "Users (3)"]);
    const emailCol = (wb.worksheets[0].getRow(1).values as unknown[]).indexOf("Email");
    expect(emailCol).toBeGreaterThan(0);
    for (const ws of wb.worksheets) expect(ws.getRow(1).getCell(emailCol).value).toBe("Email");
    const all = wb.worksheets.flatMap((ws) => sheetRows(ws).map((r) => r.getCell(emailCol).value));
    expect(wb.worksheets.map((ws) => sheetRows(ws).length)).toEqual([5, 5, 2]);
    expect(all).toEqual([...emails].sort());

    // Exactly two sheets' worth of rows makes two sheets, not an empty third.
    const ten = await workbookOf(
      await streamExport(admin, userExport, params, "xlsx", { maxRowsPerSheet: 6 }),
    );
    expect(ten.worksheets.map((w) => sheetRows(w).length)).toEqual([6, 6]);
  });

  it("writes an empty export as the header row alone", async () => {
    const wb = await workbookOf(
      await streamExport(admin, userExport, new URLSearchParams({ search_keyword: `none${stamp}` })),
    );
    expect(wb.worksheets).toHaveLength(1);
    expect(wb.worksheets[0].actualRowCount).toBe(1);
  });
});

describe("CSV", () => {
  it("is UTF-8 with a BOM and CRLF, quotes what needs it, and neutralises formulas but not phone numbers", async () => {
    const res = await streamExport(admin, userExport, new URLSearchParams({ search_keyword: tag }), "csv");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="users.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/\n/);
    const [header, ...rows] = parseCsv(text);
    expect(rows).toHaveLength(N);
    const col = (h: string) => header.indexOf(h);
    const firstNames = new Set(rows.map((r) => r[col("First Name")]));
    expect(firstNames).toEqual(
      new Set([
        '\'=HYPERLINK("http://x")',
        "+91 98765 43210",
        "आदित्य",
        'Say "hi", then',
        "'@SUM(A1)",
        "'-2+3",
      ]),
    );
    expect(new Set(rows.map((r) => r[col("Phone")]))).toEqual(new Set(["+919876543210", "+91 98765 43210"]));
  });

  it("neutralises every formula trigger, and leaves numbers and plain text alone", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("\rx")).toBe('"\'\rx"');
    expect(csvField("+1 (555) 010-9999")).toBe("+1 (555) 010-9999");
    expect(csvField("-12.5")).toBe("-12.5");
    expect(csvField("-")).toBe("'-");
    expect(csvField("+91 98765 43210 ext=2")).toBe("'+91 98765 43210 ext=2");
    expect(csvField(-3)).toBe("-3");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField(null)).toBe("");
  });

  it("lists the rows in the list's order under a filter and a sort, as the XLSX does", async () => {
    for (const params of [
      { search_keyword: tag, sort: "-email" },
      { search_keyword: tag, sort: "email" },
    ]) {
      const listed = (await listUsers(admin, { ...params, rowsPerPage: "100" })).data.map((r) => r.email);
      const res = await streamExport(admin, userExport, new URLSearchParams(params), "csv");
      const [header, ...rows] = parseCsv((await res.text()).replace(/^\ufeff/, ""));
      expect(rows.map((r) => r[header.indexOf("Email")])).toEqual(listed);
    }
  });
});

describe("the trash view", () => {
  it("exports the deleted rows in the trash view, and only the live ones outside it", async () => {
    const db = await getDb();
    const extra = `trash.${stamp}@formats.test`;
    await createUser(admin, {
      first_name: "Gone",
      last_name: `${tag}T`,
      email: extra,
      position_id: (
        await db.select({ id: users.position_id }).from(users).where(eq(users.email, emails[0]))
      )[0].id!,
    });
    const [{ id }] = await db.select({ id: users.id }).from(users).where(eq(users.email, extra));
    await deleteUser(admin, { id });
    const emailsOf = async (params: Record<string, string>) => {
      const res = await streamExport(admin, userExport, new URLSearchParams(params), "csv");
      const [header, ...rows] = parseCsv((await res.text()).replace(/^\ufeff/, ""));
      return rows.map((r) => r[header.indexOf("Email")]);
    };
    expect(await emailsOf({ search_keyword: `${tag}T`, show_deleted: "1" })).toEqual([extra]);
    expect(await emailsOf({ search_keyword: `${tag}T` })).toEqual([]);
  });
});

describe("the export link and /api", () => {
  it("carries the format, the filters and the sort, never the page", () => {
    const link = exportLink(
      admin,
      "users",
      new URLSearchParams({
        search_keyword: tag,
        sort: "-email",
        page: "3",
        rowsPerPage: "50",
        format: "csv",
      }),
    );
    const payload = readExportLink(new URL(link, "http://x").searchParams.get("t"))!;
    expect(payload.f).toBe("csv");
    expect(Object.fromEntries(new URLSearchParams(payload.q))).toEqual({
      search_keyword: tag,
      sort: "-email",
    });
    const xlsx = readExportLink(
      new URL(exportLink(admin, "users", new URLSearchParams()), "http://x").searchParams.get("t"),
    )!;
    expect(xlsx.f ?? "xlsx").toBe("xlsx");
  });

  it("GET users/excel_export?format=csv answers a link to the CSV; a bad format is a 422 on the field", async () => {
    const r = await api("GET", `users/excel_export?format=csv&search_keyword=${tag}&sort=email`, {
      token: adminToken,
    });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, adminToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv((await res.text()).replace(/^\ufeff/, ""));
    expect(rows.map((row) => row[header.indexOf("Email")])).toEqual([...emails].sort());

    const x = await api("GET", `users/excel_export?search_keyword=${tag}`, { token: adminToken });
    const xres = await download(linkRequest(x.json.data as string, adminToken));
    expect(xres.headers.get("content-disposition")).toContain('filename="users.xlsx"');
    expect(sheetRows((await workbookOf(xres)).worksheets[0])).toHaveLength(N);

    const bad = await api("GET", "users/excel_export?format=pdf", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.format?.[0]).toMatch(/xlsx, csv/);
  });
});

// On PostgreSQL an export with a statement and declared columns runs in a worker thread with its own connection
// (lib/platform/export-worker.mjs); on PGlite, and for an export without a statement, it runs on this thread.
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe("the export worker", () => {
  const inProcess = { ...userExport, statement: undefined };

  it("writes the very bytes of the in-process writer, CSV and XLSX sheet for sheet", async () => {
    const params = { search_keyword: tag, sort: "email" };
    const a = await (await streamExport(admin, userExport, new URLSearchParams(params), "csv")).text();
    const b = await (await streamExport(admin, inProcess, new URLSearchParams(params), "csv")).text();
    expect(parseCsv(a.replace(/^\ufeff/, "")).length).toBe(N + 1);
    expect(a).toBe(b);
    const sheets = async (def: typeof userExport | typeof inProcess) =>
      (await workbookOf(await streamExport(admin, def, new URLSearchParams(params), "xlsx"))).worksheets.map(
        (ws) => ws.getSheetValues(),
      );
    const x = await sheets(userExport);
    expect(x[0]).toHaveLength(N + 2); // getSheetValues is 1-based: [empty, header, ...rows]
    expect(x).toEqual(await sheets(inProcess));
  });

  it.runIf(onPostgres)(
    "reads through its own connection only as the client reads, and a client that leaves ends it",
    async () => {
      const db = await getDb();
      const exporting = async () => {
        const rows = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where application_name = 'portal export' and datname = current_database()`,
        )) as unknown as { n: number }[];
        return rows[0].n;
      };
      // Enough rows that the file is far more than the chunks the worker may write ahead (4 of about 64 KB).
      const many = `${tag}Many`;
      await db.execute(sql`
        insert into users (company_id, role_id, position_id, first_name, last_name, user_name, email, password_hash)
        select u.company_id, u.role_id, u.position_id, 'Bulk', ${many}, 'Bulk ' || g, ${many} || '.' || g || '@formats.test', '!unset'
        from users u, generate_series(1, 20000) g where u.email = ${emails[0]}`);
      const res = await streamExport(admin, userExport, new URLSearchParams({ search_keyword: many }), "csv");
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      // The client stops reading: the worker, held by backpressure, keeps its cursor open and does not finish.
      await new Promise((r) => setTimeout(r, 500));
      expect(await exporting()).toBe(1);
      await reader.cancel();
      for (let i = 0; i < 50 && (await exporting()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await exporting()).toBe(0);
    },
  );

  it.runIf(onPostgres)("reads timestamps and date parameters as the app's own client does", async () => {
    const def: ExportDef<{ id: number; created_at: Date }> = {
      filename: "t.csv",
      sheet: "T",
      columns: [
        { header: "Id", field: "id" },
        { header: "Created", field: "created_at" },
      ],
      rows: async function* () {},
      statement: async () => ({
        sql: "select id, created_at from users where email like $1 and created_at >= $2 order by id",
        params: [`%.${stamp}@formats.test`, "2000-01-01 00:00:00+05:30"],
        keys: ["id", "created_at"],
        dates: ["created_at"],
      }),
    };
    const [header, ...rows] = parseCsv(
      (await (await streamExport(admin, def, new URLSearchParams(), "csv")).text()).replace(/^\ufeff/, ""),
    );
    const db = await getDb();
    const expected = await db
      .select({ id: users.id, created_at: users.created_at })
      .from(users)
      .where(like(users.email, `%.${stamp}@formats.test`))
      .orderBy(users.id);
    expect(header).toEqual(["Id", "Created"]);
    expect(rows.length).toBeGreaterThanOrEqual(N);
    expect(rows).toEqual(expected.map((r) => [String(r.id), formatDateTime(r.created_at)]));
  });

  it.runIf(onPostgres)("refuses an export without the permission before starting a worker", async () => {
    const clerk = { ...admin, roleName: "FRANCHISEE ADMIN", permissions: new Set<string>() };
    await expect(streamExport(clerk, userExport, new URLSearchParams(), "csv")).rejects.toMatchObject({
      status: 403,
    });
  });
});
