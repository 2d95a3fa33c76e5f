import ExcelJS from "exceljs";
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  apiTokens,
  auditRecords,
  companies,
  franchisees,
  permissions,
  positionPermissions,
  positions,
  users,
} from "@/db/schema";
import { GET as download } from "@/app/api/download/route";
import { masters } from "@/lib/registry";
import { getProfile, updateProfile } from "@/lib/admin/users/profile";
import { userCreateSchema } from "@/lib/admin/users/schema";
import {
  createUser,
  getUser,
  insertUser,
  listUsers,
  updateUser,
  USER_MESSAGES,
} from "@/lib/admin/users/users";
import { can, resolveContext, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { verifyPassword } from "@/lib/platform/passwords";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  adminEmail,
  api,
  linkRequest,
  ctxFor,
  seeded,
  tokenFor,
} from "../support/fixtures";

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/users/actions");
const profileActions = await import("@/app/(portal)/profile/actions");

const faEmail = DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN];

let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let adminToken: string;
let pos: Record<string, number>;
let wagPositionId: number;
let fr: { id: number; name: string }[];
let wagFranchiseeId: number;

type Row = {
  id: number;
  email: string;
  is_active: number;
  position_id: number;
  franchisee_id: number | null;
  is_kyc_verified: number;
  position_name: string | null;
  franchisee_name: string | null;
  upline_name: string | null;
};

