import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  companies,
  franchiseeCareerRequests,
  franchiseeKycDocuments,
  franchisees,
  kycDocumentTypes,
  notifications,
  positions,
  users,
} from "@/db/schema";
import {
  FRANCHISEE_MESSAGES,
  careerRequestPrefill,
  franchiseeApproval,
  franchiseesCrud,
} from "@/lib/franchise/franchisees";
import { decide, pendingOf } from "@/lib/platform/approval";
import { masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { latestMailTo } from "@/lib/platform/mail";
import { verifyResetCode } from "@/lib/platform/password-reset";
import { hashPassword } from "@/lib/platform/passwords";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import {
  adminEmail,
  api,
  ctxFor,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  EMPTY_LIST,
  seeded,
  tokenFor,
} from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/franchisees/actions");

const { create, update, get, list } = franchiseesCrud;

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
/** A valid form for a new franchisee (a fresh email each time). */
const form = (o: Record<string, unknown> = {}) => ({
  name: `Test Franchisee ${++n}`,
  email: `franchisee.${n}.${Date.now()}@franchise.test`,
  phone: "+91 98200 55555",
  address: "1 Test Road, Mumbai",
  description: "Dog walking in the suburbs",
  ...o,
});

/** A franchisee row written directly (list fixtures), in Happy Paws unless told. */
async function insertFranchisee(v: Partial<typeof franchisees.$inferInsert> & { name: string }) {
  const [row] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, ...v })
    .returning();
  return row;
}

const names = (r: { data: { name: string }[] }) => r.data.map((x) => x.name);

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  const rows = await masterRows(admin, ZONES_VALUE);
  zone = Object.fromEntries(rows.map((r) => [r.description, r.id])) as typeof zone;
  expect(Object.keys(zone).sort()).toEqual(["EAST", "NORTH", "SOUTH", "WEST"]);
});

