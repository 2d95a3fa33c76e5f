import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditRecords,
  companies,
  permissions,
  positionPermissions,
  positions,
  rolePermissions,
  users,
} from "@/db/schema";
import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import {
  adminEmail,
  api,
  ctxFor,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  seeded,
  superEmail,
  tokenFor,
  EMPTY_LIST,
} from "../support/fixtures";

const {
  create: createPosition,
  delete: deletePosition,
  get: getPosition,
  list: listPositions,
  restore: restorePosition,
  update: updatePosition,
} = positionsCrud;
const positionMasters = positionGrants.masters;

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/positions/actions");

const franchiseeAdminEmail = DEMO_LOGINS["FRANCHISEE ADMIN"];

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let adminToken: string;
let permId: Map<string, number>;
let wagPositionId: number;

/** The 422 field errors a domain call throws (fails the test when it does not throw one). */
async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

async function statusOf(p: Promise<unknown>): Promise<number> {
  return p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : 500),
  );
}

const ids = (...names: string[]) => names.map((n) => permId.get(n)!).sort((a, b) => a - b);

/** Gives a role one more permission straight in the database (what a SUPER ADMIN's role edit would do). */
async function grantToRole(roleId: number, name: string) {
  await db
    .insert(rolePermissions)
    .values({ role_id: roleId, permission_id: permId.get(name)! })
    .onConflictDoNothing();
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  adminToken = await tokenFor(adminEmail);
  const rows = await db.select({ id: permissions.id, name: permissions.permission_name }).from(permissions);
  permId = new Map(rows.map((r) => [r.name, r.id]));
  const [w] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, wag.id), eq(positions.name, "CUSTOMER")));
  wagPositionId = w.id;
});

describe("positions list", () => {
  it("pages, searches, filters by status and opens the trash, within the acting company only", async () => {
    for (const [name, is_active] of [
      ["Groomer", 1],
      ["Groom Trainee", 0],
      ["Walker", 1],
    ] as const)
      await createPosition(admin, { name, is_active, position_permissions: [] });

    const all = await listPositions(admin, {});
    // Four seeded positions and three new ones; Wag Nation's are never counted.
    expect(all.count).toBe(7);
    expect(all.data.map((p) => p.name)).toEqual([...all.data.map((p) => p.name)].sort());

    const page2 = await listPositions(admin, { page: "2", rowsPerPage: "5" });
    expect(page2.data.length).toBe(2);
    expect(page2.count).toBe(7);

    const search = await api("GET", "positions?search_keyword=groom", { token: adminToken });
    expect(search.status).toBe(200);
    expect((search.json.data as { name: string }[]).map((p) => p.name)).toEqual(["Groom Trainee", "Groomer"]);

    const inactive = await listPositions(admin, { is_active: "0" });
    expect(inactive.data.map((p) => p.name)).toEqual(["Groom Trainee"]);

    const walker = all.data.find((p) => p.name === "Walker")!;
    await deletePosition(admin, { id: walker.id });
    const trash = await listPositions(admin, { open_trash: "1" });
    expect(trash.data.map((p) => p.name)).toEqual(["Walker"]);
    const trashApi = await api("GET", "positions?show_deleted=1", { token: adminToken });
    expect((trashApi.json.data as { name: string }[]).map((p) => p.name)).toEqual(["Walker"]);
    expect((await listPositions(admin, {})).count).toBe(6);

    const none = await api("GET", "positions?search_keyword=zzz-none", { token: adminToken });
    expect(none.json).toEqual(EMPTY_LIST);
  });
});

