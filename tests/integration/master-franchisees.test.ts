import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, masterFranchiseeZones, users } from "@/db/schema";
import { franchiseesCrud } from "@/lib/franchise/franchisees";
import { MASTER_FRANCHISEE_MESSAGES, masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/master-franchisees/actions");

const { create, update, get, list } = masterFranchiseesCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let zone: Record<"NORTH" | "SOUTH" | "EAST" | "WEST", number>;

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await failureOf(p);
  expect(e.status).toBe(422);
  return e.fieldErrors ?? {};
}

let n = 0;
/** A user of a company: role MASTER FRANCHISEE unless another role is given. */
async function newUser(first: string, o: { companyId?: number; roleId?: number } = {}) {
  const [u] = await db
    .insert(users)
    .values({
      company_id: o.companyId ?? happy.id,
      role_id: o.roleId ?? ROLE_IDS[ROLE.MASTER_FRANCHISEE],
      first_name: first,
      last_name: "Overseer",
      user_name: `${first} Overseer`,
      email: `${first.toLowerCase()}.${++n}.${Date.now()}@mf.test`,
      password_hash: "!unset:mf-test",
    })
    .returning();
  return u;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  const rows = await masterRows(admin, ZONES_VALUE);
  zone = Object.fromEntries(rows.map((r) => [r.description, r.id])) as typeof zone;
});