describe("franchisees list", () => {
  it("searches, filters by status, approval, KYC, zone and expiring KYC, sorts by name, opens the trash", async () => {
    const [type] = await db
      .insert(kycDocumentTypes)
      .values({ company_id: happy.id, code: "ZLIC", description: "ZETA LICENCE", requires_expiry: 1 })
      .returning();
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const alpha = await insertFranchisee({
      name: "Zeta Alpha",
      email: "zeta.alpha@list.test",
      phone: "+91 90000 77001",
      zone_id: zone.NORTH,
      status: 1,
      is_kyc_valid: 1,
    });
    const beta = await insertFranchisee({
      name: "Zeta Beta",
      phone: "+91 90000 77002",
      zone_id: zone.SOUTH,
      status: 2,
      is_active: 0,
    });
    const gamma = await insertFranchisee({ name: "Zeta Gamma", zone_id: zone.NORTH });
    const delta = await insertFranchisee({ name: "Zeta Delta", zone_id: zone.EAST });
    await insertFranchisee({ name: "Zeta Wag", company_id: wag.id });
    const doc = (franchisee_id: number, expires_on: string, status = 1) => ({
      company_id: happy.id,
      franchisee_id,
      document_type_id: type.id,
      document_name: "ZETA LICENCE",
      status,
      expires_on,
    });
    await db.insert(franchiseeKycDocuments).values([
      doc(gamma.id, day(10)), // expiring within 30 days
      doc(delta.id, day(45)), // later
      doc(beta.id, day(-2)), // already expired: not "expiring"
      doc(alpha.id, day(5), 0), // pending: not counted
    ]);

    const all = await list(admin, { search_keyword: "zeta" });
    // Sorted by name; Wag Nation's is never seen.
    expect(names(all)).toEqual(["Zeta Alpha", "Zeta Beta", "Zeta Delta", "Zeta Gamma"]);
    expect(all.data[0]).toMatchObject({ zone: "NORTH", status: 1, is_kyc_valid: 1, is_active: 1 });

    expect(names(await list(admin, { search_keyword: "zeta.alpha@list" }))).toEqual(["Zeta Alpha"]);
    expect(names(await list(admin, { search_keyword: "90000 77002" }))).toEqual(["Zeta Beta"]);
    expect(names(await list(admin, { search_keyword: "zeta", is_active: "0" }))).toEqual(["Zeta Beta"]);
    expect(names(await list(admin, { search_keyword: "zeta", status: "2" }))).toEqual(["Zeta Beta"]);
    expect(names(await list(admin, { search_keyword: "zeta", status: "0" }))).toEqual([
      "Zeta Delta",
      "Zeta Gamma",
    ]);
    expect(names(await list(admin, { search_keyword: "zeta", is_kyc_valid: "1" }))).toEqual(["Zeta Alpha"]);
    expect(names(await list(admin, { search_keyword: "zeta", zone_id: String(zone.NORTH) }))).toEqual([
      "Zeta Alpha",
      "Zeta Gamma",
    ]);
    // The portal sends opaque ids.
    expect(names(await list(admin, { search_keyword: "zeta", zone_id: encodeId(zone.EAST) }))).toEqual([
      "Zeta Delta",
    ]);
    expect(names(await list(admin, { search_keyword: "zeta", kyc_expiring: "1" }))).toEqual(["Zeta Gamma"]);

    // The spec's client sends role_id=4 and position_id: accepted and ignored.
    const r = await api(
      "GET",
      "franchisees?search_keyword=zeta&role_id=4&position_id=3&page=1&rowsPerPage=2",
      {
        token,
      },
    );
    expect(r.status).toBe(200);
    expect((r.json.data as { name: string }[]).map((x) => x.name)).toEqual(["Zeta Alpha", "Zeta Beta"]);
    const page2 = await api("GET", "franchisees?search_keyword=zeta&role_id=4&page=2&rowsPerPage=2", {
      token,
    });
    expect((page2.json.data as { name: string }[]).map((x) => x.name)).toEqual(["Zeta Delta", "Zeta Gamma"]);
    expect((await list(admin, { search_keyword: "zeta" })).count).toBe(4);
    expect((await api("GET", "franchisees?status=7", { token })).status).toBe(422);
    expect((await api("GET", "franchisees?kyc_expiring=2", { token })).status).toBe(422);
    expect((await api("GET", "franchisees?search_keyword=zzz-none", { token })).json).toEqual(EMPTY_LIST);
  });

  it("deletes into the trash and restores, with the spec's texts", async () => {
    const f = await insertFranchisee({ name: "Trash Franchisee" });
    const del = await api("POST", `franchisees/delete/${f.id}`, { token });
    expect(del.json).toEqual({ message: "Franchisee deleted successfully." });
    expect(names(await list(admin, { search_keyword: "trash franchisee" }))).toEqual([]);
    const trash = await api("GET", "franchisees?show_deleted=1&search_keyword=trash%20franchisee", { token });
    expect((trash.json.data as { name: string }[]).map((x) => x.name)).toEqual(["Trash Franchisee"]);
    expect((await failureOf(get(admin, f.id))).status).toBe(404);
    const res = await api("POST", `franchisees/restore/${f.id}`, { token });
    expect(res.json).toEqual({ message: "Franchisee restored successfully." });
    expect((await get(admin, f.id)).name).toBe("Trash Franchisee");

    // The screen's actions answer the same.
    expect(await actions.deleteFranchiseeAction(encodeId(f.id))).toMatchObject({ ok: true });
    expect(await actions.restoreFranchiseeAction(encodeId(f.id))).toMatchObject({ ok: true });
  });

  it("exports through a download link, at the spec's path and the usual one", async () => {
    for (const path of [
      "franchisees/excel_export?role_id=4&search_keyword=zeta",
      "franchisee_exports?status=1",
    ]) {
      const r = await api("GET", path, { token });
      expect(r.status, path).toBe(200);
      expect(r.json.data).toMatch(/^\/api\/download\?/);
    }
  });

  it("answers the zones for the form and the filter (masters?context=franchisees)", async () => {
    const r = await api("GET", "masters?context=franchisees", { token });
    expect(r.status).toBe(200);
    expect((r.json.data as { zones: { description: string }[] }).zones.map((z) => z.description)).toEqual([
      "EAST",
      "NORTH",
      "SOUTH",
      "WEST",
    ]);
  });
});