describe("saving a position", () => {
  it("creates a position of the acting company with role_id 3 and its permissions", async () => {
    const r = await api("POST", "positions", {
      token: adminToken,
      // company_id and role_id are not the client's to choose.
      body: {
        name: "Receptionist",
        position_permissions: ids("users.list", "users.view"),
        company_id: wag.id,
        role_id: 1,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data as { id: number; company_id: number; role_id: number; is_active: number };
    expect(data).toMatchObject({ company_id: happy.id, role_id: 3, is_active: 1 });
    const got = await api("GET", `positions/${data.id}`, { token: adminToken });
    expect(got.json.data).toMatchObject({
      name: "Receptionist",
      position_permissions: ids("users.list", "users.view"),
    });
  });

  it("answers field errors: blank name, taken name, unknown and platform-wide permissions", async () => {
    expect(await fieldErrorsOf(createPosition(admin, { name: "  ", position_permissions: [] }))).toEqual({
      name: "The name field is required.",
    });
    // Names are unique per company among live positions, whatever the case.
    expect(await fieldErrorsOf(createPosition(admin, { name: "customer" }))).toEqual({
      name: "The name has already been taken.",
    });
    expect(
      await fieldErrorsOf(createPosition(admin, { name: "Ghost", position_permissions: [999999] })),
    ).toEqual({ position_permissions: "The selected permissions are invalid." });
    expect(
      await fieldErrorsOf(createPosition(admin, { name: "Ghost", position_permissions: ["abc"] })),
    ).toEqual({ position_permissions: "The selected permissions are invalid." });
    expect(
      await fieldErrorsOf(
        createPosition(admin, { name: "Ghost", position_permissions: ids("companies.create") }),
      ),
    ).toEqual({ position_permissions: "The permission companies.create cannot be granted to a position." });
    // Both problems at once: the form shows both.
    expect(
      Object.keys(
        await fieldErrorsOf(
          createPosition(admin, { name: "CUSTOMER", position_permissions: ids("roles.update") }),
        ),
      ).sort(),
    ).toEqual(["name", "position_permissions"]);
    expect(
      await db.select().from(positions).where(eq(positions.name, "Ghost")),
      "nothing was written",
    ).toEqual([]);

    // The same name in another company, or of a deleted position, is free.
    const wagAdmin = await ctxFor("admin@wagnation.test");
    await expect(createPosition(wagAdmin, { name: "Receptionist" })).resolves.toBeDefined();

    const r = await api("POST", "positions", { token: adminToken, body: { name: "" } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ name: ["The name field is required."] });
  });

  it("lets nobody grant a permission they do not hold, and shows it as not grantable", async () => {
    await grantToRole(ROLE_IDS["FRANCHISEE ADMIN"], "positions.create");
    await grantToRole(ROLE_IDS["FRANCHISEE ADMIN"], "positions.update");
    await grantToRole(ROLE_IDS["FRANCHISEE ADMIN"], "positions.view");
    const fa = await ctxFor(franchiseeAdminEmail);
    expect(
      await fieldErrorsOf(
        createPosition(fa, { name: "Shift Lead", position_permissions: ids("users.list", "users.delete") }),
      ),
    ).toEqual({
      position_permissions: "You cannot grant the permission users.delete, which you do not hold.",
    });

    const masters = await positionMasters(fa);
    const grantable = (n: string) => masters.permissions.find((p) => p.permission_name === n)!.grantable;
    expect(grantable("users.list")).toBe(true);
    expect(grantable("users.delete")).toBe(false);
    expect(grantable("companies.create")).toBe(false);

    const lead = await createPosition(fa, { name: "Shift Lead", position_permissions: ids("users.list") });
    expect(lead.position_permissions).toEqual(ids("users.list"));

    // A grant beyond the franchisee admin (made by the company admin) stays when they save the position again:
    // they may neither add nor remove it.
    await updatePosition(admin, {
      id: lead.id,
      name: "Shift Lead",
      position_permissions: ids("users.list", "users.delete"),
    });
    const saved = await updatePosition(fa, {
      id: lead.id,
      name: "Shift Lead",
      position_permissions: ids("users.view"),
    });
    expect(saved.position_permissions).toEqual(ids("users.delete", "users.view"));
  });

  it("edits name, status and permissions through POST positions with an id, audited with the permission ids", async () => {
    const p = await createPosition(admin, { name: "Trainer", position_permissions: ids("users.list") });
    const r = await api("POST", "positions", {
      token: adminToken,
      body: {
        id: encodeId(p.id),
        name: "Senior Trainer",
        is_active: 0,
        position_permissions: ids("users.view", "franchisees.list"),
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      id: p.id,
      name: "Senior Trainer",
      is_active: 0,
      position_permissions: ids("users.view", "franchisees.list"),
    });
    const stored = await db
      .select({ id: positionPermissions.permission_id })
      .from(positionPermissions)
      .where(eq(positionPermissions.position_id, p.id));
    expect(stored.map((s) => s.id).sort((a, b) => a - b)).toEqual(ids("users.view", "franchisees.list"));

    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "positions"), eq(auditRecords.entity_id, p.id)))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "update", company_id: happy.id, actor_id: admin.userId });
    expect(audit.old_json).toMatchObject({ name: "Trainer", position_permissions: ids("users.list") });
    expect(audit.new_json).toMatchObject({
      name: "Senior Trainer",
      is_active: 0,
      position_permissions: ids("users.view", "franchisees.list"),
    });

    // Leaving the permissions out keeps them.
    const renamed = await updatePosition(admin, { id: p.id, name: "Head Trainer" });
    expect(renamed.position_permissions).toEqual(ids("users.view", "franchisees.list"));
    expect(renamed.is_active).toBe(0);
  });

  it("answers 403 to a caller without the permission", async () => {
    const [customer] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER), eq(users.is_active, 1)))
      .limit(1);
    const login = await api("POST", "login", {
      body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
    });
    const token = (login.json as { token: string }).token;
    expect((await api("POST", "positions", { token, body: { name: "X" } })).status).toBe(403);
    expect((await api("GET", "positions/masters", { token })).status).toBe(403);
    const wagAdmin = await ctxFor("admin@wagnation.test");
    const noCreate = { ...wagAdmin, permissions: new Set<string>() };
    expect(await statusOf(createPosition(noCreate, { name: "X" }))).toBe(403);
    expect(await statusOf(positionMasters(noCreate))).toBe(403);
  });
});

