import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, modules, permissions } from "@/db/schema";
import { can, type Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { PERMISSION_REGISTRY } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, superEmail, tokenFor, EMPTY_LIST } from "../support/fixtures";

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/permissions/actions");

type PermissionRow = {
  id: number;
  module_id: number;
  permission_name: string;
  is_active: number;
  module: { id: number; name: string };
};

let db: Db;
let superToken: string;
let adminToken: string;
let usersModule: number;
let rolesModule: number;

beforeAll(async () => {
  ({ db } = await seeded());
  superToken = await tokenFor(superEmail);
  adminToken = await tokenFor(adminEmail);
  usersModule = await moduleId("Users");
  rolesModule = await moduleId("Roles");
});

async function moduleId(name: string) {
  const [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.name, name));
  return m.id;
}

async function permissionNamed(name: string) {
  const [p] = await db.select().from(permissions).where(eq(permissions.permission_name, name));
  return p;
}

async function create(body: Record<string, unknown>) {
  const r = await api("POST", "permissions", { token: superToken, body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as PermissionRow;
}

describe("permissions list", () => {
  it("answers rows with their module, and searches, filters by module and status, and pages", async () => {
    const all = await api("GET", "permissions?rowsPerPage=1000000", { token: adminToken });
    expect(all.status).toBe(200);
    const rows = all.json.data as PermissionRow[];
    expect(rows.length).toBe(all.json.count);
    const usersList = rows.find((r) => r.permission_name === "users.list")!;
    expect(usersList.module).toEqual({ id: usersModule, name: "Users" });

    const byModule = await api(`GET`, `permissions?module_id=${usersModule}&rowsPerPage=100`, {
      token: adminToken,
    });
    expect((byModule.json.data as PermissionRow[]).map((r) => r.permission_name).sort()).toEqual(
      [...PERMISSION_REGISTRY.Users].sort(),
    );

    const search = await api("GET", "permissions?search_keyword=ROLES.", { token: adminToken });
    expect((search.json.data as PermissionRow[]).every((r) => r.permission_name.startsWith("roles."))).toBe(
      true,
    );
    expect(search.json.count).toBe(PERMISSION_REGISTRY.Roles.length);

    const paged = await api(`GET`, `permissions?module_id=${usersModule}&page=2&rowsPerPage=5`, {
      token: adminToken,
    });
    expect((paged.json.data as PermissionRow[]).length).toBe(PERMISSION_REGISTRY.Users.length - 5);
    expect(paged.json.count).toBe(PERMISSION_REGISTRY.Users.length);

    const off = await create({ module_id: rolesModule, permission_name: "roles.archive", is_active: 0 });
    const inactive = await api("GET", "permissions?is_active=0&rowsPerPage=100", { token: adminToken });
    const ids = (inactive.json.data as PermissionRow[]).map((r) => r.id);
    expect(ids).toContain(off.id);
    expect((inactive.json.data as PermissionRow[]).every((r) => r.is_active === 0)).toBe(true);

    // A filter value that is not an id is refused on its parameter (it used to be ignored silently).
    const junk = await api("GET", "permissions?module_id=abc&search_keyword=zz-none", { token: adminToken });
    expect(junk.status).toBe(422);
    expect(junk.json.errors).toEqual({ module_id: ["The selected module is invalid."] });
    const none = await api("GET", "permissions?search_keyword=zz-none", { token: adminToken });
    expect(none.json).toEqual(EMPTY_LIST);
  });

  it("opens the trash view with show_deleted", async () => {
    const p = await create({ module_id: usersModule, permission_name: "users.archive" });
    expect((await api("POST", `permissions/delete/${p.id}`, { token: superToken })).status).toBe(200);
    const live = await api("GET", "permissions?search_keyword=users.archive", { token: adminToken });
    expect(live.json.count).toBe(0);
    const trash = await api("GET", "permissions?search_keyword=users.archive&show_deleted=1", {
      token: adminToken,
    });
    expect((trash.json.data as PermissionRow[]).map((r) => r.id)).toEqual([p.id]);
  });

  it("answers the module picker (permissions/masters) and one permission with its module", async () => {
    const m = await api("GET", "permissions/masters", { token: adminToken });
    expect(m.status).toBe(200);
    const mods = (m.json.data as { modules: { id: number; name: string }[] }).modules;
    expect(mods).toContainEqual({ id: usersModule, name: "Users" });

    const p = await permissionNamed("users.update");
    const one = await api("GET", `permissions/${p.id}`, { token: adminToken });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({
      id: p.id,
      permission_name: "users.update",
      is_active: 1,
      module: { id: usersModule, name: "Users" },
    });
    expect((await api("GET", "permissions/999999", { token: adminToken })).status).toBe(404);
  });
});

describe("permission saves", () => {
  it("answers field errors: missing module, blank or taken name, unknown module", async () => {
    const missing = await api("POST", "permissions", { token: superToken, body: { permission_name: "x.y" } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ module_id: ["The module field is required."] });

    const blank = await api("POST", "permissions", {
      token: superToken,
      body: { module_id: "", permission_name: " " },
    });
    expect(blank.json.errors).toEqual({
      module_id: ["The module field is required."],
      permission_name: ["The permission name field is required."],
    });

    const taken = await api("POST", "permissions", {
      token: superToken,
      body: { module_id: usersModule, permission_name: "Users.List" },
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ permission_name: ["The permission name has already been taken."] });

    const unknown = await api("POST", "permissions", {
      token: superToken,
      body: { module_id: 999999, permission_name: "kennels.list" },
    });
    expect(unknown.json.errors).toEqual({ module_id: ["The selected module is invalid."] });
  });

  it("refuses to rename a registry permission but lets it move, and renames new ones", async () => {
    const p = await permissionNamed("users.upload");
    const rename = await api("PATCH", `permissions/${p.id}`, {
      token: superToken,
      body: { permission_name: "users.import" },
    });
    expect(rename.status).toBe(422);
    expect(rename.json.errors!.permission_name[0]).toMatch(/cannot be changed/);
    expect((await permissionNamed("users.upload")).id).toBe(p.id);
    // Saved with its own name (what the edit form sends), it may move to another module and back.
    const moved = await api("PATCH", `permissions/${p.id}`, {
      token: superToken,
      body: { permission_name: "users.upload", module_id: rolesModule },
    });
    expect(moved.status).toBe(200);
    expect((await permissionNamed("users.upload")).module_id).toBe(rolesModule);
    await api("PATCH", `permissions/${p.id}`, { token: superToken, body: { module_id: usersModule } });

    const label = await create({ module_id: usersModule, permission_name: "users.approve" });
    const renamed = await api("PATCH", `permissions/${label.id}`, {
      token: superToken,
      body: { permission_name: "users.verify", module_id: String(rolesModule) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.data).toMatchObject({ permission_name: "users.verify", module_id: rolesModule });

    const clash = await api("PATCH", `permissions/${label.id}`, {
      token: superToken,
      body: { permission_name: "users.list" },
    });
    expect(clash.json.errors).toEqual({ permission_name: ["The permission name has already been taken."] });
  });

  it("writes audit records with the old and new values and accepts only the schema's fields", async () => {
    const p = await create({
      module_id: usersModule,
      permission_name: "users.merge",
      id: 777,
      deleted_at: "2020-01-01",
    });
    expect(p.id).not.toBe(777);
    expect((await permissionNamed("users.merge")).deleted_at).toBeNull();
    await api("PATCH", `permissions/${p.id}`, {
      token: superToken,
      body: { permission_name: "users.combine", is_active: 0 },
    });
    const audits = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "permissions"), eq(auditRecords.entity_id, p.id)))
      .orderBy(desc(auditRecords.id));
    expect(audits.map((a) => a.action)).toEqual(["update", "create"]);
    expect(audits[0].old_json).toMatchObject({ permission_name: "users.merge", is_active: 1 });
    expect(audits[0].new_json).toMatchObject({ permission_name: "users.combine", is_active: 0 });
    expect(audits[1].old_json).toBeNull();
  });
});

describe("permission delete and restore", () => {
  it("deletes and restores, and refuses to restore into a deleted module", async () => {
    const m = await api("POST", "modules", { token: superToken, body: { name: "Kennels" } });
    const kennels = (m.json.data as { id: number }).id;
    const p = await create({ module_id: kennels, permission_name: "kennels.list" });

    const del = await api("POST", `permissions/delete/${p.id}`, { token: superToken });
    expect(del.json).toEqual({ message: "Permission deleted successfully." });
    expect((await api("GET", `permissions/${p.id}`, { token: superToken })).status).toBe(404);
    // The name stays taken while it is in the trash (restore it instead).
    const again = await api("POST", "permissions", {
      token: superToken,
      body: { module_id: kennels, permission_name: "kennels.list" },
    });
    expect(again.status).toBe(422);

    expect((await api("POST", `modules/delete/${kennels}`, { token: superToken })).status).toBe(200);
    const orphan = await api("POST", `permissions/restore/${p.id}`, { token: superToken });
    expect(orphan.status).toBe(409);
    const moved = await api("POST", "permissions", {
      token: superToken,
      body: { module_id: kennels, permission_name: "kennels.view" },
    });
    expect(moved.json.errors).toEqual({ module_id: ["The selected module is invalid."] });

    expect((await api("POST", `modules/restore/${kennels}`, { token: superToken })).status).toBe(200);
    const res = await api("POST", `permissions/restore/${p.id}`, { token: superToken });
    expect(res.json).toEqual({ message: "Permission restored successfully." });
    expect((await api("GET", `permissions/${p.id}`, { token: superToken })).status).toBe(200);
  });
});

describe("effect on what users can do", () => {
  it("deactivating or deleting a permission revokes it on the next request; reactivating or restoring brings it back", async () => {
    const p = await permissionNamed("users.export");
    expect(can(await ctxFor(adminEmail), "users.export")).toBe(true);

    await api("PATCH", `permissions/${p.id}`, { token: superToken, body: { is_active: 0 } });
    expect(can(await ctxFor(adminEmail), "users.export")).toBe(false);
    expect(can(await ctxFor(adminEmail), "users.list")).toBe(true);

    await api("PATCH", `permissions/${p.id}`, { token: superToken, body: { is_active: 1 } });
    expect(can(await ctxFor(adminEmail), "users.export")).toBe(true);

    await api("POST", `permissions/delete/${p.id}`, { token: superToken });
    expect(can(await ctxFor(adminEmail), "users.export")).toBe(false);
    await api("POST", `permissions/restore/${p.id}`, { token: superToken });
    expect(can(await ctxFor(adminEmail), "users.export")).toBe(true);
  });
});

describe("who may do what", () => {
  it("lets a company ADMIN read but not write, through /api and the server actions alike", async () => {
    const p = await permissionNamed("users.view");
    const writes = [
      api("POST", "permissions", {
        token: adminToken,
        body: { module_id: usersModule, permission_name: "a.b" },
      }),
      api("PATCH", `permissions/${p.id}`, { token: adminToken, body: { is_active: 0 } }),
      api("POST", `permissions/delete/${p.id}`, { token: adminToken }),
      api("POST", `permissions/restore/${p.id}`, { token: adminToken }),
    ];
    expect((await Promise.all(writes)).map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(await permissionNamed("users.view")).toMatchObject({ is_active: 1, deleted_at: null });

    session.ctx = await ctxFor(adminEmail);
    expect(
      await actions.createPermissionAction({ module_id: usersModule, permission_name: "a.b" }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(await actions.updatePermissionAction(encodeId(p.id), { is_active: 0 })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await actions.deletePermissionAction(encodeId(p.id))).toMatchObject({ ok: false, status: 403 });
    session.ctx = null;
    expect(await actions.deletePermissionAction(encodeId(p.id))).toMatchObject({ ok: false, status: 401 });
  });

  it("lets the SUPER ADMIN's server actions save what the form sends (module id as a string)", async () => {
    session.ctx = await ctxFor(superEmail);
    const bad = await actions.createPermissionAction({ module_id: "", permission_name: "walks.book" });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { module_id: "The module field is required." },
    });
    const ok = await actions.createPermissionAction({
      module_id: String(usersModule),
      permission_name: "walks.book",
    });
    if (!ok.ok) throw new Error(ok.message);
    const p = await permissionNamed("walks.book");
    expect(ok.data.id).toBe(encodeId(p.id));
    expect(p).toMatchObject({ module_id: usersModule, is_active: 1 });
    const upd = await actions.updatePermissionAction(ok.data.id, {
      module_id: String(rolesModule),
      permission_name: "walks.book",
      is_active: 0,
    });
    expect(upd.ok).toBe(true);
    expect(await permissionNamed("walks.book")).toMatchObject({ module_id: rolesModule, is_active: 0 });
  });
});
