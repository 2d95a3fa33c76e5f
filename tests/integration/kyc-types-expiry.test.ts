import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { franchiseeKycDocuments, franchisees, notifications } from "@/db/schema";
import { DEMO_LOGINS } from "@/lib/seed/demo";
import { franchiseeKycDocumentsCrud as docs } from "@/lib/franchise/franchisee-kyc-documents";
import { kycDocumentTypesCrud as types, KYC_TYPE_MESSAGES } from "@/lib/franchise/kyc-document-types";
import { sweepKycExpiry } from "@/lib/franchise/kyc-expiry";
import { ensureKycRows } from "@/lib/franchise/kyc-validity";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { ROLE } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let admin: Ctx;
let fa: Ctx;
let fresh: number;

const pdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n")], "d.pdf", {
    type: "application/pdf",
  });
const validity = async (id: number) =>
  (await db.select({ v: franchisees.is_kyc_valid }).from(franchisees).where(eq(franchisees.id, id)))[0].v;
const liveDocs = (franchiseeId: number) =>
  db
    .select()
    .from(franchiseeKycDocuments)
    .where(
      and(eq(franchiseeKycDocuments.franchisee_id, franchiseeId), isNull(franchiseeKycDocuments.deleted_at)),
    );
const notesOf = (userId: number) => db.select().from(notifications).where(eq(notifications.user_id, userId));

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

/** Approves every live document of a franchisee (with a file), expiring on `expires`. */
async function approveAll(franchiseeId: number, expires: string) {
  for (const d of await liveDocs(franchiseeId))
    if (d.status !== 1)
      await docs.update(admin, { id: d.id, document_path: pdf(), status: 1, expires_on: expires });
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  admin = await ctxFor(adminEmail);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  const [f] = await db
    .insert(franchisees)
    .values({ company_id: happyId, name: "Kyc Sweep Franchisee" })
    .returning();
  fresh = f.id;
  await db.transaction((tx) => ensureKycRows(tx, happyId, { franchiseeId: fresh }));
  await approveAll(fresh, "2099-12-31");
});

describe("KYC document types", () => {
  it("keep codes upper case and unique per kind among live types; list filters", async () => {
    const t = await types.create(admin, {
      code: "trade",
      description: "TRADE LICENCE",
      applies_to: 2,
      is_required: 0,
    });
    expect(t).toMatchObject({ code: "TRADE", applies_to: 2, is_required: 0, requires_expiry: 0 });
    const e = await failure(types.create(admin, { code: "Trade", description: "Again", applies_to: 2 }));
    expect(e).toMatchObject({ status: 422, fieldErrors: { code: KYC_TYPE_MESSAGES.codeTaken } });
    await expect(
      types.create(admin, { code: "TRADE", description: "For franchisees", applies_to: 1, is_required: 0 }),
    ).resolves.toMatchObject({ applies_to: 1 });
    const staff = await types.list(admin, { applies_to: "2", rowsPerPage: "100" });
    expect(staff.data.every((r) => r.applies_to === 2)).toBe(true);
    expect(staff.data.map((r) => r.code)).toEqual(expect.arrayContaining(["AADHAAR", "POLICE", "TRADE"]));
    expect((await types.list(admin, { search_keyword: "trade", is_required: "0" })).count).toBe(2);
  });

  it("a new required type: placeholders for every live franchisee, validity recomputed; delete and restore too", async () => {
    expect(await validity(fresh)).toBe(1);
    const t = await types.create(admin, {
      code: "FSSAI",
      description: "FSSAI LICENCE",
      applies_to: 1,
      requires_expiry: 1,
    });
    const placeholders = await db
      .select()
      .from(franchiseeKycDocuments)
      .where(eq(franchiseeKycDocuments.document_type_id, t.id));
    const live = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(and(eq(franchisees.company_id, happyId), isNull(franchisees.deleted_at)));
    expect(placeholders.map((p) => p.franchisee_id).sort()).toEqual(live.map((f) => f.id).sort());
    expect(
      placeholders.every((p) => p.document_name === "FSSAI LICENCE" && p.status === 0 && !p.document_path),
    ).toBe(true);
    expect(await validity(fresh)).toBe(0);
    // No longer required (or deleted): the franchisee is valid again; restored: not.
    await types.update(admin, { id: t.id, is_required: 0 });
    expect(await validity(fresh)).toBe(1);
    await types.update(admin, { id: t.id, is_required: 1 });
    expect(await validity(fresh)).toBe(0);
    const token = await tokenFor(adminEmail);
    expect((await api("POST", `kyc_document_types/delete/${t.id}`, { token })).status).toBe(200);
    expect(await validity(fresh)).toBe(1);
    expect((await api("POST", `kyc_document_types/restore/${t.id}`, { token })).status).toBe(200);
    expect(await validity(fresh)).toBe(0);
    // Its kind cannot change once documents of it exist.
    expect(await failure(types.update(admin, { id: t.id, applies_to: 2 }))).toMatchObject({
      fieldErrors: { applies_to: KYC_TYPE_MESSAGES.kindInUse },
    });
    await types.update(admin, { id: t.id, is_required: 0 });
    expect(await validity(fresh)).toBe(1);
  });

  it("masters answer each kind's live, active types", async () => {
    const token = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const fr = await api("GET", "masters?context=franchisee_kyc_documents", { token });
    const codes = (fr.json.data as { document_types: { code: string }[] }).document_types.map((t) => t.code);
    expect(codes).toEqual(expect.arrayContaining(["PAN", "GST", "SHOP"]));
    expect(codes).not.toContain("AADHAAR");
    const st = await api("GET", "masters?context=user_kyc_documents", { token });
    expect(
      (st.json.data as { document_types: { code: string }[] }).document_types.map((t) => t.code),
    ).toContain("AADHAAR");
  });
});