describe("another company's position", () => {
  it("answers 404 through the domain functions, the server actions and /api", async () => {
    expect(await statusOf(getPosition(admin, wagPositionId))).toBe(404);
    expect(await statusOf(updatePosition(admin, { id: wagPositionId, name: "Hijacked" }))).toBe(404);
    expect(await statusOf(deletePosition(admin, { id: wagPositionId }))).toBe(404);
    expect(await statusOf(restorePosition(admin, { id: wagPositionId }))).toBe(404);

    session.ctx = admin;
    const r = await actions.updatePositionAction(encodeId(wagPositionId), { name: "Hijacked" });
    expect(r).toMatchObject({ ok: false, status: 404 });
    expect(await actions.deletePositionAction(encodeId(wagPositionId))).toMatchObject({
      ok: false,
      status: 404,
    });

    expect((await api("GET", `positions/${wagPositionId}`, { token: adminToken })).status).toBe(404);
    const post = await api("POST", "positions", {
      token: adminToken,
      body: { id: wagPositionId, name: "Hijacked", position_permissions: [] },
    });
    expect(post.status).toBe(404);
    expect(post.json).toEqual({ message: "Not found." });

    const [still] = await db.select().from(positions).where(eq(positions.id, wagPositionId));
    expect(still).toMatchObject({ name: "CUSTOMER", deleted_at: null });
  });
});

describe("server actions", () => {
  it("create and update through the session, with field errors for the form", async () => {
    session.ctx = admin;
    const bad = await actions.createPositionAction({ name: "", is_active: 1, position_permissions: [] });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { name: "The name field is required." },
    });

    const ok = await actions.createPositionAction({
      name: "Daycare Host",
      is_active: 1,
      position_permissions: ids("users.list"),
    });
    expect(ok.ok).toBe(true);
    const opaque = (ok as { data: { id: string } }).data.id;
    expect(opaque).not.toMatch(/^\d+$/);

    const upd = await actions.updatePositionAction(opaque, {
      name: "Daycare Lead",
      is_active: 1,
      position_permissions: [],
    });
    expect(upd.ok).toBe(true);
    const [row] = await db.select().from(positions).where(eq(positions.name, "Daycare Lead"));
    expect(row.company_id).toBe(happy.id);

    session.ctx = null;
    expect(await actions.createPositionAction({ name: "Nobody" })).toMatchObject({ ok: false, status: 401 });
  });
});

