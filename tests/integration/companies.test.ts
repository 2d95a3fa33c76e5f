import ExcelJS from "exceljs";
import sharp from "sharp";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, companies } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { GET as download } from "@/app/api/download/route";
import {
  adminEmail,
  api,
  linkRequest,
  ctxFor,
  DEMO_LOGINS,
  seeded,
  superEmail,
  tokenFor,
  EMPTY_LIST,
} from "../support/fixtures";

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/companies/actions");

let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let superToken: string;
let adminToken: string;

const valid = {
  name: "Tail Waggers Pvt Ltd",
  email: "hello@tailwaggers.test",
  phone: "+91 99000 11111",
  address: "7 Park Street",
  city: "Kolkata",
};

beforeAll(async () => {
  ({ happy, wag } = await seeded());
  superToken = await tokenFor(superEmail);
  adminToken = await tokenFor(adminEmail);
});

describe("companies list", () => {
  it("pages, searches and filters for a SUPER ADMIN", async () => {
    const all = await api("GET", "companies", { token: superToken, body: undefined });
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(25);
    expect((all.json.data as unknown[]).length).toBe(10);

    const page3 = await api("GET", "companies?page=3&rowsPerPage=10", { token: superToken });
    expect((page3.json.data as unknown[]).length).toBe(5);

    const search = await api("GET", "companies?search_keyword=wag%20nation", { token: superToken });
    expect((search.json.data as { name: string }[]).map((c) => c.name)).toEqual(["Wag Nation LLP"]);

    const inactive = await api("GET", "companies?is_active=0&rowsPerPage=1000000", { token: superToken });
    const rows = inactive.json.data as { is_active: number }[];
    expect(rows.length).toBe(inactive.json.count);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.is_active === 0)).toBe(true);

    const none = await api("GET", "companies?search_keyword=zzzz-no-such", { token: superToken });
    expect(none.json).toEqual(EMPTY_LIST);
  });

  it("sorts by the declared keys only", async () => {
    const byName = await api("GET", "companies?sort=name&rowsPerPage=1000000", { token: superToken });
    const names = (byName.json.data as { name: string }[]).map((c) => c.name);
    expect(names).toHaveLength(25);
    expect(names.indexOf("Happy Paws Pvt Ltd")).toBeLessThan(names.indexOf("Wag Nation LLP"));
    const desc = await api("GET", "companies?sort=-name&rowsPerPage=1000000", { token: superToken });
    expect((desc.json.data as { name: string }[]).map((c) => c.name)).toEqual([...names].reverse());
    const newest = await api("GET", "companies?sort=-created_at&rowsPerPage=1", { token: superToken });
    expect(newest.status).toBe(200);
    const bad = await api("GET", "companies?sort=email", { token: superToken });
    expect(bad.status).toBe(422);
    expect(bad.json.errors!.sort).toBeDefined();
  });

  it("shows a SUPER ADMIN every company even while acting for one, and asks others to choose one first", async () => {
    const acting = await api("GET", "companies", { token: superToken, companyId: happy.id });
    expect(acting.json.count).toBe(25);
    const backend = await api("GET", "companies", { token: await tokenFor(DEMO_LOGINS["BACKEND ADMIN"]) });
    expect(backend.status).toBe(403);
    expect(backend.json.message).toBe("Choose a company first.");
  });

  it("shows an ADMIN only the own company", async () => {
    const r = await api("GET", "companies", { token: adminToken });
    expect(r.json.count).toBe(1);
    expect((r.json.data as { id: number }[])[0].id).toBe(happy.id);
  });

  it("exports the filtered list as a spreadsheet behind a signed link", async () => {
    const r = await api("GET", "companies/excel_export?search_keyword=paws", { token: superToken });
    expect(r.status).toBe(200);
    const url = r.json.data as string;
    expect(url).toMatch(/^\/api\/download\?t=/);
    const res = await download(linkRequest(url, superToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe("Name");
    const names = sheet.getColumn(3).values.slice(2);
    expect(names).toContain("Happy Paws Pvt Ltd");
    expect(names.every((n) => String(n).toLowerCase().includes("paw"))).toBe(true);
    // A tampered link opens nothing.
    const bad = await download(new Request(`http://localhost${url.slice(0, -3)}abc`));
    expect(bad.status).toBe(404);
  });
});