describe("the KYC expiry sweep", () => {
  it("reminds at 30 and 7 days once each, and drops the franchisee out of KYC-valid after the expiry date", async () => {
    const [doc] = await liveDocs(fresh);
    await docs.update(admin, { id: doc.id, expires_on: "2030-01-21" });
    expect(await validity(fresh)).toBe(1);
    const at = (day: string) => new Date(`${day}T04:00:00Z`);
    const adminBefore = (await notesOf(admin.userId)).length;

    const first = await sweepKycExpiry(at("2030-01-01"));
    expect(first).toMatchObject({ skipped: false, notified_30: 1, notified_7: 0, refreshed: 0 });
    const [r30] = await db.select().from(franchiseeKycDocuments).where(eq(franchiseeKycDocuments.id, doc.id));
    expect(r30.expiry_notified).toBe(30);
    const told = await notesOf(admin.userId);
    expect(told.length).toBe(adminBefore + 1);
    expect(told.at(-1)!.body).toContain("21-01-2030");
    // Idempotent: the same day again sends nothing.
    expect(await sweepKycExpiry(at("2030-01-02"))).toMatchObject({ notified_30: 0, notified_7: 0 });
    expect((await sweepKycExpiry(at("2030-01-15"))).notified_7).toBe(1);
    expect(await sweepKycExpiry(at("2030-01-16"))).toMatchObject({ notified_30: 0, notified_7: 0 });
    expect((await notesOf(admin.userId)).length).toBe(adminBefore + 2);
    // Still valid on its last day; out the day after.
    expect((await sweepKycExpiry(at("2030-01-21"))).refreshed).toBe(0);
    expect(await validity(fresh)).toBe(1);
    expect((await sweepKycExpiry(at("2030-01-22"))).refreshed).toBe(1);
    expect(await validity(fresh)).toBe(0);
    // A renewal (a new date, approved): valid again, reminders re-armed.
    const renewed = await docs.update(admin, { id: doc.id, expires_on: "2099-01-01", status: 1 });
    expect(renewed.expiry_notified).toBeNull();
    expect(await validity(fresh)).toBe(1);
  });

  it("tells the staff member's franchisee admins about a staff document", async () => {
    const { userKycDocumentsCrud } = await import("@/lib/franchise/user-kyc-documents");
    const mine = await userKycDocumentsCrud.list(admin, {
      franchisee_id: String(fa.franchiseeId),
      rowsPerPage: "100",
    });
    const d = mine.data.find((r) => r.document_type_code === "AADHAAR")!;
    await userKycDocumentsCrud.update(admin, {
      id: d.id,
      document_path: pdf(),
      status: 1,
      expires_on: "2031-03-10",
    });
    const before = (await notesOf(fa.userId)).length;
    expect((await sweepKycExpiry(new Date("2031-03-05T04:00:00Z"))).notified_7).toBe(1);
    expect((await notesOf(fa.userId)).length).toBe(before + 1);
  });

  it("runs for the acting company through /api for a reviewer; others are refused", async () => {
    const r = await api("POST", "kyc_documents/expiry_sweep", {
      token: await tokenFor(adminEmail),
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ skipped: false });
    const no = await api("POST", "kyc_documents/expiry_sweep", {
      token: await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]),
      body: {},
    });
    expect(no.status).toBe(403);
  });
});