describe("delete and restore", () => {
  it("moves an unused position to the trash and back; refuses one held by users", async () => {
    const held = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.company_id, happy.id), eq(positions.name, "CUSTOMER")));
    const refused = await api("POST", `positions/delete/${held[0].id}`, { token: adminToken });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ message: "This position is assigned to users." });

    const p = await createPosition(admin, { name: "Seasonal Helper" });
    const del = await api("POST", `positions/delete/${encodeId(p.id)}`, { token: adminToken });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: "Position deleted successfully." });
    expect((await api("GET", `positions/${p.id}`, { token: adminToken })).status).toBe(404);
    expect((await api("POST", `positions/delete/${p.id}`, { token: adminToken })).status).toBe(404);

    // Its name is free while it is in the trash; restoring it then would make two live namesakes.
    const twin = await createPosition(admin, { name: "Seasonal Helper" });
    const clash = await api("POST", `positions/restore/${p.id}`, { token: adminToken });
    expect(clash.status).toBe(409);
    await deletePosition(admin, { id: twin.id });

    const res = await api("POST", `positions/restore/${p.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Position restored successfully." });
    expect((await getPosition(admin, p.id)).name).toBe("Seasonal Helper");

    const audits = await db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "positions"), eq(auditRecords.entity_id, p.id)))
      .orderBy(auditRecords.id);
    expect(audits.map((a) => a.action)).toEqual(["create", "delete", "restore"]);
  });
});

describe("positions/masters", () => {
  it("answers modules and permissions; platform-wide ones are not grantable to a position", async () => {
    const r = await api("GET", "positions/masters", { token: adminToken });
    expect(r.status).toBe(200);
    const data = r.json.data as {
      modules: { id: number; name: string; permissions: { id: number; permission_name: string }[] }[];
      permissions: { id: number; permission_name: string; module_id: number; grantable: boolean }[];
    };
    const names = data.modules.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const usersModule = data.modules.find((m) => m.name === "Users")!;
    expect(usersModule.permissions.map((p) => p.permission_name)).toContain("users.delete");
    const byName = new Map(data.permissions.map((p) => [p.permission_name, p]));
    expect(byName.get("users.delete")).toMatchObject({ module_id: usersModule.id, grantable: true });
    expect(byName.get("companies.create")!.grantable).toBe(false);
    expect(byName.get("roles.update")!.grantable).toBe(false);

    // An inactive permission is neither listed nor grantable.
    await db.update(permissions).set({ is_active: 0 }).where(eq(permissions.permission_name, "users.export"));
    const after = await positionMasters(admin);
    expect(after.permissions.some((p) => p.permission_name === "users.export")).toBe(false);
    expect(
      await fieldErrorsOf(
        createPosition(admin, { name: "Exporter", position_permissions: ids("users.export") }),
      ),
    ).toEqual({ position_permissions: "The selected permissions are invalid." });
    await db.update(permissions).set({ is_active: 1 }).where(eq(permissions.permission_name, "users.export"));
  });
});

describe("a position's permissions take effect on the holder's next request", () => {
  it("grants and revokes through the position", async () => {
    const [faPosition] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(
        and(
          eq(positions.company_id, happy.id),
          eq(positions.name, "FRANCHISEE ADMIN"),
          isNull(positions.deleted_at),
        ),
      );
    expect((await ctxFor(franchiseeAdminEmail)).permissions.has("franchisees.update")).toBe(false);
    await updatePosition(admin, {
      id: faPosition.id,
      name: "FRANCHISEE ADMIN",
      position_permissions: ids("franchisees.update"),
    });
    expect((await ctxFor(franchiseeAdminEmail)).permissions.has("franchisees.update")).toBe(true);
    await updatePosition(admin, { id: faPosition.id, name: "FRANCHISEE ADMIN", position_permissions: [] });
    expect((await ctxFor(franchiseeAdminEmail)).permissions.has("franchisees.update")).toBe(false);
    const left = await db
      .select()
      .from(positionPermissions)
      .where(
        and(
          eq(positionPermissions.position_id, faPosition.id),
          inArray(positionPermissions.permission_id, ids("franchisees.update")),
        ),
      );
    expect(left).toEqual([]);
  });

  it("a SUPER ADMIN acting for a company edits its positions like its admin", async () => {
    const sup = await ctxFor(superEmail, happy.id);
    const p = await createPosition(sup, { name: "Platform Made", position_permissions: ids("users.delete") });
    expect(p.company_id).toBe(happy.id);
    // Even a SUPER ADMIN cannot put a platform-wide permission on a company's position.
    expect(
      await fieldErrorsOf(
        updatePosition(sup, { id: p.id, name: "Platform Made", position_permissions: ids("modules.create") }),
      ),
    ).toEqual({ position_permissions: "The permission modules.create cannot be granted to a position." });
    // Without a company chosen there is no company to own a position.
    const bare = await ctxFor(superEmail);
    expect(await statusOf(listPositions(bare, {}))).toBe(403);
  });
});
