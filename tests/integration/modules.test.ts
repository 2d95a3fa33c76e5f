import ExcelJS from "exceljs";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, modules, permissions } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { PERMISSION_REGISTRY } from "@/lib/platform/permissions";
import { GET as download } from "@/app/api/download/route";
import {
  adminEmail,
  api,
  linkRequest,
  ctxFor,
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
const actions = await import("@/app/(portal)/modules/actions");

type ModuleRow = { id: number; name: string; is_active: number };

let db: Db;
let superToken: string;
let adminToken: string;
const SYSTEM_COUNT = Object.keys(PERMISSION_REGISTRY).length;
// Other areas add registry modules; the expectations follow the registry rather than a fixed list.
const USER_MODULES = Object.keys(PERMISSION_REGISTRY)
  .filter((n) => n.toLowerCase().includes("user"))
  .sort();

beforeAll(async () => {
  ({ db } = await seeded());
  superToken = await tokenFor(superEmail);
  adminToken = await tokenFor(adminEmail);
});

async function create(name: string, body: Record<string, unknown> = {}) {
  const r = await api("POST", "modules", { token: superToken, body: { name, ...body } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as ModuleRow;
}

async function moduleNamed(name: string) {
  const [m] = await db.select().from(modules).where(eq(modules.name, name));
  return m;
}

describe("modules list", () => {
  it("holds the registry's modules and searches, filters, pages and opens the trash", async () => {
    const all = await api("GET", "modules?rowsPerPage=1000000", { token: superToken });
    expect(all.status).toBe(200);
    const names = (all.json.data as ModuleRow[]).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(Object.keys(PERMISSION_REGISTRY)));
    expect(all.json.count).toBe(names.length);

    const search = await api("GET", "modules?search_keyword=USER", { token: superToken });
    expect((search.json.data as ModuleRow[]).map((m) => m.name).sort()).toEqual(USER_MODULES);

    const page1 = await api("GET", "modules?page=1&rowsPerPage=2", { token: superToken });
    const page2 = await api("GET", "modules?page=2&rowsPerPage=2", { token: superToken });
    expect((page1.json.data as ModuleRow[]).length).toBe(2);
    expect(page1.json.count).toBeGreaterThanOrEqual(SYSTEM_COUNT);
    const ids1 = (page1.json.data as ModuleRow[]).map((m) => m.id);
    expect((page2.json.data as ModuleRow[]).some((m) => ids1.includes(m.id))).toBe(false);

    const quiet = await create("Grooming Status Test", { is_active: 0 });
    const inactive = await api("GET", "modules?is_active=0&rowsPerPage=100", { token: superToken });
    const rows = inactive.json.data as ModuleRow[];
    expect(rows.map((m) => m.id)).toContain(quiet.id);
    expect(rows.every((m) => m.is_active === 0)).toBe(true);
    const active = await api("GET", "modules?is_active=1&rowsPerPage=100", { token: superToken });
    expect((active.json.data as ModuleRow[]).map((m) => m.id)).not.toContain(quiet.id);

    expect((await api("POST", `modules/delete/${quiet.id}`, { token: superToken })).status).toBe(200);
    const live = await api("GET", "modules?search_keyword=grooming%20status", { token: superToken });
    expect(live.json).toEqual(EMPTY_LIST);
    const trash = await api("GET", "modules?search_keyword=grooming%20status&open_trash=1", {
      token: superToken,
    });
    expect((trash.json.data as ModuleRow[]).map((m) => m.id)).toEqual([quiet.id]);
  });

  it("shows one module with its live permissions", async () => {
    const users = await moduleNamed("Users");
    const r = await api("GET", `modules/${users.id}`, { token: adminToken });
    expect(r.status).toBe(200);
    const data = r.json.data as ModuleRow & { permissions: { id: number; permission_name: string }[] };
    expect(data.name).toBe("Users");
    expect(data.permissions.map((p) => p.permission_name)).toEqual(
      expect.arrayContaining([...PERMISSION_REGISTRY.Users]),
    );
    expect(data.permissions.every((p) => typeof p.id === "number")).toBe(true);
    expect((await api("GET", "modules/999999", { token: adminToken })).status).toBe(404);
  });

  it("exports the filtered list behind a signed link, for an ADMIN too", async () => {
    const r = await api("GET", "module_exports?search_keyword=user", { token: adminToken });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, adminToken));
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe("Name");
    expect(sheet.getColumn(3).values.slice(2).sort()).toEqual(USER_MODULES);
  });
});