describe("company saves", () => {
  it("creates with defaults, answers field errors, and writes an audit record with old and new values", async () => {
    const bad = await api("POST", "companies", {
      token: superToken,
      body: { name: "", email: "nope", phone: "12", address: "" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors!).sort()).toEqual(["address", "email", "name", "phone"]);

    const created = await api("POST", "companies", {
      token: superToken,
      body: { ...valid, role_id: 1, company_id: 99, id: 5 },
    });
    expect(created.status).toBe(200);
    const c = created.json.data as typeof companies.$inferSelect;
    expect(c.franchisee_summary_colorcode).toBe("#1C462BFF");
    expect(c.staff_summary_colorcode).toBe("#000000");
    expect(c.id).not.toBe(5);

    const patched = await api("PATCH", `companies/${c.id}`, {
      token: superToken,
      body: { city: "Howrah", is_SUSP_enabled: 1 },
    });
    expect(patched.status).toBe(200);
    const { db } = await seeded();
    const audits = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "companies"), eq(auditRecords.entity_id, c.id)))
      .orderBy(desc(auditRecords.id));
    expect(audits.map((a) => a.action)).toEqual(["update", "create"]);
    expect((audits[0].old_json as { city: string }).city).toBe("Kolkata");
    expect((audits[0].new_json as { city: string; is_SUSP_enabled: number }).city).toBe("Howrah");
    expect(audits[1].old_json).toBeNull();
    expect(audits[0].actor_id).not.toBeNull();
    // A company's history belongs to the company itself, whoever edited it.
    expect(audits.map((a) => a.company_id)).toEqual([c.id, c.id]);
  });

  it("strips script from the rich-text policies", async () => {
    const r = await api("PATCH", `companies/${happy.id}`, {
      token: adminToken,
      body: {
        about_us:
          '<p onclick="steal()">We <strong>love</strong> dogs<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
      },
    });
    expect(r.status).toBe(200);
    const about = (r.json.data as { about_us: string }).about_us;
    expect(about).toContain("<strong>love</strong>");
    expect(about).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it("takes only images, checked by their content", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("id", String(happy.id));
    form.set("logo_path", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const ok = await api("POST", "companies/upload_logo_path", { token: adminToken, form });
    expect(ok.status).toBe(200);
    const logo = (ok.json.data as { logo_path: string }).logo_path;
    expect(logo).toMatch(/\.png$/);

    const fake = new FormData();
    fake.set("id", String(happy.id));
    fake.set("logo_path", new File(["<?php echo 1; ?>"], "logo.png", { type: "image/png" }));
    const refused = await api("POST", "companies/upload_logo_path", { token: adminToken, form: fake });
    expect(refused.status).toBe(422);
    expect(refused.json.errors!.logo_path[0]).toMatch(/image/);
    const { db } = await seeded();
    const [row] = await db.select().from(companies).where(eq(companies.id, happy.id));
    expect(row.logo_path).toBe(logo);
  });

  it("soft-deletes into the trash view and restores", async () => {
    const created = await api("POST", "companies", {
      token: superToken,
      body: { ...valid, name: "Short Lived Pets" },
    });
    const id = (created.json.data as { id: number }).id;
    expect((await api("POST", `companies/delete/${id}`, { token: superToken })).status).toBe(200);
    expect((await api("GET", `companies/${id}`, { token: superToken })).status).toBe(404);
    const live = await api("GET", "companies?search_keyword=short%20lived", { token: superToken });
    expect(live.json.count).toBe(0);
    const trash = await api("GET", "companies?search_keyword=short%20lived&show_deleted=1", {
      token: superToken,
    });
    expect((trash.json.data as { id: number }[]).map((r) => r.id)).toEqual([id]);
    expect((await api("POST", `companies/restore/${id}`, { token: superToken })).status).toBe(200);
    expect((await api("GET", `companies/${id}`, { token: superToken })).status).toBe(200);
    expect((await api("POST", `companies/restore/${id}`, { token: superToken })).status).toBe(404);
  });
});