describe("saving a franchisee", () => {
  it("requires name, email, phone, address and description", async () => {
    expect(await fieldErrorsOf(create(admin, { name: " " }))).toEqual({
      name: "The name field is required.",
      email: "The email field is required.",
      phone: "The phone field is required.",
      address: "The address field is required.",
      description: "The description field is required.",
    });
    const r = await api("POST", "franchisees", { token, body: { name: "Half" } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors as object).sort()).toEqual(["address", "description", "email", "phone"]);
  });

  it("checks latitude, longitude and the zone", async () => {
    expect(await fieldErrorsOf(create(admin, form({ latitude: "91", longitude: "-180.5" })))).toEqual({
      latitude: "The latitude must be between -90 and 90.",
      longitude: "The longitude must be between -180 and 180.",
    });
    expect(await fieldErrorsOf(create(admin, form({ latitude: "north" })))).toEqual({
      latitude: "The latitude must be a number.",
    });
    // Another company's zone, or a row of another master: refused.
    const [wagZone] = await masterRows(await ctxFor(DEMO_LOGINS[ROLE.SUPER_ADMIN], wag.id), ZONES_VALUE);
    expect(await fieldErrorsOf(create(admin, form({ zone_id: wagZone.id })))).toEqual({
      zone_id: FRANCHISEE_MESSAGES.zone,
    });
    const ok = await create(admin, form({ latitude: "-90", longitude: "180", zone_id: String(zone.WEST) }));
    expect(ok).toMatchObject({ latitude: -90, longitude: 180, zone_id: zone.WEST, zone: "WEST" });
  });

  it("takes working hours on the hour or half hour, end not before start, errors under working_hours", async () => {
    const hours = (start_time: string, end_time: string) => create(admin, form({ start_time, end_time }));
    expect(await fieldErrorsOf(hours("09:15", "18:00"))).toEqual({
      working_hours: FRANCHISEE_MESSAGES.minutes,
    });
    expect(await fieldErrorsOf(hours("09:00", "18:45"))).toEqual({
      working_hours: FRANCHISEE_MESSAGES.minutes,
    });
    expect(await fieldErrorsOf(hours("18:00", "09:30"))).toEqual({
      working_hours: FRANCHISEE_MESSAGES.endBeforeStart,
    });
    expect(await fieldErrorsOf(hours("25:00", "26:00"))).toEqual({ working_hours: FRANCHISEE_MESSAGES.time });
    expect(await fieldErrorsOf(hours("09:00", ""))).toEqual({ working_hours: FRANCHISEE_MESSAGES.bothTimes });
    const f = await hours("09:30", "18:00");
    expect(f).toMatchObject({ start_time: "09:30:00", end_time: "18:00:00" });
    // An edit that sends one time is checked against the stored other one.
    expect(await fieldErrorsOf(update(admin, { id: f.id, end_time: "08:00" }))).toEqual({
      working_hours: FRANCHISEE_MESSAGES.endBeforeStart,
    });
    expect(await update(admin, { id: f.id, end_time: "09:30" })).toMatchObject({ end_time: "09:30:00" });
  });

  it("creates the franchisee's FRANCHISEE ADMIN user and mails them a welcome with a password code", async () => {
    const v = form({ name: "Admin Maker", email: "Owner.Maker@Franchise.test", zone_id: zone.NORTH });
    const r = await api("POST", "franchisees", { token, body: { ...v, role_id: 4 } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const f = r.json.data as { id: number; status: number; is_kyc_valid: number; company_id: number };
    expect(f).toMatchObject({ status: 0, company_id: happy.id });
    const [u] = await db.select().from(users).where(eq(users.franchisee_id, f.id));
    const [pos] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.company_id, happy.id), eq(positions.name, "FRANCHISEE ADMIN")));
    expect(u).toMatchObject({
      role_id: ROLE_IDS[ROLE.FRANCHISEE_ADMIN],
      position_id: pos.id,
      company_id: happy.id,
      first_name: "Admin Maker",
      email: "Owner.Maker@Franchise.test",
      phone: "+91 98200 55555",
    });
    expect(u.password_hash.startsWith("$argon2")).toBe(false);
    const mail = await latestMailTo("owner.maker@franchise.test");
    expect(mail?.subject).toBe("Your franchisee admin (Admin Maker) account is ready");
    // The code works on the forgot-password screen's step 1 (the account's first password).
    const code = /code (\d{10})/.exec(mail?.text ?? "")?.[1];
    await expect(verifyResetCode({ email: "owner.maker@franchise.test", otp: code })).resolves.toBeTruthy();

    // The seeded required franchisee document types got their placeholders.
    const docs = await db
      .select()
      .from(franchiseeKycDocuments)
      .where(eq(franchiseeKycDocuments.franchisee_id, f.id));
    const required = await db
      .select()
      .from(kycDocumentTypes)
      .where(
        and(
          eq(kycDocumentTypes.company_id, happy.id),
          eq(kycDocumentTypes.applies_to, 1),
          eq(kycDocumentTypes.is_required, 1),
        ),
      );
    expect(docs.length).toBe(required.filter((t) => t.deleted_at == null && t.is_active === 1).length);

    // An email some user already has (any company, any case) is refused, and nothing is written.
    const again = form({ name: "Twice", email: "owner.maker@FRANCHISE.test" });
    expect(await fieldErrorsOf(create(admin, again))).toEqual({ email: FRANCHISEE_MESSAGES.emailTaken });
    expect(await fieldErrorsOf(create(admin, form({ email: adminEmail })))).toEqual({
      email: FRANCHISEE_MESSAGES.emailTaken,
    });
    expect(await db.select().from(franchisees).where(eq(franchisees.name, "Twice"))).toEqual([]);
  });

  it("changes the zone inline: PATCH with zone_id alone", async () => {
    const f = await create(admin, form({ zone_id: zone.NORTH, start_time: "08:00", end_time: "20:00" }));
    const r = await api("PATCH", `franchisees/${f.id}`, { token, body: { zone_id: zone.SOUTH } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      zone_id: zone.SOUTH,
      zone: "SOUTH",
      start_time: "08:00:00",
      name: f.name,
    });
    const a = await actions.updateFranchiseeZoneAction(encodeId(f.id), String(zone.EAST));
    expect(a).toMatchObject({ ok: true });
    expect((await get(admin, f.id)).zone_id).toBe(zone.EAST);
    const bad = await actions.updateFranchiseeZoneAction(encodeId(f.id), "999999");
    expect(bad).toMatchObject({ ok: false, status: 422, fieldErrors: { zone_id: FRANCHISEE_MESSAGES.zone } });
  });

  it("lets only approvers set KYC done, approval status and rejection reason", async () => {
    const f = await create(admin, form());
    expect(await fieldErrorsOf(update(admin, { id: f.id, status: 2 }))).toEqual({
      rejection_reason: FRANCHISEE_MESSAGES.rejectionRequired,
    });
    const rejected = await update(admin, { id: f.id, status: "2", rejection_reason: "No shop yet" });
    expect(rejected).toMatchObject({ status: 2, rejection_reason: "No shop yet" });
    // Approving clears the reason; the KYC-done toggle is the admin's override.
    const approved = await update(admin, { id: f.id, status: 1, is_kyc_valid: 1 });
    expect(approved).toMatchObject({ status: 1, rejection_reason: null, is_kyc_valid: 1 });

    // A caller who may update but not approve: the same values pass, a change is refused (403).
    const editor: Ctx = {
      ...admin,
      permissions: new Set([...admin.permissions].filter((p) => p !== "franchisees.approve")),
    };
    expect((await failureOf(update(editor, { id: f.id, status: 0 }))).status).toBe(403);
    expect((await failureOf(update(editor, { id: f.id, is_kyc_valid: 0 }))).status).toBe(403);
    expect((await failureOf(update(editor, { id: f.id, rejection_reason: "x" }))).status).toBe(403);
    expect(
      await update(editor, { id: f.id, status: 1, is_kyc_valid: 1, name: "Kept Approval" }),
    ).toMatchObject({
      status: 1,
      is_kyc_valid: 1,
      name: "Kept Approval",
    });
    // A new franchisee is always pending, whatever a create sends.
    expect(await create(admin, form({ status: 1, is_kyc_valid: 1 }))).toMatchObject({ status: 0 });
  });

  it("approves or rejects a pending franchisee through the approval workflow: list action, /api, its admins told", async () => {
    const f = await create(admin, form());
    const [fAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.franchisee_id, f.id));
    const ok = await actions.decideFranchiseeAction(encodeId(f.id), "approve");
    expect(ok).toMatchObject({ ok: true, data: { status: 1 } });
    const [note] = await db.select().from(notifications).where(eq(notifications.user_id, fAdmin.id));
    expect(note).toMatchObject({ title: "Franchisee approved", link: `/franchisees/${encodeId(f.id)}` });
    // No longer pending: 409, by the action and by /api.
    expect(
      await actions.decideFranchiseeAction(encodeId(f.id), "reject", { rejection_reason: "x" }),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: FRANCHISEE_MESSAGES.notPending,
    });
    const g = await create(admin, form());
    const blank = await api("POST", `franchisees/reject/${g.id}`, { token, body: {} });
    expect(blank.status).toBe(422);
    expect(blank.json.errors).toEqual({ rejection_reason: [FRANCHISEE_MESSAGES.rejectionRequired] });
    const r = await api("POST", `franchisees/reject/${g.id}`, {
      token,
      body: { rejection_reason: "No shop" },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: g.id, status: 2, rejection_reason: "No shop", zone: null });
    // An editor without franchisees.approve may not decide (403).
    const h = await create(admin, form());
    const editor: Ctx = {
      ...admin,
      permissions: new Set([...admin.permissions].filter((p) => p !== "franchisees.approve")),
    };
    expect((await failureOf(decide(editor, franchiseeApproval, h.id, "approve"))).status).toBe(403);
    const pending = await pendingOf(admin, franchiseeApproval, { limit: 200 });
    expect(pending.data.map((d) => d.id)).toContain(h.id);
    expect(pending.data.map((d) => d.id)).not.toContain(g.id);
  });

  it("creates a franchisee from an approved, unused career request of the company", async () => {
    const request = async (status: number, companyId = happy.id) =>
      (
        await db
          .insert(franchiseeCareerRequests)
          .values({
            company_id: companyId,
            full_name: "Kiran Shah",
            email: `kiran.${status}.${companyId}.${Date.now()}@career.test`,
            phone_no: "+91 99887 66554",
            address: "22 Lake Road",
            city: "Pune",
            pin_code: "411001",
            zone_id: companyId === happy.id ? zone.EAST : null,
            business_description: "Pet grooming studio",
            status,
          })
          .returning()
      )[0];
    const approved = await request(1);
    const prefill = await careerRequestPrefill(admin, encodeId(approved.id));
    expect(prefill).toEqual({
      career_request_id: encodeId(approved.id),
      full_name: "Kiran Shah",
      name: "Kiran Shah",
      email: approved.email,
      phone: "+91 99887 66554",
      address: "22 Lake Road, Pune, 411001",
      zone_id: String(zone.EAST),
      description: "Pet grooming studio",
    });
    const { full_name: _n, ...values } = prefill!;
    void _n;
    const r = await actions.createFranchiseeAction(values);
    expect(r).toMatchObject({ ok: true });
    const [f] = await db.select().from(franchisees).where(eq(franchisees.career_request_id, approved.id));
    expect(f).toMatchObject({ name: "Kiran Shah", zone_id: zone.EAST });
    const [after] = await db
      .select()
      .from(franchiseeCareerRequests)
      .where(eq(franchiseeCareerRequests.id, approved.id));
    expect(after.created_record_id).toBe(f.id);
    // Used once: no second franchisee from it, and no prefill any more.
    expect(await fieldErrorsOf(create(admin, form({ career_request_id: approved.id })))).toEqual({
      career_request_id: FRANCHISEE_MESSAGES.careerRequestUsed,
    });
    expect(await careerRequestPrefill(admin, encodeId(approved.id))).toBeNull();
    const pending = await request(0);
    expect(await fieldErrorsOf(create(admin, form({ career_request_id: pending.id })))).toEqual({
      career_request_id: FRANCHISEE_MESSAGES.careerRequestNotApproved,
    });
    const foreign = await request(1, wag.id);
    expect(await fieldErrorsOf(create(admin, form({ career_request_id: encodeId(foreign.id) })))).toEqual({
      career_request_id: FRANCHISEE_MESSAGES.careerRequest,
    });
    expect(await fieldErrorsOf(create(admin, form({ career_request_id: "nonsense" })))).toEqual({
      career_request_id: FRANCHISEE_MESSAGES.careerRequest,
    });
  });
});