describe("module saves", () => {
  it("answers field errors for a blank or taken name and keeps names unique among live modules", async () => {
    const blank = await api("POST", "modules", { token: superToken, body: { name: "  " } });
    expect(blank.status).toBe(422);
    expect(blank.json.errors).toEqual({ name: ["The name field is required."] });

    const taken = await api("POST", "modules", { token: superToken, body: { name: "users" } });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ name: ["The name has already been taken."] });

    const walks = await create("Grooming");
    const clash = await create("Grooming Plans");
    const renamed = await api("PATCH", `modules/${clash.id}`, {
      token: superToken,
      body: { name: "GROOMING" },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.json.errors!.name).toEqual(["The name has already been taken."]);

    // A name in the trash is free again; restoring the old one then conflicts.
    expect((await api("POST", `modules/delete/${walks.id}`, { token: superToken })).status).toBe(200);
    const again = await create("Grooming");
    const restore = await api("POST", `modules/restore/${walks.id}`, { token: superToken });
    expect(restore.status).toBe(409);
    expect(restore.json.message).toBe("The name has already been taken.");
    expect(again.id).not.toBe(walks.id);
  });

  it("keeps the registry's module names (the seed finds them by name)", async () => {
    const users = await moduleNamed("Users");
    const r = await api("PATCH", `modules/${users.id}`, { token: superToken, body: { name: "People" } });
    expect(r.status).toBe(422);
    expect(r.json.errors!.name).toBeDefined();
    expect((await moduleNamed("Users")).id).toBe(users.id);
    // Saving it unchanged, or toggling its flag, is fine.
    const same = await api("PATCH", `modules/${users.id}`, {
      token: superToken,
      body: { name: "Users", is_active: 1 },
    });
    expect(same.status).toBe(200);
  });

  it("writes audit records with the old and new values and accepts only the schema's fields", async () => {
    const m = await create("Daycare", { id: 4242, deleted_at: "2020-01-01", created_by: 77 });
    expect(m.id).not.toBe(4242);
    const row = await moduleNamed("Daycare");
    expect(row.deleted_at).toBeNull();
    expect(row.created_by).not.toBe(77);

    const patched = await api("PATCH", `modules/${m.id}`, {
      token: superToken,
      body: { name: "Daycare Centres", is_active: 0 },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ name: "Daycare Centres", is_active: 0 });
    const audits = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "modules"), eq(auditRecords.entity_id, m.id)))
      .orderBy(desc(auditRecords.id));
    expect(audits.map((a) => a.action)).toEqual(["update", "create"]);
    expect(audits[0].old_json).toMatchObject({ name: "Daycare", is_active: 1 });
    expect(audits[0].new_json).toMatchObject({ name: "Daycare Centres", is_active: 0 });
    expect(audits[1].old_json).toBeNull();
    expect(audits[1].new_json).toMatchObject({ name: "Daycare" });
  });
});

describe("module delete and restore", () => {
  it("refuses to delete a module while it has live permissions (409), then deletes and restores it", async () => {
    const m = await create("Training");
    const [p] = await db
      .insert(permissions)
      .values({ module_id: m.id, permission_name: "training.sessions" })
      .returning();
    const refused = await api("POST", `modules/delete/${m.id}`, { token: superToken });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/permissions/);
    expect((await api("GET", `modules/${m.id}`, { token: superToken })).status).toBe(200);

    expect((await api("POST", `permissions/delete/${p.id}`, { token: superToken })).status).toBe(200);
    const del = await api("POST", `modules/delete/${m.id}`, { token: superToken });
    expect(del.status).toBe(200);
    expect(del.json.message).toBe("Module deleted successfully.");
    expect((await api("GET", `modules/${m.id}`, { token: superToken })).status).toBe(404);
    expect((await api("POST", `modules/delete/${m.id}`, { token: superToken })).status).toBe(404);

    const res = await api("POST", `modules/restore/${m.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Module restored successfully.");
    expect((await api("GET", `modules/${m.id}`, { token: superToken })).status).toBe(200);
    const audits = await db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "modules"), eq(auditRecords.entity_id, m.id)))
      .orderBy(desc(auditRecords.id));
    expect(audits.map((a) => a.action)).toEqual(["restore", "delete", "create"]);
  });
});

describe("who may do what", () => {
  it("lets a company ADMIN read but not write, through /api and the server actions alike", async () => {
    const users = await moduleNamed("Users");
    expect((await api("GET", "modules", { token: adminToken })).status).toBe(200);
    expect((await api("GET", `modules/${users.id}`, { token: adminToken })).status).toBe(200);
    expect((await api("GET", "module_exports", { token: adminToken })).status).toBe(200);

    const spare = await create("Spare For Admin");
    const writes = [
      api("POST", "modules", { token: adminToken, body: { name: "Admin Made" } }),
      api("PATCH", `modules/${spare.id}`, { token: adminToken, body: { is_active: 0 } }),
      api("POST", `modules/delete/${spare.id}`, { token: adminToken }),
      api("POST", `modules/restore/${spare.id}`, { token: adminToken }),
    ];
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect((await moduleNamed("Spare For Admin")).is_active).toBe(1);
    expect(await moduleNamed("Admin Made")).toBeUndefined();

    session.ctx = await ctxFor(adminEmail);
    expect(await actions.createModuleAction({ name: "Admin Action" })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await actions.updateModuleAction(encodeId(spare.id), { is_active: 0 })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await actions.deleteModuleAction(encodeId(spare.id))).toMatchObject({ ok: false, status: 403 });
    session.ctx = null;
    expect(await actions.createModuleAction({ name: "Nobody" })).toMatchObject({ ok: false, status: 401 });
  });

  it("lets the SUPER ADMIN's server actions save with opaque ids and report field errors", async () => {
    session.ctx = await ctxFor(superEmail);
    const bad = await actions.createModuleAction({ name: "" });
    expect(bad).toEqual({
      ok: false,
      status: 422,
      message: "The given data was invalid.",
      fieldErrors: { name: "The name field is required." },
    });
    const ok = await actions.createModuleAction({ name: "Boarding", is_active: 1 });
    if (!ok.ok) throw new Error(ok.message);
    const m = await moduleNamed("Boarding");
    expect(ok.data.id).toBe(encodeId(m.id));
    const upd = await actions.updateModuleAction(ok.data.id, { name: "Pet Boarding", is_active: 0 });
    expect(upd.ok).toBe(true);
    expect(await moduleNamed("Pet Boarding")).toMatchObject({ id: m.id, is_active: 0 });
    // A plain id is not an opaque one: the portal's actions answer 404.
    expect(await actions.deleteModuleAction(String(m.id))).toMatchObject({ ok: false, status: 404 });
    expect(await actions.deleteModuleAction(ok.data.id)).toEqual({ ok: true, data: { id: m.id } });
    expect(await actions.restoreModuleAction(ok.data.id)).toEqual({ ok: true, data: { id: m.id } });
  });
});