describe("master franchisees", () => {
  it("creates one with its zones, which then narrow what that user sees", async () => {
    const u = await newUser("Aarav");
    const mf = await create(admin, { user_id: String(u.id), zone_ids: [String(zone.NORTH), zone.SOUTH] });
    expect(mf).toMatchObject({ user_id: u.id, company_id: happy.id, is_active: 1 });
    expect([...mf.zone_ids].sort()).toEqual([zone.NORTH, zone.SOUTH].sort());
    const ctx = await ctxFor(u.email);
    expect([...ctx.zoneIds!].sort()).toEqual([zone.NORTH, zone.SOUTH].sort());

    // The zones are replaced whole on edit; the context follows.
    const edited = await update(admin, { id: mf.id, zone_ids: [zone.WEST] });
    expect(edited.zone_ids).toEqual([zone.WEST]);
    expect((await ctxFor(u.email)).zoneIds).toEqual([zone.WEST]);
    const seen = await franchiseesCrud.list(await ctxFor(u.email), { rowsPerPage: "1000" });
    expect(seen.data.every((f) => f.zone_id === zone.WEST)).toBe(true);

    // Deactivated or deleted: they oversee no zone, so they see no franchisee.
    await update(admin, { id: mf.id, is_active: 0 });
    expect((await ctxFor(u.email)).zoneIds).toEqual([]);
    expect((await franchiseesCrud.list(await ctxFor(u.email), {})).data).toEqual([]);
  });

  it("checks the user, the zones and one live record per user", async () => {
    expect(await fieldErrorsOf(create(admin, {}))).toEqual({
      user_id: "The user field is required.",
      zone_ids: "The zones field is required.",
    });
    const u = await newUser("Bela");
    expect(await fieldErrorsOf(create(admin, { user_id: u.id, zone_ids: [] }))).toEqual({
      zone_ids: "The zones field is required.",
    });
    expect(await fieldErrorsOf(create(admin, { user_id: u.id, zone_ids: [zone.EAST, zone.EAST] }))).toEqual({
      "zone_ids.1": "The zones field has a duplicate value.",
    });
    // Another company's zone: refused at its index.
    const [wagZone] = await masterRows({ ...admin, companyId: wag.id }, ZONES_VALUE);
    expect(await fieldErrorsOf(create(admin, { user_id: u.id, zone_ids: [zone.EAST, wagZone.id] }))).toEqual({
      "zone_ids.1": MASTER_FRANCHISEE_MESSAGES.zoneInvalid,
    });
    // A customer, another company's master franchisee: not offered, refused.
    const customer = await newUser("Chetan", { roleId: ROLE_IDS[ROLE.USER] });
    const foreign = await newUser("Divya", { companyId: wag.id });
    for (const id of [customer.id, foreign.id])
      expect(await fieldErrorsOf(create(admin, { user_id: id, zone_ids: [zone.EAST] }))).toEqual({
        user_id: MASTER_FRANCHISEE_MESSAGES.userInvalid,
      });

    const first = await create(admin, { user_id: u.id, zone_ids: [zone.EAST] });
    expect(await fieldErrorsOf(create(admin, { user_id: u.id, zone_ids: [zone.WEST] }))).toEqual({
      user_id: MASTER_FRANCHISEE_MESSAGES.userTaken,
    });
    // Deleted, another may be made; restoring the first then clashes (409).
    await masterFranchiseesCrud.delete(admin, { id: first.id });
    const second = await create(admin, { user_id: u.id, zone_ids: [zone.WEST] });
    const clash = await failureOf(masterFranchiseesCrud.restore(admin, { id: first.id }));
    expect(clash.status).toBe(409);
    expect(clash.message).toBe(MASTER_FRANCHISEE_MESSAGES.userTaken);
    await masterFranchiseesCrud.delete(admin, { id: second.id });
    await masterFranchiseesCrud.restore(admin, { id: first.id });
    expect((await get(admin, first.id)).zone_ids).toEqual([zone.EAST]);
  });

  it("lists by the user's name or email, status and zone; deletes and restores through /api and the actions", async () => {
    const u1 = await newUser("Ishaan");
    const u2 = await newUser("Ishita");
    const a = await create(admin, { user_id: u1.id, zone_ids: [zone.NORTH, zone.EAST] });
    const b = await create(admin, { user_id: u2.id, zone_ids: [zone.SOUTH], is_active: 0 });
    const names = (r: { data: { user_name: string }[] }) => r.data.map((x) => x.user_name).sort();
    expect(names(await list(admin, { search_keyword: "ishaan" }))).toEqual(["Ishaan Overseer"]);
    expect(names(await list(admin, { search_keyword: u2.email }))).toEqual(["Ishita Overseer"]);
    expect(names(await list(admin, { search_keyword: "ish" }))).toEqual([
      "Ishaan Overseer",
      "Ishita Overseer",
    ]);
    expect(names(await list(admin, { search_keyword: "ish", is_active: "0" }))).toEqual(["Ishita Overseer"]);
    expect(names(await list(admin, { search_keyword: "ish", zone_id: String(zone.EAST) }))).toEqual([
      "Ishaan Overseer",
    ]);
    expect(names(await list(admin, { search_keyword: "ish", zone_id: encodeId(zone.SOUTH) }))).toEqual([
      "Ishita Overseer",
    ]);
    const row = (await list(admin, { search_keyword: "ishaan" })).data[0];
    expect(row.zones).toBe("EAST, NORTH");

    const del = await api("POST", `master_franchisees/delete/${b.id}`, { token });
    expect(del.json).toEqual({ message: "Master Franchisee deleted successfully." });
    const trash = await api("GET", "master_franchisees?show_deleted=1&search_keyword=ish", { token });
    expect((trash.json.data as { id: number }[]).map((x) => x.id)).toEqual([b.id]);
    const res = await api("POST", `master_franchisees/restore/${b.id}`, { token });
    expect(res.json).toEqual({ message: "Master Franchisee restored successfully." });
    expect(await actions.deleteMasterFranchiseeAction(encodeId(a.id))).toMatchObject({ ok: true });
    expect(await actions.restoreMasterFranchiseeAction(encodeId(a.id))).toMatchObject({ ok: true });

    const one = await api("GET", `master_franchisees/${a.id}`, { token });
    expect(one.json.data).toMatchObject({ user_id: u1.id, user_name: "Ishaan Overseer", email: u1.email });
    const patch = await api("PATCH", `master_franchisees/${a.id}`, {
      token,
      body: { zone_ids: [zone.WEST] },
    });
    expect(patch.status).toBe(200);
    expect(
      await db
        .select()
        .from(masterFranchiseeZones)
        .where(eq(masterFranchiseeZones.master_franchisee_id, a.id)),
    ).toEqual([{ master_franchisee_id: a.id, zone_id: zone.WEST }]);
    const exp = await api("GET", "master_franchisee_exports?search_keyword=ish", { token });
    expect(exp.json.data).toMatch(/^\/api\/download\?/);
  });

  it("answers the form's users and zones (masters?context=master_franchisees), and refuses other companies", async () => {
    const u = await newUser("Kabir");
    await newUser("Lata", { roleId: ROLE_IDS[ROLE.USER] });
    const r = await api("GET", "masters?context=master_franchisees", { token });
    expect(r.status).toBe(200);
    const data = r.json.data as {
      users: { id: number; user_name: string }[];
      zones: { description: string }[];
    };
    expect(data.users.map((x) => x.user_name)).toContain("Kabir Overseer");
    expect(data.users.map((x) => x.user_name)).not.toContain("Lata Overseer");
    expect(data.zones.map((z) => z.description)).toEqual(["EAST", "NORTH", "SOUTH", "WEST"]);

    const foreignUser = await newUser("Manav", { companyId: wag.id });
    const wagAdmin = await ctxFor(adminEmail);
    const wagRecord = await create(
      { ...wagAdmin, companyId: wag.id },
      {
        user_id: foreignUser.id,
        zone_ids: [(await masterRows({ ...admin, companyId: wag.id }, ZONES_VALUE))[0].id],
      },
    );
    expect((await failureOf(get(admin, wagRecord.id))).status).toBe(404);
    expect((await api("GET", `master_franchisees/${wagRecord.id}`, { token })).status).toBe(404);
    expect(u.id).toBeGreaterThan(0);
  });
});
