import ExcelJS from "exceljs";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, permissions, rolePermissions, roles, users } from "@/db/schema";
import { GET as download } from "@/app/api/download/route";
import { roleGrants, rolesCrud } from "@/lib/admin/roles";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import {
  adminEmail,
  api,
  linkRequest,
  ctxFor,
  DEMO_LOGINS,
  seeded,
  superEmail,
  tokenFor,
} from "../support/fixtures";

const {
  create: createRole,
  delete: deleteRole,
  get: getRole,
  list: listRoles,
  update: updateRole,
} = rolesCrud;
const roleMasters = roleGrants.masters;

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/roles/actions");

const masterEmail = DEMO_LOGINS["MASTER FRANCHISEE"];

let db: Awaited<ReturnType<typeof seeded>>["db"];
let admin: Ctx;
let sup: Ctx;
let adminToken: string;
let superToken: string;
let permId: Map<string, number>;
let moduleOf: Map<number, number>;

const ids = (...names: string[]) => names.map((n) => permId.get(n)!).sort((a, b) => a - b);

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

beforeAll(async () => {
  ({ db } = await seeded());
  admin = await ctxFor(adminEmail);
  sup = await ctxFor(superEmail);
  adminToken = await tokenFor(adminEmail);
  superToken = await tokenFor(superEmail);
  const rows = await db
    .select({ id: permissions.id, name: permissions.permission_name, module_id: permissions.module_id })
    .from(permissions);
  permId = new Map(rows.map((r) => [r.name, r.id]));
  moduleOf = new Map(rows.map((r) => [r.id, r.module_id]));
});

describe("a company ADMIN", () => {
  it("lists and views roles (200) but may not create, update or delete them (403)", async () => {
    const list = await api("GET", "roles?rowsPerPage=100", { token: adminToken });
    expect(list.status).toBe(200);
    expect((list.json.data as { name: string }[]).map((r) => r.name)).toEqual([
      "SUPER ADMIN",
      "ADMIN",
      "BACKEND ADMIN",
      "USER",
      "MASTER FRANCHISEE",
      "FRANCHISEE ADMIN",
    ]);
    expect(list.json.count).toBe(6);
    const view = await api("GET", "roles/2", { token: adminToken });
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ id: 2, name: "ADMIN" });
    expect((await api("GET", "roles/masters", { token: adminToken })).status).toBe(200);

    const create = await api("POST", "roles", {
      token: adminToken,
      body: { name: "Sneaky", role_permissions: [] },
    });
    expect(create.status).toBe(403);
    const update = await api("POST", "roles", {
      token: adminToken,
      body: { id: ROLE_IDS.ADMIN, name: "ADMIN", role_permissions: ids("companies.create") },
    });
    expect(update.status).toBe(403);
    expect((await api("POST", "roles/delete/5", { token: adminToken })).status).toBe(403);

    session.ctx = admin;
    expect(await actions.createRoleAction({ name: "Sneaky" })).toMatchObject({ ok: false, status: 403 });
    expect(await actions.updateRoleAction(encodeId(ROLE_IDS.ADMIN), { name: "ADMIN" })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await actions.deleteRoleAction(encodeId(5))).toMatchObject({ ok: false, status: 403 });

    expect(await db.select().from(roles).where(eq(roles.name, "Sneaky"))).toEqual([]);

    // The masters and save calls check their permissions themselves (their route rows name none).
    const customer = { ...admin, permissions: new Set<string>() };
    expect((await errorOf(roleMasters(customer))).status).toBe(403);
    expect((await errorOf(createRole(customer, { name: "Sneaky" }))).status).toBe(403);
    expect((await ctxFor(adminEmail)).permissions.has("companies.create")).toBe(false);
  });
});