describe("who may do what", () => {
  it("answers 404 for another company's id, through /api and the server action alike", async () => {
    expect((await api("GET", `companies/${wag.id}`, { token: adminToken })).status).toBe(404);
    expect(
      (await api("PATCH", `companies/${wag.id}`, { token: adminToken, body: { city: "X" } })).status,
    ).toBe(404);
    session.ctx = await ctxFor(adminEmail);
    const r = await actions.updateCompanyAction(encodeId(wag.id), { ...valid });
    expect(r).toMatchObject({ ok: false, status: 404 });
    const { db } = await seeded();
    const [still] = await db.select().from(companies).where(eq(companies.id, wag.id));
    expect(still.name).toBe("Wag Nation LLP");
  });

  it("refuses a caller without the permission, through /api and the server action alike", async () => {
    expect((await api("POST", "companies", { token: adminToken, body: valid })).status).toBe(403);
    expect((await api("POST", `companies/delete/${happy.id}`, { token: adminToken })).status).toBe(403);
    session.ctx = await ctxFor(adminEmail);
    expect(await actions.createCompanyAction(valid)).toMatchObject({ ok: false, status: 403 });
    expect(await actions.deleteCompanyAction(encodeId(happy.id))).toMatchObject({ ok: false, status: 403 });
    session.ctx = null;
    expect(await actions.createCompanyAction(valid)).toMatchObject({ ok: false, status: 401 });
  });

  it("lets the SUPER ADMIN's server action create and keeps what was typed on error", async () => {
    session.ctx = await ctxFor(superEmail);
    const bad = await actions.createCompanyAction({ ...valid, email: "broken" });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { email: expect.stringMatching(/valid email/) },
    });
    const ok = await actions.createCompanyAction({ ...valid, name: "Action Made Pets" });
    expect(ok.ok).toBe(true);
  });
});

describe("the list screen", () => {
  /** The digest Next reads to choose a boundary (unauthorized: the choose-company card). */
  async function digestOf(run: () => Promise<unknown>): Promise<string | null> {
    try {
      await run();
      return null;
    } catch (e) {
      return String((e as { digest?: unknown }).digest);
    }
  }

  it("lists every company for a SUPER ADMIN without a company, and asks a BACKEND ADMIN to choose one", async () => {
    process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true"; // next.config.ts turns authInterrupts on
    const { default: CompaniesPage } = await import("@/app/(portal)/companies/page");
    const open = () => CompaniesPage({ searchParams: Promise.resolve({}) });
    session.ctx = await ctxFor(superEmail);
    expect(await digestOf(open)).toBeNull();
    session.ctx = await ctxFor(DEMO_LOGINS["BACKEND ADMIN"]);
    expect(await digestOf(open)).toBe("NEXT_HTTP_ERROR_FALLBACK;401");
  });
});

describe("partial updates", () => {
  it("keep the switches and policies a PATCH leaves out", async () => {
    const { happy } = await seeded();
    const token = await tokenFor(adminEmail);
    const db = await getDb();
    await db
      .update(companies)
      .set({ is_location_tracking_enabled: 1, is_SUSP_enabled: 1, about_us: "<p>About</p>" })
      .where(eq(companies.id, happy.id));
    const r = await api("PATCH", `companies/${happy.id}`, { token, body: { city: "Thane" } });
    expect(r.status).toBe(200);
    const [c] = await db.select().from(companies).where(eq(companies.id, happy.id));
    expect(c).toMatchObject({
      city: "Thane",
      is_active: 1,
      is_location_tracking_enabled: 1,
      is_SUSP_enabled: 1,
    });
    expect(c.about_us).toBe("<p>About</p>");
  });
});
