import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditRecords,
  franchiseeKycDocuments,
  franchisees,
  notifications,
  userKycDocuments,
  users,
} from "@/db/schema";
import { DEMO_LOGINS } from "@/lib/seed/demo";
import {
  franchiseeKycApproval,
  franchiseeKycDocumentsCrud as docs,
} from "@/lib/franchise/franchisee-kyc-documents";
import { decide, pendingOf } from "@/lib/platform/approval";
import { auditFileRead, KYC_MESSAGES } from "@/lib/franchise/kyc-common";
import { userKycDocumentsCrud as staffDocs } from "@/lib/franchise/user-kyc-documents";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { readStoredFile } from "@/lib/platform/file-access";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { mayViewRecord } from "@/lib/registry";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/franchisee-kyc-documents/actions");
const { GET: getFile } = await import("@/app/api/files/[...key]/route");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let admin: Ctx;
let mf: Ctx;
let fa: Ctx;
let otherFa: Ctx;
let andheri: number;
let powai: number;
let faToken: string;
let adminToken: string;

const pdf = (name = "doc.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")], name, {
    type: "application/pdf",
  });

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

type Doc = typeof franchiseeKycDocuments.$inferSelect;
const docsOf = (franchiseeId: number): Promise<Doc[]> =>
  db
    .select()
    .from(franchiseeKycDocuments)
    .where(
      and(eq(franchiseeKycDocuments.franchisee_id, franchiseeId), isNull(franchiseeKycDocuments.deleted_at)),
    )
    .orderBy(franchiseeKycDocuments.id);
const validity = async (id: number) =>
  (await db.select({ v: franchisees.is_kyc_valid }).from(franchisees).where(eq(franchisees.id, id)))[0].v;
const notesOf = (userId: number) => db.select().from(notifications).where(eq(notifications.user_id, userId));
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  admin = await ctxFor(adminEmail);
  mf = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE], happyId);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  andheri = fa.franchiseeId!;
  const [p] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, happyId), eq(franchisees.name, "Happy Paws Powai")));
  powai = p.id;
  // A franchisee admin of Powai (another franchisee, outside the master franchisee's WEST zone).
  const [faRow] = await db.select().from(users).where(eq(users.id, fa.userId));
  await db.insert(users).values({
    ...faRow,
    id: undefined,
    email: "powai.admin@happypaws.test",
    user_name: "Powai Admin",
    franchisee_id: powai,
    role_id: ROLE_IDS[ROLE.FRANCHISEE_ADMIN],
  });
  otherFa = await ctxFor("powai.admin@happypaws.test");
  faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  adminToken = await tokenFor(adminEmail);
});