describe("who sees which franchisee", () => {
  it("a FRANCHISEE ADMIN sees their own franchisee only, read-only", async () => {
    const faEmail = DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN];
    const fa = await ctxFor(faEmail);
    expect(fa.franchiseeId).not.toBeNull();
    // They hold franchisees.view only: their "Franchisee Details" page, no list.
    expect((await failureOf(list(fa, {}))).status).toBe(403);
    expect((await get(fa, fa.franchiseeId!)).id).toBe(fa.franchiseeId);
    const other = await insertFranchisee({ name: "Not Theirs" });
    expect((await failureOf(get(fa, other.id))).status).toBe(404);
    expect((await failureOf(update(fa, { id: fa.franchiseeId, name: "Mine Now" }))).status).toBe(403);
    const faToken = await tokenFor(faEmail);
    expect((await api("GET", `franchisees/${other.id}`, { token: faToken })).status).toBe(404);
    expect((await api("GET", `franchisees/${fa.franchiseeId}`, { token: faToken })).status).toBe(200);
    expect((await api("GET", "franchisees", { token: faToken })).status).toBe(403);
  });

  it("a MASTER FRANCHISEE sees their zones' franchisees only (list, get, update, /api)", async () => {
    const mfEmail = "zone.master@franchise.test";
    const [mfUser] = await db
      .insert(users)
      .values({
        company_id: happy.id,
        role_id: ROLE_IDS[ROLE.MASTER_FRANCHISEE],
        first_name: "Zone",
        last_name: "Master",
        user_name: "Zone Master",
        email: mfEmail,
        password_hash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    await masterFranchiseesCrud.create(admin, { user_id: mfUser.id, zone_ids: [zone.SOUTH, zone.EAST] });
    const mf = await ctxFor(mfEmail);
    expect([...mf.zoneIds!].sort()).toEqual([zone.SOUTH, zone.EAST].sort());

    const south = await insertFranchisee({ name: "Mf South", zone_id: zone.SOUTH });
    const north = await insertFranchisee({ name: "Mf North", zone_id: zone.NORTH });
    await insertFranchisee({ name: "Mf Nowhere" });
    const seen = await list(mf, { search_keyword: "mf ", rowsPerPage: "100" });
    expect(names(seen)).toEqual(["Mf South"]);
    const everything = await list(mf, { rowsPerPage: "1000" });
    expect(everything.data.every((x) => x.zone_id === zone.SOUTH || x.zone_id === zone.EAST)).toBe(true);
    // A zone filter outside their zones narrows to nothing.
    expect(names(await list(mf, { zone_id: String(zone.NORTH) }))).toEqual([]);
    expect((await get(mf, south.id)).name).toBe("Mf South");
    expect((await failureOf(get(mf, north.id))).status).toBe(404);

    // Even with the update permission, another zone's franchisee is not found, and theirs stay in their zones.
    const mfEditor: Ctx = { ...mf, permissions: new Set([...mf.permissions, "franchisees.update"]) };
    expect((await failureOf(update(mfEditor, { id: north.id, name: "Taken" }))).status).toBe(404);
    expect(await fieldErrorsOf(update(mfEditor, { id: south.id, zone_id: zone.NORTH }))).toEqual({
      zone_id: FRANCHISEE_MESSAGES.zoneOutsideOwn,
    });
    expect(await update(mfEditor, { id: south.id, zone_id: zone.EAST })).toMatchObject({
      zone_id: zone.EAST,
    });
    // Without it (their default grants), the update action is refused.
    session.ctx = mf;
    try {
      expect(await actions.updateFranchiseeZoneAction(encodeId(south.id), String(zone.SOUTH))).toMatchObject({
        ok: false,
        status: 403,
      });
    } finally {
      session.ctx = admin;
    }

    const mfToken = await tokenFor(mfEmail);
    expect((await api("GET", `franchisees/${north.id}`, { token: mfToken })).status).toBe(404);
    expect((await api("GET", `franchisees/${south.id}`, { token: mfToken })).status).toBe(200);
    const r = await api("GET", "franchisees?search_keyword=mf%20&rowsPerPage=100", { token: mfToken });
    expect((r.json.data as { name: string }[]).map((x) => x.name)).toEqual(["Mf South"]);
  });
});
