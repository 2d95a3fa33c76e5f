import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { franchiseeKycDocuments, userPets } from "@/db/schema";
import { loadCustomerPage } from "@/lib/jobs/customer-page";
import { readWalkPolicy } from "@/lib/jobs/walk-policy";
import type { Ctx } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { versionOf } from "@/lib/platform/versions";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

// The workflow entities' own edit pages carry the record's version like every other edit (issue 24): the walk
// request policy, the customer page's pet and address dialogs, and the KYC document edit. A save over a change made
// since the page was opened is refused with 409 "This record was changed by <name> at <time>", with the current
// version (the form's conflict dialog offers Reload or Keep mine); a save with the current version goes through.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const policyActions = await import("@/app/(portal)/walk-request-policy/actions");
const customerActions = await import("@/app/(portal)/customers/[customerId]/actions");
const kycActions = await import("@/app/(portal)/franchisee-kyc-documents/actions");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let admin: Ctx;

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  admin = await ctxFor(adminEmail, happyId);
  session.ctx = admin;
});

const STALE = /^This record was changed by .+ at .+\.$/;

describe("the walk request policy's version", () => {
  it("a form opened on the default, or on an older save, is refused once a policy was saved since", async () => {
    const opened = await readWalkPolicy(admin);
    const values = { reschedule_quota: 3, refund_tiers: [{ min_hours: 24, refund_percent: 100 }] };
    const version = opened.updated_at ?? "";
    const first = await policyActions.saveWalkPolicyAction({ ...values, [VERSION_FIELD]: version });
    expect(first).toMatchObject({ ok: true });
    const saved = (first as { ok: true; data: { updated_at: string } }).data.updated_at;
    // Another admin's form, opened before that save: refused, naming who and when, with the current version.
    const stale = await policyActions.saveWalkPolicyAction({
      ...values,
      reschedule_quota: 5,
      [VERSION_FIELD]: version,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, version: saved });
    expect((stale as { message: string }).message).toMatch(STALE);
    expect((await readWalkPolicy(admin)).reschedule_quota).toBe(3);
    // Keep mine: the current version saves over it knowingly, and answers the next version.
    const over = await policyActions.saveWalkPolicyAction({
      ...values,
      reschedule_quota: 5,
      [VERSION_FIELD]: saved,
    });
    expect(over).toMatchObject({ ok: true });
    expect((over as { ok: true; data: { updated_at: string } }).data.updated_at).not.toBe(saved);
    expect((await readWalkPolicy(admin)).reschedule_quota).toBe(5);
  });
});

describe("PUT walk_request_policy with If-Match", () => {
  it("the current version saves and answers the next as its ETag; an older one answers 412 and saves nothing", async () => {
    const token = await tokenFor(adminEmail);
    const put = (quota: number, ifMatch?: string) =>
      api("PUT", "walk_request_policy", {
        token,
        body: { reschedule_quota: quota, refund_tiers: [{ min_hours: 12, refund_percent: 50 }] },
        headers: ifMatch ? { "if-match": ifMatch } : {},
      });
    const current = (await readWalkPolicy(admin)).updated_at;
    const first = await put(2, current ? `"${new Date(current).toISOString()}"` : undefined);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const etag = first.res.headers.get("etag");
    expect(etag).toBe(`"${(first.json.data as { updated_at: string }).updated_at}"`);
    const second = await put(4, etag!);
    expect(second.status).toBe(200);
    // The first answer's ETag is stale now: 412, naming who changed it, and the policy keeps the second save.
    const stale = await put(6, etag!);
    expect(stale.status).toBe(412);
    expect(String(stale.json.message)).toMatch(STALE);
    expect((await readWalkPolicy(admin)).reschedule_quota).toBe(4);
  });
});

describe("the customer page's pet dialog", () => {
  it("a save with the version the page showed succeeds; the same version again is refused", async () => {
    const [pet] = await db
      .select({ id: userPets.id, user_id: userPets.user_id })
      .from(userPets)
      .where(and(eq(userPets.company_id, happyId), isNull(userPets.deleted_at)))
      .limit(1);
    const page = await loadCustomerPage(admin, pet.user_id);
    const shown = page.pets.rows.find((p) => p.id === pet.id)!;
    const version = versionOf(shown)!;
    expect(version).toMatch(/^\d{4}-\d\d-\d\dT/);
    const save = (name: string, v: string) =>
      customerActions.savePetAction(encodeId(pet.user_id), encodeId(pet.id), { name, [VERSION_FIELD]: v });
    expect(await save("Versioned One", version)).toMatchObject({ ok: true });
    const stale = await save("Versioned Two", version);
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect((stale as { message: string }).message).toMatch(STALE);
    const [row] = await db.select({ name: userPets.name }).from(userPets).where(eq(userPets.id, pet.id));
    expect(row.name).toBe("Versioned One");
  });
});

describe("the KYC document edit", () => {
  it("a save carrying a version older than the record's is refused (the form now sends the version)", async () => {
    const [doc] = await db
      .select()
      .from(franchiseeKycDocuments)
      .where(and(eq(franchiseeKycDocuments.company_id, happyId), isNull(franchiseeKycDocuments.deleted_at)))
      .limit(1);
    const version = versionOf(doc)!;
    const stale = await kycActions.updateFranchiseeKycDocumentAction(encodeId(doc.id), {
      document_name: "Renamed meanwhile",
      [VERSION_FIELD]: new Date(new Date(version).getTime() - 60_000).toISOString(),
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect((stale as { message: string }).message).toMatch(STALE);
    const fresh = await kycActions.updateFranchiseeKycDocumentAction(encodeId(doc.id), {
      document_name: "Renamed",
      [VERSION_FIELD]: version,
    });
    expect(fresh).toMatchObject({ ok: true });
  });
});