describe("a SUPER ADMIN", () => {
  it("creates a role with permissions; GET answers each permission with its module_id", async () => {
    const r = await api("POST", "roles", {
      token: superToken,
      body: { name: "Auditor", role_permissions: ids("audit.view", "users.list", "companies.create") },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = (r.json.data as { id: number }).id;
    const got = await api("GET", `roles/${encodeId(id)}`, { token: adminToken });
    expect(got.json.data).toMatchObject({
      name: "Auditor",
      is_active: 1,
      role_permissions: ids("audit.view", "users.list", "companies.create").map((p) => ({
        permission_id: p,
        module_id: moduleOf.get(p),
      })),
    });
    // What GET answers can be posted back unchanged.
    const back = await api("POST", "roles", {
      token: superToken,
      body: { ...(got.json.data as object), name: "Auditors" },
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect((await getRole(sup, id)).role_permissions.map((p) => p.permission_id)).toEqual(
      ids("audit.view", "users.list", "companies.create"),
    );
  });

  it("answers field errors: blank name, taken name, unknown permission, renaming a built-in role", async () => {
    let e = await errorOf(createRole(sup, { name: "" }));
    expect(e.fieldErrors).toEqual({ name: "The name field is required." });
    e = await errorOf(createRole(sup, { name: "admin" }));
    expect(e.fieldErrors).toEqual({ name: "The name has already been taken." });
    e = await errorOf(createRole(sup, { name: "Ghost", role_permissions: [424242] }));
    expect(e.fieldErrors).toEqual({ role_permissions: "The selected permissions are invalid." });
    e = await errorOf(updateRole(sup, { id: ROLE_IDS.ADMIN, name: "Company Admin" }));
    expect(e.status).toBe(422);
    expect(e.fieldErrors).toEqual({ name: "The name of a built-in role cannot be changed." });
    e = await errorOf(updateRole(sup, { id: ROLE_IDS["SUPER ADMIN"], name: "SUPER ADMIN", is_active: 0 }));
    expect(e.fieldErrors).toEqual({ is_active: "A built-in role cannot be deactivated." });
  });

  it("changes a role's permissions, effective on the holder's next request, with an audit record", async () => {
    expect((await ctxFor(masterEmail)).permissions.has("franchisees.update")).toBe(false);
    const before = (await getRole(sup, ROLE_IDS["MASTER FRANCHISEE"])).role_permissions.map(
      (p) => p.permission_id,
    );

    session.ctx = sup;
    const saved = await actions.updateRoleAction(encodeId(ROLE_IDS["MASTER FRANCHISEE"]), {
      name: "MASTER FRANCHISEE",
      is_active: 1,
      role_permissions: [...before, permId.get("franchisees.update")!],
    });
    expect(saved.ok).toBe(true);
    expect((await ctxFor(masterEmail)).permissions.has("franchisees.update")).toBe(true);

    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "roles"), eq(auditRecords.entity_id, ROLE_IDS["MASTER FRANCHISEE"])))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit.action).toBe("update");
    expect((audit.old_json as { role_permissions: number[] }).role_permissions).toEqual(before);
    expect((audit.new_json as { role_permissions: number[] }).role_permissions).toEqual(
      [...before, permId.get("franchisees.update")!].sort((a, b) => a - b),
    );

    // Revoked: gone on the next request, while the sign-in itself stays valid.
    await updateRole(sup, {
      id: ROLE_IDS["MASTER FRANCHISEE"],
      name: "MASTER FRANCHISEE",
      role_permissions: before,
    });
    const next = await ctxFor(masterEmail);
    expect(next.permissions.has("franchisees.update")).toBe(false);
    expect(next.permissions.has("franchisees.list")).toBe(true);
  });

  it("may not delete a built-in role or one held by users (409); deletes an unused one for good", async () => {
    const builtIn = await api("POST", "roles/delete/5", { token: superToken });
    expect(builtIn.status).toBe(409);
    expect(builtIn.json).toEqual({ message: "A built-in role cannot be deleted." });

    const role = await createRole(sup, { name: "Night Shift" });
    const [someone] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role_id, ROLE_IDS.USER))
      .limit(1);
    await db.update(users).set({ role_id: role.id }).where(eq(users.id, someone.id));
    const held = await errorOf(deleteRole(sup, { id: role.id }));
    expect(held.status).toBe(409);
    expect(held.message).toBe("This role is assigned to users.");
    await db.update(users).set({ role_id: ROLE_IDS.USER }).where(eq(users.id, someone.id));

    const del = await api("POST", `roles/delete/${encodeId(role.id)}`, { token: superToken });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: "Role deleted successfully." });
    expect((await api("GET", `roles/${role.id}`, { token: superToken })).status).toBe(404);
    expect((await listRoles(sup, { search_keyword: "Night", show_deleted: "1" })).count).toBe(0);
    // Roles have no trash view: no restore call exists.
    expect((await api("POST", `roles/restore/${role.id}`, { token: superToken })).status).toBe(404);
    // The name is free again.
    await expect(createRole(sup, { name: "Night Shift" })).resolves.toMatchObject({ name: "Night Shift" });
    const grants = await db.select().from(rolePermissions).where(eq(rolePermissions.role_id, role.id));
    expect(grants).toEqual([]);
  });
});

describe("roles list, masters and export", () => {
  it("searches and filters by status", async () => {
    const inactive = await createRole(sup, { name: "Dormant", is_active: 0 });
    const r = await listRoles(admin, { is_active: "0" });
    expect(r.data.map((x) => x.id)).toEqual([inactive.id]);
    const s = await api("GET", "roles?search_keyword=franchisee", { token: adminToken });
    expect((s.json.data as { name: string }[]).map((x) => x.name)).toEqual([
      "MASTER FRANCHISEE",
      "FRANCHISEE ADMIN",
    ]);
  });

  it("marks every live permission grantable for a SUPER ADMIN, platform-wide ones included", async () => {
    const m = await roleMasters(sup);
    expect(m.modules.length).toBeGreaterThan(0);
    expect(m.permissions.every((p) => p.grantable)).toBe(true);
    expect(m.permissions.find((p) => p.permission_name === "roles.create")).toBeDefined();
    const forAdmin = await roleMasters(admin);
    expect(forAdmin.permissions.find((p) => p.permission_name === "companies.create")!.grantable).toBe(false);
  });

  it("exports the filtered roles behind a signed link", async () => {
    const r = await api("GET", "role_exports?search_keyword=admin", { token: adminToken });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, adminToken));
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe("Name");
    expect(sheet.getColumn(3).values.slice(2)).toEqual([
      "SUPER ADMIN",
      "ADMIN",
      "BACKEND ADMIN",
      "FRANCHISEE ADMIN",
    ]);
  });
});