describe("franchisee KYC documents: the list", () => {
  it("reads the spec's parameters: franchisee_id (plain or opaque), status, is_active, is_kyc_valid, keyword, trash", async () => {
    const own = await docsOf(andheri);
    expect(own.length).toBeGreaterThanOrEqual(3);
    const plain = await docs.list(admin, { franchisee_id: String(andheri), rowsPerPage: "100" });
    expect(plain.data.map((r) => r.id).sort()).toEqual(own.map((d) => d.id).sort());
    const opaque = await docs.list(admin, { franchisee_id: encodeId(andheri), rowsPerPage: "100" });
    expect(opaque.count).toBe(plain.count);
    expect((await docs.list(admin, { franchisee_id: String(andheri), status: "1" })).count).toBe(0);
    expect((await docs.list(admin, { franchisee_id: String(andheri), status: "0" })).count).toBe(own.length);
    expect((await docs.list(admin, { franchisee_id: String(andheri), is_active: "0" })).count).toBe(0);
    expect((await docs.list(admin, { is_kyc_valid: "1" })).count).toBe(0);
    const search = await docs.list(admin, { franchisee_id: String(andheri), search_keyword: "pan card" });
    expect(search.data.map((r) => r.document_name)).toEqual(["PAN CARD"]);
    expect((await docs.list(admin, { show_deleted: "1", franchisee_id: String(andheri) })).count).toBe(0);
    // The answer of /api: data and count, each row with its buttons and document type {id, code}.
    const r = await api(
      "GET",
      `franchisee_kyc_documents?page=1&rowsPerPage=10&franchisee_id=${andheri}&status=0&is_kyc_valid=0&show_deleted=0&is_active=1&search_keyword=card`,
      { token: adminToken },
    );
    expect(r.status).toBe(200);
    const row = (r.json.data as Record<string, unknown>[])[0];
    expect(row).toMatchObject({
      document_name: "PAN CARD",
      can_review: true,
      edit_label: "Review Kyc Document",
    });
    expect(row.document_type).toMatchObject({ code: "PAN" });
    expect(await failure(docs.list(admin, { status: "7" }))).toMatchObject({ status: 422 });
  });

  it("computes each row's buttons per role (spec 002 §2): submit, review, re-submit", async () => {
    const row = async (ctx: Ctx, id: number) =>
      (await docs.list(ctx, { rowsPerPage: "100" })).data.find((r) => r.id === id)!;
    const [pan] = (await docsOf(andheri)).filter((d) => d.document_name === "PAN CARD");
    // No file yet: the franchisee admin submits, admin and master franchisee review.
    expect(await row(fa, pan.id)).toMatchObject({
      can_submit: true,
      can_resubmit: false,
      can_review: false,
      edit_label: "Submit Document",
      document_url: null,
    });
    expect(await row(admin, pan.id)).toMatchObject({
      can_submit: false,
      can_review: true,
      edit_label: "Review Kyc Document",
    });
    expect(await row(mf, pan.id)).toMatchObject({ can_review: true, edit_label: "Review Kyc Document" });
    // Submitted: the franchisee admin has no button while it is reviewed.
    await docs.update(fa, { id: pan.id, document_path: pdf() });
    const submitted = await row(fa, pan.id);
    expect(submitted).toMatchObject({
      can_submit: false,
      can_resubmit: false,
      can_review: false,
      edit_label: null,
      status: 0,
    });
    expect(submitted.document_url).toMatch(/^\/api\/files\/franchisee_kyc_documents\//);
    // Rejected: re-submit for the franchisee admin; the reviewers keep their button.
    await docs.update(admin, { id: pan.id, status: 2, remark: "Blurred scan" });
    expect(await row(fa, pan.id)).toMatchObject({ can_resubmit: true, can_submit: false });
    expect(await row(admin, pan.id)).toMatchObject({ can_review: true, can_resubmit: false });
  });
});

describe("franchisee KYC documents: saving", () => {
  it("submit, reject, re-submit, approve: statuses, stamps, active flag and notifications", async () => {
    const [gst] = (await docsOf(andheri)).filter((d) => d.document_name === "GST CERTIFICATE");
    const adminNotes = (await notesOf(admin.userId)).length;
    // The franchisee admin's submission: pending, submitted_at stamped, the company's admins told.
    const sub = await docs.update(fa, {
      id: gst.id,
      document_name: "GST Certificate 2025",
      document_path: pdf(),
    });
    expect(sub).toMatchObject({ status: 0, is_active: 1, document_name: "GST Certificate 2025" });
    expect(sub.submitted_at).not.toBeNull();
    expect((await notesOf(admin.userId)).length).toBe(adminNotes + 1);
    // While it is reviewed, the franchisee admin cannot change it.
    expect(await failure(docs.update(fa, { id: gst.id, document_name: "x" }))).toMatchObject({
      status: 409,
      message: KYC_MESSAGES.locked,
    });
    // A rejection: inactive, reviewed by the admin, the franchisee's admins told with the reason.
    const faNotes = (await notesOf(fa.userId)).length;
    const rej = await docs.update(admin, {
      id: gst.id,
      status: 2,
      is_active: 1,
      remark: "Expired certificate",
    });
    expect(rej).toMatchObject({
      status: 2,
      is_active: 0,
      reviewed_by: admin.userId,
      remark: "Expired certificate",
    });
    const told = await notesOf(fa.userId);
    expect(told.length).toBe(faNotes + 1);
    expect(told.at(-1)!.body).toContain("Expired certificate");
    // The re-submission through the portal's action: pending again, active, a new file.
    session.ctx = fa;
    const r = await actions.updateFranchiseeKycDocumentAction(encodeId(gst.id), {
      document_name: "GST Certificate 2026",
      document_path: pdf("new.pdf"),
    });
    expect(r.ok).toBe(true);
    const [after] = await db
      .select()
      .from(franchiseeKycDocuments)
      .where(eq(franchiseeKycDocuments.id, gst.id));
    expect(after).toMatchObject({
      status: 0,
      is_active: 1,
      document_name: "GST Certificate 2026",
      remark: "Expired certificate",
    });
    expect(after.document_path).not.toBe(sub.document_path);
    // Approval.
    const ok = await docs.update(mf, { id: gst.id, status: 1 });
    expect(ok).toMatchObject({ status: 1, is_active: 1, reviewed_by: mf.userId });
  });

  it("refuses a non-reviewer's status, active flag or remark (403), and approving a document without a file (422)", async () => {
    const [shop] = (await docsOf(andheri)).filter((d) => d.document_name.startsWith("SHOP"));
    expect(await failure(docs.update(fa, { id: shop.id, status: 1 }))).toMatchObject({ status: 403 });
    expect(await failure(docs.update(fa, { id: shop.id, is_active: 0 }))).toMatchObject({ status: 403 });
    expect(await failure(docs.update(fa, { id: shop.id, remark: "fine" }))).toMatchObject({ status: 403 });
    const api403 = await api("PATCH", `franchisee_kyc_documents/${shop.id}`, {
      token: faToken,
      body: { status: 1 },
    });
    expect(api403.status).toBe(403);
    expect(
      await failure(docs.update(admin, { id: shop.id, status: 1, expires_on: future(100) })),
    ).toMatchObject({ status: 422, fieldErrors: { status: KYC_MESSAGES.noFileToApprove } });
    // The type asks for an expiry date; the document name is required (spec 002 §5: document_name).
    const e = await failure(docs.update(fa, { id: shop.id, document_name: "", document_path: pdf() }));
    expect(e.fieldErrors).toEqual({ document_name: "The document name field is required." });
    const x = await failure(docs.update(fa, { id: shop.id, document_path: pdf() }));
    expect(x.fieldErrors).toEqual({ expires_on: KYC_MESSAGES.expiryRequired });
    const [unchanged] = await db
      .select()
      .from(franchiseeKycDocuments)
      .where(eq(franchiseeKycDocuments.id, shop.id));
    expect(unchanged.document_path).toBeNull();
  });

  it("answers 208 with a title and sub-title to a second document of a type already submitted or approved, writing nothing", async () => {
    const [gst] = (await docsOf(andheri)).filter((d) => d.status === 1);
    const before = (await docsOf(andheri)).length;
    const form = new FormData();
    form.set("document_type_id", String(gst.document_type_id));
    form.set("document_name", "Another GST");
    form.set("document_path", pdf());
    const r = await api("POST", "franchisee_kyc_documents", { token: faToken, form });
    expect(r.status).toBe(208);
    expect(r.json).toMatchObject({
      title: KYC_MESSAGES.duplicateTitle,
      sub_title: "A GST CERTIFICATE for this franchisee is already pending review or approved.",
    });
    session.ctx = admin;
    const a = await actions.createFranchiseeKycDocumentAction({
      franchisee_id: String(andheri),
      document_type_id: String(gst.document_type_id),
      document_name: "Again",
    });
    expect(a).toMatchObject({ ok: false, status: 208, title: KYC_MESSAGES.duplicateTitle });
    expect((await docsOf(andheri)).length).toBe(before);
    // Another franchisee may file that type.
    const other = await docs.create(admin, {
      franchisee_id: powai,
      document_type_id: gst.document_type_id,
      document_name: "Powai GST",
      document_path: pdf(),
    });
    expect(other).toMatchObject({ franchisee_id: powai, status: 0 });
  });

  it("keeps the franchisee's KYC validity in step with approvals, rejections, expiry, delete and restore", async () => {
    const [f] = await db
      .insert(franchisees)
      .values({ company_id: happyId, name: "Validity Test Franchisee" })
      .returning();
    const { ensureKycRows, refreshKycValidity } = await import("@/lib/franchise/kyc-validity");
    await db.transaction(async (tx) => {
      await ensureKycRows(tx, happyId, { franchiseeId: f.id });
      await refreshKycValidity(tx, f.id);
    });
    const mine = await docsOf(f.id);
    expect(mine.map((d) => d.document_name).sort()).toEqual([
      "GST CERTIFICATE",
      "PAN CARD",
      "SHOP AND ESTABLISHMENT LICENCE",
    ]);
    expect(mine.every((d) => d.document_path == null && d.status === 0)).toBe(true);
    expect(await validity(f.id)).toBe(0);
    for (const d of mine) {
      await docs.update(admin, { id: d.id, document_path: pdf(), status: 1, expires_on: future(200) });
      expect(await validity(f.id)).toBe(d === mine.at(-1) ? 1 : 0);
    }
    await docs.update(admin, { id: mine[0].id, status: 2 });
    expect(await validity(f.id)).toBe(0);
    await docs.update(admin, { id: mine[0].id, status: 1 });
    expect(await validity(f.id)).toBe(1);
    // Past its expiry date: out of KYC-valid; renewed: back.
    await docs.update(admin, { id: mine[1].id, expires_on: future(-1) });
    expect(await validity(f.id)).toBe(0);
    await docs.update(admin, { id: mine[1].id, expires_on: future(365) });
    expect(await validity(f.id)).toBe(1);
    expect((await docs.list(admin, { is_kyc_valid: "1" })).data.every((r) => r.franchisee_id === f.id)).toBe(
      true,
    );
    // Delete and restore (through /api) recompute in the same transaction.
    expect(
      (await api("POST", `franchisee_kyc_documents/delete/${mine[2].id}`, { token: adminToken })).status,
    ).toBe(200);
    expect(await validity(f.id)).toBe(0);
    expect(
      (await api("POST", `franchisee_kyc_documents/restore/${mine[2].id}`, { token: adminToken })).status,
    ).toBe(200);
    expect(await validity(f.id)).toBe(1);
  });
});

describe("franchisee KYC documents: the review as a workflow (approval kernel)", () => {
  /** A fresh franchisee with its three placeholder documents. */
  async function freshFranchisee(name: string) {
    const [f] = await db.insert(franchisees).values({ company_id: happyId, name, zone_id: null }).returning();
    const { ensureKycRows } = await import("@/lib/franchise/kyc-validity");
    await db.transaction((tx) => ensureKycRows(tx, happyId, { franchiseeId: f.id }));
    return { f, mine: await docsOf(f.id) };
  }

  it("finds the one awaiting review: review=awaiting and not_submitted, and the inbox's pending items (files only)", async () => {
    const { f, mine } = await freshFranchisee("Review Filter Franchisee");
    await docs.update(admin, { id: mine[1].id, document_path: pdf() });
    const awaiting = await docs.list(admin, { franchisee_id: String(f.id), review: "awaiting" });
    expect(awaiting.data.map((r) => r.id)).toEqual([mine[1].id]);
    const notSubmitted = await docs.list(admin, { franchisee_id: String(f.id), review: "not_submitted" });
    expect(notSubmitted.data.map((r) => r.id).sort()).toEqual([mine[0].id, mine[2].id].sort());
    expect((await failure(docs.list(admin, { review: "maybe" }))).status).toBe(422);
    const pending = await pendingOf(admin, franchiseeKycApproval, { limit: 200 });
    const ids = pending.data.map((d) => d.id);
    expect(ids).toContain(mine[1].id);
    expect(ids).not.toContain(mine[0].id);
    expect(pending.data.find((d) => d.id === mine[1].id)).toMatchObject({
      franchisee: { id: f.id, name: "Review Filter Franchisee" },
      href: `/franchisee-kyc-documents/${encodeId(mine[1].id)}`,
    });
  });

  it("approve and reject from the list: reviewers only, a file needed, a remark required, validity and stamps kept", async () => {
    const { f, mine } = await freshFranchisee("Decision Franchisee");
    session.ctx = admin;
    // Without a file nothing is awaiting review: approving answers 409 and writes nothing.
    const noFile = await actions.decideFranchiseeKycDocumentAction(encodeId(mine[0].id), "approve");
    expect(noFile).toMatchObject({ ok: false, status: 409, message: KYC_MESSAGES.noFileToApprove });
    for (const d of mine)
      await docs.update(admin, { id: d.id, document_path: pdf(), expires_on: future(100) });
    // A franchisee admin does not review (403), even their own documents.
    expect((await failure(decide(fa, franchiseeKycApproval, mine[0].id, "approve"))).status).toBe(403);
    const blank = await failure(decide(admin, franchiseeKycApproval, mine[0].id, "reject", { remark: " " }));
    expect([blank.status, blank.fieldErrors]).toEqual([422, { remark: KYC_MESSAGES.remarkRequired }]);
    const rejected = await decide(admin, franchiseeKycApproval, mine[0].id, "reject", { remark: "Blurred" });
    expect(rejected).toMatchObject({ status: 2, is_active: 0, remark: "Blurred", reviewed_by: admin.userId });
    expect((await failure(decide(admin, franchiseeKycApproval, mine[0].id, "approve"))).status).toBe(409);
    for (const d of mine.slice(1)) await decide(admin, franchiseeKycApproval, d.id, "approve");
    expect(await validity(f.id)).toBe(0);
    // Re-submitted, then approved: the franchisee becomes KYC-valid in the decision's transaction.
    await docs.update(admin, { id: mine[0].id, document_path: pdf(), status: 0 });
    const r = await api("GET", `franchisee_kyc_documents/${mine[0].id}`, { token: adminToken });
    expect((r.json.data as { status: number }).status).toBe(0);
    const ok = await actions.decideFranchiseeKycDocumentAction(encodeId(mine[0].id), "approve");
    expect(ok).toMatchObject({ ok: true, data: { status: 1 } });
    expect(await validity(f.id)).toBe(1);
  });

  it("delete reverts an approval's effect (validity); restore is refused while another document of the type is live", async () => {
    const { f, mine } = await freshFranchisee("Restore Guard Franchisee");
    for (const d of mine) {
      await docs.update(admin, { id: d.id, document_path: pdf(), expires_on: future(100) });
      await decide(admin, franchiseeKycApproval, d.id, "approve");
    }
    expect(await validity(f.id)).toBe(1);
    await docs.delete(admin, { id: mine[0].id });
    expect(await validity(f.id)).toBe(0);
    // A new document of the same type, submitted: the deleted approved one cannot come back beside it.
    const again = await docs.create(admin, {
      franchisee_id: f.id,
      document_type_id: mine[0].document_type_id,
      document_name: mine[0].document_name,
      expires_on: future(100),
      document_path: pdf(),
    });
    const refused = await failure(docs.restore(admin, { id: mine[0].id }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/cannot be restored/);
    await docs.delete(admin, { id: again.id });
    await docs.restore(admin, { id: mine[0].id });
    expect(await validity(f.id)).toBe(1);
  });
});

describe("franchisee KYC documents: scopes and files", () => {
  it("answers 404 for another franchisee's document (franchisee admin) and another zone's (master franchisee): get, action, /api", async () => {
    const [p] = await docsOf(powai);
    expect(await failure(docs.get(fa, p.id))).toMatchObject({ status: 404 });
    expect(await failure(docs.update(fa, { id: p.id, document_name: "x" }))).toMatchObject({ status: 404 });
    session.ctx = fa;
    expect(
      await actions.updateFranchiseeKycDocumentAction(encodeId(p.id), { document_name: "x" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect((await api("GET", `franchisee_kyc_documents/${p.id}`, { token: faToken })).status).toBe(404);
    const form = new FormData();
    form.set("id", String(p.id));
    form.set("document_path", pdf());
    expect(
      (await api("POST", "franchisee_kyc_documents/upload_franchisee_kyc_document", { token: faToken, form }))
        .status,
    ).toBe(404);
    // The master franchisee oversees WEST: Powai's documents are not theirs, Andheri's are.
    expect(await failure(docs.get(mf, p.id))).toMatchObject({ status: 404 });
    expect(await failure(docs.update(mf, { id: p.id, status: 2 }))).toMatchObject({ status: 404 });
    const [a] = await docsOf(andheri);
    await expect(docs.get(mf, a.id)).resolves.toMatchObject({
      id: a.id,
      document_type: { id: a.document_type_id },
    });
    expect((await docs.list(mf, { rowsPerPage: "100" })).data.some((r) => r.franchisee_id === powai)).toBe(
      false,
    );
    expect((await docs.list(fa, { rowsPerPage: "100" })).data.every((r) => r.franchisee_id === andheri)).toBe(
      true,
    );
  });

  it("uploads through /api after the save, serves the file only to viewers and audits every download", async () => {
    const [shop] = (await docsOf(andheri)).filter((d) => d.document_name.startsWith("SHOP"));
    await docs.update(fa, { id: shop.id, expires_on: future(90) });
    const form = new FormData();
    form.set("id", encodeId(shop.id));
    form.set("document_path", pdf("licence.pdf"));
    const up = await api("POST", "franchisee_kyc_documents/upload_franchisee_kyc_document", {
      token: faToken,
      form,
    });
    expect(up.status).toBe(200);
    const key = (up.json.data as { document_path: string }).document_path;
    expect(key).toMatch(/\.pdf$/);
    expect(up.json.data).toMatchObject({ status: 0, document_url: `/api/files/${key}` });
    // A file that is neither a PDF nor an image is refused under the field.
    const bad = new FormData();
    bad.set("id", String(shop.id));
    bad.set("document_path", new File(["MZ not a pdf"], "x.pdf"));
    const refused = await api("POST", "franchisee_kyc_documents/upload_franchisee_kyc_document", {
      token: adminToken,
      form: bad,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toHaveProperty("document_path");

    const downloads = async () =>
      db
        .select()
        .from(auditRecords)
        .where(
          and(
            eq(auditRecords.entity, "franchisee_kyc_documents"),
            eq(auditRecords.entity_id, shop.id),
            eq(auditRecords.action, "download"),
          ),
        );
    const res = await getFile(
      new Request(`http://localhost/api/files/${key}`, { headers: { authorization: `Bearer ${faToken}` } }),
      { params: Promise.resolve({ key: key.split("/") }) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const rows = await downloads();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: fa.userId, company_id: happyId });
    expect(rows[0].new_json).toMatchObject({ key, original_name: "licence.pdf" });
    // Another franchisee's admin and the master franchisee of another zone: 404, nothing recorded.
    await expect(readStoredFile(otherFa, key, mayViewRecord, auditFileRead)).rejects.toMatchObject({
      status: 404,
    });
    const [powaiDoc] = (await docsOf(powai)).filter((d) => d.document_path);
    await expect(
      readStoredFile(mf, powaiDoc.document_path!, mayViewRecord, auditFileRead),
    ).rejects.toMatchObject({ status: 404 });
    await expect(readStoredFile(mf, key, mayViewRecord, auditFileRead)).resolves.toBeTruthy();
    expect((await downloads()).map((d) => d.actor_id)).toEqual([fa.userId, mf.userId]);
  });
});

describe("staff KYC documents", () => {
  it("are filed by the franchisee admin for their own staff, reviewed by the admin; the master franchisee has no access", async () => {
    const [staff] = await db
      .select()
      .from(users)
      .where(and(eq(users.franchisee_id, andheri), eq(users.role_id, ROLE_IDS[ROLE.USER])))
      .limit(1);
    const [powaiStaff] = await db
      .select()
      .from(users)
      .where(and(eq(users.franchisee_id, powai), eq(users.role_id, ROLE_IDS[ROLE.USER])))
      .limit(1);
    const types = await api("GET", "masters?context=user_kyc_documents", { token: faToken });
    expect(types.status).toBe(200);
    const aadhaar = (
      types.json.data as { document_types: { id: number; code: string }[] }
    ).document_types.find((t) => t.code === "AADHAAR")!;
    // Another franchisee's staff member is not theirs to file for.
    const e = await failure(
      staffDocs.create(fa, {
        user_id: powaiStaff.id,
        document_type_id: aadhaar.id,
        document_name: "Aadhaar",
      }),
    );
    expect(e.fieldErrors).toMatchObject({ user_id: "The selected user is invalid." });
    // Filing with the file: a submission. A pending placeholder of that type may exist (seeded for a few staff).
    await db
      .update(userKycDocuments)
      .set({ deleted_at: new Date() })
      .where(eq(userKycDocuments.user_id, staff.id));
    const d = await staffDocs.create(fa, {
      user_id: staff.id,
      document_type_id: aadhaar.id,
      document_name: "Aadhaar",
      document_path: pdf(),
    });
    expect(d).toMatchObject({ user_id: staff.id, franchisee_id: andheri, status: 0, is_active: 1 });
    const dup = await failure(
      staffDocs.create(fa, { user_id: staff.id, document_type_id: aadhaar.id, document_name: "Again" }),
    );
    expect(dup).toMatchObject({ status: 208, title: KYC_MESSAGES.duplicateTitle });
    const row = async (ctx: Ctx) =>
      (await staffDocs.list(ctx, { user_id: encodeId(staff.id) })).data.find((r) => r.id === d.id)!;
    expect(await row(fa)).toMatchObject({ can_submit: false, can_review: false, edit_label: null });
    expect(await row(admin)).toMatchObject({ can_review: true, edit_label: "Review Kyc Document" });
    expect(await failure(staffDocs.update(fa, { id: d.id, status: 1 }))).toMatchObject({ status: 403 });
    expect(await staffDocs.update(admin, { id: d.id, status: 2, remark: "Unreadable" })).toMatchObject({
      status: 2,
      is_active: 0,
    });
    expect(await row(fa)).toMatchObject({ can_resubmit: true });
    expect(await failure(staffDocs.get(otherFa, d.id))).toMatchObject({ status: 404 });
    expect(await failure(staffDocs.list(mf, {}))).toMatchObject({ status: 403 });
  });

  it("placeholders appear for a new staff member of a franchisee", async () => {
    const { createUser } = await import("@/lib/admin/users/users");
    const u = (await createUser(fa, {
      first_name: "Kyc",
      last_name: "Newcomer",
      email: "kyc.newcomer@happypaws.test",
      phone: "9876501234",
      position_id: (await db.select().from(users).where(eq(users.franchisee_id, andheri)).limit(1))[0]
        .position_id,
    })) as { id: number };
    const rows = await db.select().from(userKycDocuments).where(eq(userKycDocuments.user_id, u.id));
    expect(rows.map((r) => r.document_name).sort()).toEqual(["AADHAAR CARD", "POLICE VERIFICATION"]);
    expect(rows.every((r) => r.franchisee_id === andheri && r.document_path == null)).toBe(true);
  });
});