const list = async (query: string, token = adminToken) => {
  const r = await api("GET", `users?${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { rows: r.json.data as Row[], count: r.json.count as number };
};

/** Live role-USER rows of Happy Paws, straight from the table, to compare the list against. */
async function happyUsers() {
  const db = await getDb();
  return db
    .select()
    .from(users)
    .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)));
}

const expectAppError = async (p: Promise<unknown>, status: number, fieldErrors?: Record<string, string>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(status);
  if (fieldErrors) expect((e as AppError).fieldErrors).toMatchObject(fieldErrors);
};

let seq = 0;
const newUser = (extra: Record<string, unknown> = {}) => ({
  first_name: "Rohan",
  last_name: "Verma",
  email: `rohan.verma.${++seq}@example.test`,
  position_id: pos[POSITION.CUSTOMER],
  ...extra,
});

beforeAll(async () => {
  ({ happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  adminToken = await tokenFor(adminEmail);
  const db = await getDb();
  const p = await db.select().from(positions).where(eq(positions.company_id, happy.id));
  pos = Object.fromEntries(p.map((x) => [x.name, x.id]));
  [{ id: wagPositionId }] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(eq(positions.company_id, wag.id))
    .limit(1);
  fr = await db
    .select({ id: franchisees.id, name: franchisees.name })
    .from(franchisees)
    .where(eq(franchisees.company_id, happy.id))
    .orderBy(franchisees.id);
  [{ id: wagFranchiseeId }] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(eq(franchisees.company_id, wag.id))
    .limit(1);
});

describe("users list", () => {
  it("lists the company's customers and staff with position and franchisee names, paged", async () => {
    const expected = await happyUsers();
    const first = await list("page=1&rowsPerPage=10&role_id=4");
    expect(first.count).toBe(expected.length);
    expect(first.rows).toHaveLength(10);
    const staff = first.rows.find((r) => r.franchisee_id != null)!;
    expect(staff.franchisee_name).toBe(fr.find((f) => f.id === staff.franchisee_id)!.name);
    expect(staff.position_name).toBe(POSITION.FRANCHISEE_STAFF);
    // No admin or other role, and nothing of Wag Nation.
    expect(first.rows.map((r) => r.email)).not.toContain(adminEmail);

    const last = await list(`page=4&rowsPerPage=10`);
    expect(last.rows).toHaveLength(expected.length - 30);
    const all = await list(`rowsPerPage=1000000`);
    expect(all.rows).toHaveLength(expected.length);
    expect(new Set(all.rows.map((r) => r.id))).toEqual(new Set(expected.map((u) => u.id)));
  });

  it("searches name, email, phone and employee code", async () => {
    const [u] = (await happyUsers()).filter((x) => x.employee_code);
    for (const term of [u.email.toUpperCase(), u.employee_code!, u.phone!]) {
      const r = await list(`search_keyword=${encodeURIComponent(term)}`);
      expect(r.rows.map((x) => x.id)).toContain(u.id);
      expect(r.rows.length).toBeLessThan(5);
    }
    const none = await list("search_keyword=zzzz-nobody");
    expect(none).toEqual({ rows: [], count: 0 });
  });

  it("filters by status, several positions, franchisee and KYC status", async () => {
    const expected = await happyUsers();
    const inactive = await list("is_active=0&rowsPerPage=1000000");
    expect(inactive.count).toBe(expected.filter((u) => u.is_active === 0).length);
    expect(inactive.count).toBeGreaterThan(0);
    expect(inactive.rows.every((r) => r.is_active === 0)).toBe(true);

    const staffOnly = await list(`position_id=${pos[POSITION.FRANCHISEE_STAFF]}&rowsPerPage=1000000`);
    expect(staffOnly.count).toBe(
      expected.filter((u) => u.position_id === pos[POSITION.FRANCHISEE_STAFF]).length,
    );
    const both = await list(
      `position_id=${pos[POSITION.FRANCHISEE_STAFF]},${pos[POSITION.CUSTOMER]}&rowsPerPage=1000000`,
    );
    expect(both.count).toBe(expected.length);
    // The portal's URLs carry opaque ids; they filter the same way.
    const opaque = await listUsers(admin, { position_id: encodeId(pos[POSITION.FRANCHISEE_STAFF]) });
    expect(opaque.count).toBe(staffOnly.count);

    const one = await list(`franchisee_id=${fr[0].id}&rowsPerPage=1000000`);
    expect(one.count).toBe(expected.filter((u) => u.franchisee_id === fr[0].id).length);
    expect(one.count).toBeGreaterThan(0);
    expect(one.rows.every((r) => r.franchisee_id === fr[0].id)).toBe(true);

    for (const kyc of [0, 1, 2]) {
      const r = await list(`is_kyc_verified=${kyc}&rowsPerPage=1000000`);
      expect(r.count).toBe(expected.filter((u) => u.is_kyc_verified === kyc).length);
      expect(r.count).toBeGreaterThan(0);
    }
  });

  it("sorts by name, email and creation, both ways, and refuses an unknown sort", async () => {
    const db = await getDb();
    // The database's own order (its collation), ties broken by id as the list does.
    const by = async (...order: SQL[]) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)),
          )
          .orderBy(...order)
      ).map((u) => u.id);
    const ids = async (sort: string) =>
      (await list(`sort=${sort}&rowsPerPage=1000000`)).rows.map((r) => r.id);
    expect(await ids("name")).toEqual(await by(asc(users.first_name), asc(users.id)));
    expect(await ids("-email")).toEqual(await by(desc(users.email), desc(users.id)));
    expect(await ids("-created_at")).toEqual(await by(desc(users.created_at), desc(users.id)));
    const bad = await api("GET", "users?sort=password_hash", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ sort: ["The selected sort is invalid."] });
  });

  it("lists franchisee staff (users with a franchisee) for /franchisee-staffs", async () => {
    const expected = (await happyUsers()).filter((u) => u.franchisee_id != null);
    const staff = await listUsers(admin, { rowsPerPage: "1000000" }, { staff: true });
    expect(staff.count).toBe(expected.length);
    const one = await listUsers(admin, { franchisee_id: encodeId(fr[0].id) }, { staff: true });
    expect(one.count).toBe(expected.filter((u) => u.franchisee_id === fr[0].id).length);
  });

  it("exports the filtered list behind a signed link", async () => {
    const r = await api("GET", `users/excel_export?franchisee_id=${fr[0].id}`, { token: adminToken });
    expect(r.status).toBe(200);
    const res = await download(linkRequest(r.json.data as string, adminToken));
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const expected = (await happyUsers()).filter((u) => u.franchisee_id === fr[0].id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sheet.rowCount - 1).toBe(expected.length);
    expect(sheet.getRow(1).getCell(10).value).toBe("Franchisee");
    expect(sheet.getRow(2).getCell(10).value).toBe(fr[0].name);
  });
});

describe("creating users", () => {
  it("answers field errors for missing and invalid fields", async () => {
    const r = await api("POST", "users", { token: adminToken, body: { email: "not-an-email" } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toMatchObject({
      first_name: ["The first name field is required."],
      last_name: ["The last name field is required."],
      email: ["The email must be a valid email address."],
      position_id: ["The position field is required."],
    });
    // Phone is optional on create, but must be a phone when given.
    expect(r.json.errors!.phone).toBeUndefined();
    const bad = await api("POST", "users", { token: adminToken, body: newUser({ phone: "call me" }) });
    expect(bad.json.errors).toEqual({ phone: ["The phone must be a valid phone number."] });
  });

  it("refuses a taken email (any case) and another company's position or franchisee", async () => {
    await expectAppError(createUser(admin, newUser({ email: "ADMIN@HappyPaws.test" })), 422, {
      email: "The email has already been taken.",
    });
    await expectAppError(createUser(admin, newUser({ position_id: wagPositionId })), 422, {
      position_id: "The selected position is invalid.",
    });
    await expectAppError(createUser(admin, newUser({ franchisee_id: wagFranchiseeId })), 422, {
      franchisee_id: "The selected franchisee is invalid.",
    });
  });

  it("creates a role USER in the acting company with an unknowable password and an audit record", async () => {
    const input = newUser({
      phone: "+91 98765 43210",
      franchisee_id: String(fr[1].id),
      role_id: 1,
      company_id: wag.id,
    });
    const r = await api("POST", "users", { token: adminToken, body: input });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const created = r.json.data as { id: number; password_hash?: string };
    expect(created.password_hash).toBeUndefined();
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      role_id: ROLE_IDS.USER,
      company_id: happy.id,
      franchisee_id: fr[1].id,
      created_by: admin.userId,
      user_name: "Rohan Verma",
      is_active: 1,
    });
    // Nobody knows a new user's password: it is unusable until they set one through forgot-password.
    expect(row.password_hash).toMatch(/^!unset:[0-9a-f]{32}$/);
    for (const guess of ["", "password", DEMO_PASSWORD, input.email, "12345678"])
      expect(await verifyPassword(row.password_hash, guess)).toBe(false);
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "users"), eq(auditRecords.entity_id, created.id)));
    expect(audit).toMatchObject({
      action: "create",
      actor_id: admin.userId,
      company_id: happy.id,
      old_json: null,
    });
    expect(audit.new_json).toMatchObject({ email: input.email });
    expect(JSON.stringify(audit.new_json)).not.toContain(row.password_hash);
  });

  it("insertUser (for the bulk upload) gives every user a different random password hash", async () => {
    const db = await getDb();
    const [a, b] = await db.transaction(async (tx) => [
      await insertUser(tx, admin, userCreateSchema.parse(newUser())),
      await insertUser(tx, admin, userCreateSchema.parse(newUser())),
    ]);
    expect(a.password_hash).not.toBe(b.password_hash);
    const audits = await db
      .select()
      .from(auditRecords)
      .where(inArray(auditRecords.entity_id, [a.id, b.id]));
    expect(audits.filter((x) => x.entity === "users")).toEqual([]);
  });

  it("requires a franchisee on staff creation, unless the caller is confined to one", async () => {
    session.ctx = admin;
    const r = await actions.createUserAction({ ...newUser(), first_name: "" }, true);
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: {
        franchisee_id: "The franchisee field is required.",
        first_name: "The first name field is required.",
      },
    });
    const ok = await actions.createUserAction({ ...newUser(), franchisee_id: String(fr[0].id) }, true);
    expect(ok.ok).toBe(true);
    // The plain user form does not require one.
    expect((await actions.createUserAction(newUser())).ok).toBe(true);
  });
});

describe("editing users", () => {
  let target: typeof users.$inferSelect;
  beforeAll(async () => {
    [target] = (await happyUsers()).filter((u) => u.franchisee_id == null && u.is_active === 1);
  });

  const editOf = (u: typeof users.$inferSelect, extra: Record<string, unknown> = {}) => ({
    id: u.id,
    first_name: u.first_name,
    middle_name: u.middle_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    position_id: u.position_id,
    franchisee_id: u.franchisee_id,
    ...extra,
  });

  it("keeps what an edit leaves out (the upline the bulk upload set, the employee code)", async () => {
    const lead = (await happyUsers()).find((u) => u.is_active === 1 && u.user_name)!;
    const created = await createUser(
      admin,
      newUser({ employee_code: "EMP-KEEP", upline_user_id: lead.id, middle_name: "K" }),
    );
    const listed = await list(`upline_user_id=${lead.id}&rowsPerPage=1000000`);
    expect(listed.rows.find((r) => r.id === created.id)).toMatchObject({ upline_name: lead.user_name });

    // The portal's form sends neither field.
    session.ctx = admin;
    const r = await actions.updateUserAction(encodeId(created.id), {
      first_name: "Kept",
      last_name: created.last_name,
      email: created.email,
      phone: "+91 90000 33333",
      position_id: String(created.position_id),
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      employee_code: "EMP-KEEP",
      upline_user_id: lead.id,
      middle_name: "K",
      user_name: `Kept K ${created.last_name}`,
    });
  });

  it("requires the phone on edit", async () => {
    await expectAppError(updateUser(admin, editOf(target, { phone: "" })), 422, {
      phone: "The phone field is required.",
    });
  });

  it("saves through POST users with an id and records the old and new values", async () => {
    const r = await api("POST", "users", {
      token: adminToken,
      body: editOf(target, { first_name: "Renamed", middle_name: "K", email: target.email.toUpperCase() }),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const db = await getDb();
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.entity, "users"),
          eq(auditRecords.entity_id, target.id),
          eq(auditRecords.action, "update"),
        ),
      )
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit.old_json).toMatchObject({ first_name: target.first_name });
    expect(audit.new_json).toMatchObject({
      first_name: "Renamed",
      user_name: `Renamed K ${target.last_name}`,
    });
    expect(JSON.stringify(audit.old_json)).not.toContain("password");
  });

  it("answers 404 for another company's user through /api and the action", async () => {
    const db = await getDb();
    const [w] = await db
      .select()
      .from(users)
      .where(and(eq(users.company_id, wag.id), eq(users.role_id, ROLE_IDS.USER)));
    const r = await api("POST", "users", { token: adminToken, body: editOf(w, { first_name: "Hijacked" }) });
    expect(r.status).toBe(404);
    session.ctx = admin;
    expect(await actions.updateUserAction(encodeId(w.id), editOf(w))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await actions.deleteUserAction(encodeId(w.id))).toMatchObject({ ok: false, status: 404 });
    const [still] = await db.select().from(users).where(eq(users.id, w.id));
    expect(still.first_name).toBe(w.first_name);
    expect(still.deleted_at).toBeNull();
  });

  it("deactivating a user ends their sessions and API tokens at once", async () => {
    const db = await getDb();
    const [u] = (await happyUsers()).filter((x) => x.is_active === 1 && x.phone && x.id !== target.id);
    const login = await api("POST", "login", {
      body: { email: u.email, password: DEMO_PASSWORD, is_web: false },
    });
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;
    expect((await api("GET", "me", { token })).status).toBe(200);

    await updateUser(admin, editOf(u, { is_active: 0 }));
    const [after] = await db.select().from(users).where(eq(users.id, u.id));
    expect(after.session_version).toBe(u.session_version + 1);
    await expect(
      resolveContext({ userId: u.id, via: "session", sessionVersion: u.session_version }),
    ).rejects.toMatchObject({ status: 401 });
    expect((await api("GET", "me", { token })).status).toBe(401);
    const live = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.user_id, u.id), isNull(apiTokens.revoked_at)));
    expect(live).toEqual([]);

    // Reactivated, the old token stays dead; a plain edit does not touch the session version.
    await updateUser(admin, editOf(u, { is_active: 1 }));
    await updateUser(admin, editOf(u, { first_name: "Again" }));
    const [again] = await db.select().from(users).where(eq(users.id, u.id));
    expect(again.session_version).toBe(u.session_version + 1);
    expect((await api("GET", "me", { token })).status).toBe(401);
  });
});

describe("deleting and restoring users", () => {
  it("moves a user to the trash view and back", async () => {
    const [u] = await happyUsers();
    session.ctx = admin;
    expect(await actions.deleteUserAction(encodeId(u.id))).toEqual({ ok: true, data: { id: u.id } });
    expect((await list("rowsPerPage=1000000")).rows.map((r) => r.id)).not.toContain(u.id);
    const trash = await list("open_trash=1&rowsPerPage=1000000");
    expect(trash.rows.map((r) => r.id)).toContain(u.id);
    await expectAppError(getUser(admin, u.id), 404);

    const again = await api("POST", `users/delete/${u.id}`, { token: adminToken });
    expect(again.status).toBe(404);

    const r = await api("POST", `users/restore/${u.id}`, { token: adminToken });
    expect(r).toMatchObject({ status: 200, json: { message: "User restored successfully." } });
    expect((await list("show_deleted=1&rowsPerPage=1000000")).rows.map((x) => x.id)).not.toContain(u.id);
    expect((await getUser(admin, u.id)).id).toBe(u.id);

    const db = await getDb();
    const actionsSeen = await db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "users"), eq(auditRecords.entity_id, u.id)));
    expect(actionsSeen.map((a) => a.action)).toEqual(expect.arrayContaining(["delete", "restore"]));
  });

  it("answers the spec's message on delete, and 409 for one's own account", async () => {
    const [u] = await happyUsers();
    const r = await api("POST", `users/delete/${u.id}`, { token: adminToken });
    expect(r).toMatchObject({ status: 200, json: { message: "User deleted successfully." } });
    await api("POST", `users/restore/${u.id}`, { token: adminToken });

    const self = await api("POST", `users/delete/${admin.userId}`, { token: adminToken });
    expect(self.status).toBe(409);
    expect(self.json.message).toBe(USER_MESSAGES.cannotDeleteSelf);
    const db = await getDb();
    const [me] = await db.select().from(users).where(eq(users.id, admin.userId));
    expect(me.deleted_at).toBeNull();
  });
});

describe("a FRANCHISEE ADMIN", () => {
  let fa: Ctx;
  let faToken: string;
  let otherStaff: typeof users.$inferSelect;
  beforeAll(async () => {
    fa = await ctxFor(faEmail);
    faToken = await tokenFor(faEmail);
    expect(fa.franchiseeId).toBe(fr[0].id);
    // The demo's staff all work for the first franchisee: give the second one a member.
    const created = await createUser(admin, newUser({ franchisee_id: fr[1].id }));
    [otherStaff] = (await happyUsers()).filter((u) => u.id === created.id);
  });

  it("sees only the own franchisee's users, whatever the query says", async () => {
    const r = await list(`franchisee_id=${fr[1].id}`, faToken);
    expect(r.count).toBe(0);
    const own = await list("rowsPerPage=1000000", faToken);
    expect(own.count).toBe((await happyUsers()).filter((u) => u.franchisee_id === fr[0].id).length);
    expect(own.rows.every((x) => x.franchisee_id === fr[0].id)).toBe(true);
  });

  it("gets 404 for another franchisee's staff through the domain, the action and /api", async () => {
    await expectAppError(getUser(fa, otherStaff.id), 404);
    session.ctx = fa;
    const edit = {
      first_name: "X",
      last_name: otherStaff.last_name,
      email: otherStaff.email,
      phone: "+91 90000 00000",
      position_id: otherStaff.position_id,
    };
    expect(await actions.updateUserAction(encodeId(otherStaff.id), edit)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await api("GET", `users/${otherStaff.id}`, { token: faToken })).status).toBe(404);
    const post = await api("POST", "users", { token: faToken, body: { ...edit, id: otherStaff.id } });
    expect(post.status).toBe(404);
    const db = await getDb();
    const [still] = await db.select().from(users).where(eq(users.id, otherStaff.id));
    expect(still.first_name).toBe(otherStaff.first_name);
  });

  it("creates users only in the own franchisee, and cannot move one out of it", async () => {
    // A FRANCHISEE ADMIN gives staff positions only (staff-positions.test.ts).
    const staffOf = (extra: Record<string, unknown> = {}) =>
      newUser({ position_id: pos[POSITION.FRANCHISEE_STAFF], ...extra });
    const created = await createUser(fa, staffOf({ franchisee_id: fr[1].id }), { staff: true });
    expect(created.franchisee_id).toBe(fr[0].id);
    const noFranchisee = await createUser(fa, staffOf(), { staff: true });
    expect(noFranchisee.franchisee_id).toBe(fr[0].id);
    const moved = await updateUser(fa, {
      id: created.id,
      first_name: created.first_name,
      last_name: created.last_name,
      email: created.email,
      phone: "+91 91234 56789",
      position_id: created.position_id,
      franchisee_id: fr[2].id,
    });
    expect(moved.franchisee_id).toBe(fr[0].id);
  });

  it("cannot put staff into a position that grants more than they hold", async () => {
    const db = await getDb();
    const [del] = await db.select().from(permissions).where(eq(permissions.permission_name, "users.delete"));
    expect(can(fa, "users.delete")).toBe(false);
    // The company's ADMIN widened the FRANCHISEE STAFF position.
    await db
      .insert(positionPermissions)
      .values({ position_id: pos[POSITION.FRANCHISEE_STAFF], permission_id: del.id });
    try {
      await expectAppError(
        createUser(fa, newUser({ position_id: pos[POSITION.FRANCHISEE_STAFF] }), { staff: true }),
        422,
      );
      const r = await api("POST", "users", {
        token: faToken,
        body: newUser({ position_id: pos[POSITION.FRANCHISEE_STAFF], phone: "+91 90000 11111" }),
      });
      expect(r.status).toBe(422);
      expect(r.json.errors!.position_id).toEqual([USER_MESSAGES.positionTooStrong]);
      // The ADMIN holds it, so the ADMIN may.
      const ok = await createUser(admin, newUser({ position_id: pos[POSITION.FRANCHISEE_STAFF] }));
      expect(ok.position_id).toBe(pos[POSITION.FRANCHISEE_STAFF]);
    } finally {
      await db
        .delete(positionPermissions)
        .where(
          and(
            eq(positionPermissions.position_id, pos[POSITION.FRANCHISEE_STAFF]),
            eq(positionPermissions.permission_id, del.id),
          ),
        );
    }
  });

  it("sees only the own franchisee among the masters", async () => {
    const m = (await masters.get(fa, new URLSearchParams("context=user"))) as {
      franchisees: { id: number }[];
    };
    expect(m.franchisees.map((f) => f.id)).toEqual([fr[0].id]);
  });
});

describe("masters", () => {
  it("answers the company's live positions and franchisees for context=user", async () => {
    const r = await api("GET", "masters?context=user&franchise_kyc=1&franchisee_status=1", {
      token: adminToken,
    });
    expect(r.status).toBe(200);
    const data = r.json.data as {
      positions: { id: number; name: string }[];
      franchisees: { id: number; name: string }[];
    };
    expect(data.positions.map((p) => p.id).sort()).toEqual(Object.values(pos).sort());
    expect(data.franchisees.map((f) => f.name).sort()).toEqual(fr.map((f) => f.name).sort());
    expect(Object.keys(data.positions[0]).sort()).toEqual(["id", "name"]);
  });

  it("leaves out deleted and inactive ones and answers 422 for an unknown context", async () => {
    const db = await getDb();
    await db.update(franchisees).set({ is_active: 0 }).where(eq(franchisees.id, fr[2].id));
    const r = await api("GET", "masters?context=user", { token: adminToken });
    expect((r.json.data as { franchisees: { id: number }[] }).franchisees.map((f) => f.id)).not.toContain(
      fr[2].id,
    );
    await db.update(franchisees).set({ is_active: 1 }).where(eq(franchisees.id, fr[2].id));

    const bad = await api("GET", "masters?context=nope", { token: adminToken });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ context: ["The selected context is invalid."] });
  });
});

describe("my profile", () => {
  it("shows and saves the own profile", async () => {
    const p = await getProfile(admin, admin.userId);
    expect(p).toMatchObject({ email: adminEmail, role_name: ROLE.ADMIN, company_name: happy.name });
    session.ctx = admin;
    const r = await profileActions.updateProfileAction(encodeId(admin.userId), {
      first_name: "Priya",
      middle_name: "R",
      last_name: "Sharma",
      phone: "+91 98200 99999",
      email: "stolen@example.test",
    });
    expect(r.ok).toBe(true);
    const db = await getDb();
    const [me] = await db.select().from(users).where(eq(users.id, admin.userId));
    expect(me).toMatchObject({ last_name: "Sharma", phone: "+91 98200 99999", email: adminEmail });
    await expectAppError(
      updateProfile(admin, admin.userId, { first_name: "Priya", last_name: "S", phone: "" }),
      422,
      {
        phone: "The phone field is required.",
      },
    );
  });

  it("refuses another user's id and changes nothing", async () => {
    const [other] = await happyUsers();
    await expectAppError(getProfile(admin, other.id), 403);
    session.ctx = admin;
    const r = await profileActions.updateProfileAction(encodeId(other.id), {
      first_name: "Changed",
      last_name: "By Someone",
      phone: "+91 90000 11111",
    });
    expect(r).toMatchObject({ ok: false, status: 403 });
    const db = await getDb();
    const [still] = await db.select().from(users).where(eq(users.id, other.id));
    expect(still.first_name).toBe(other.first_name);
    expect(still.updated_at).toEqual(other.updated_at);
  });
});

describe("without a session or permission", () => {
  it("answers 401 to actions without a session and 403 to a customer posting users", async () => {
    session.ctx = null;
    expect(await actions.createUserAction(newUser())).toMatchObject({ ok: false, status: 401 });
    const db = await getDb();
    const [customer] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.company_id, happy.id),
          eq(users.role_id, ROLE_IDS.USER),
          eq(users.is_active, 1),
          isNotNull(users.phone),
        ),
      )
      .limit(1);
    const login = await api("POST", "login", {
      body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
    });
    const token = (login.json as { token: string }).token;
    expect((await api("POST", "users", { token, body: newUser() })).status).toBe(403);
    expect(
      (
        await api("POST", "users", {
          token,
          body: { ...newUser(), id: customer.id, phone: "+91 90000 22222" },
        })
      ).status,
    ).toBe(403);
  });
});
