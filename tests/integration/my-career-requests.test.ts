import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditRecords,
  companies,
  franchisees,
  kycDocumentTypes,
  notifications,
  petWalkieCareerRequests,
  positions,
  userKycDocuments,
  users,
} from "@/db/schema";
import { careerRequestRef, CAREER_MESSAGES } from "@/lib/franchise/career-requests";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { encodeId } from "@/lib/platform/ids";
import { hashPassword } from "@/lib/platform/passwords";
import { POSITION } from "@/lib/platform/permissions";
import { adminEmail, api, seeded, tokenFor } from "../support/fixtures";

// Issue 22, the applicant: GET my_career_requests (own applications of every kind), the applicant notified of a
// decision, and "Create staff user" promoting an existing app user's account instead of making a second one.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let adminToken: string;
let n = 0;
const PASSWORD = "Applicant#2026pw";

type Mine = {
  kind: string;
  id: number;
  status: number;
  status_label: string;
  rejection_reason: string | null;
  created_record_id: number | null;
};

async function positionId(name: string) {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, name), isNull(positions.deleted_at)));
  return p.id;
}

/** A fresh customer of the app (role USER, CUSTOMER position) with a password, and a token of theirs. */
async function applicant() {
  const t = `${Date.now().toString(36)}${++n}`;
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: 4,
      position_id: await positionId(POSITION.CUSTOMER),
      first_name: "Applicant",
      last_name: t,
      user_name: `Applicant ${t}`,
      email: `applicant.${t}@app.test`,
      password_hash: await hashPassword(PASSWORD),
    })
    .returning();
  return { user: u, token: await issueApiToken(u.id) };
}

const apply = async (token: string, path: string, body: Record<string, unknown>) => {
  const r = await api("POST", path, { token, body });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json.data as { id: number }).id;
};
const walker = (name: string) => ({ user_name: name, phone_no: "+91 98200 70001", is_experienced: 1 });

const mine = async (token: string) => {
  const r = await api("GET", "my_career_requests", { token });
  expect(r.status).toBe(200);
  return r.json.data as Mine[];
};
const noticesOf = (userId: number) =>
  db
    .select({ title: notifications.title, body: notifications.body, company_id: notifications.company_id })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .orderBy(asc(notifications.id));

beforeAll(async () => {
  ({ db, happy } = await seeded());
  adminToken = await tokenFor(adminEmail);
});

describe("GET my_career_requests", () => {
  it("answers the caller's own applications of every kind, newest first; nobody else's", async () => {
    const a = await applicant();
    const b = await applicant();
    const walkie = await apply(a.token, "pet_walkie_career_requests", walker("A Walker"));
    const fr = await apply(a.token, "franchisee_career_requests", {
      full_name: "A Franchisee",
      phone_no: "+91 98200 70002",
    });
    const day = await apply(a.token, "daycare_career_requests", {
      full_name: "A Daycare",
      phone_no: "+91 98200 70003",
    });
    const other = await apply(b.token, "pet_walkie_career_requests", walker("B Walker"));

    const list = await mine(a.token);
    expect(list.map((r) => [r.kind, r.id])).toEqual([
      ["daycare", day],
      ["franchisee", fr],
      ["pet_walkie", walkie],
    ]);
    expect(list[2]).toMatchObject({
      kind_label: "Pet Walkie",
      name: "A Walker",
      status: 0,
      status_label: "PENDING",
      rejection_reason: null,
      created_record_id: null,
    });
    expect((await mine(b.token)).map((r) => r.id)).toEqual([other]);
    // A staff member with no application of their own gets an empty list.
    expect(await mine(adminToken)).toEqual([]);
    // A deleted application leaves the list.
    await api("POST", `daycare_career_requests/delete/${day}`, { token: adminToken });
    expect((await mine(a.token)).map((r) => r.kind)).toEqual(["franchisee", "pet_walkie"]);
    // Signed in is enough; no token is 401.
    expect((await api("GET", "my_career_requests")).status).toBe(401);
  });

  it("shows the decision and its remark, and tells the applicant (approve, reject, the review's status)", async () => {
    const a = await applicant();
    const walkie = await apply(a.token, "pet_walkie_career_requests", walker("Decided Walker"));
    const trainer = await apply(a.token, "pet_trainer_career_requests", {
      user_name: "Decided Trainer",
      phone_no: "+91 98200 70004",
    });
    const fr = await apply(a.token, "franchisee_career_requests", {
      full_name: "Decided Franchisee",
      phone_no: "+91 98200 70005",
    });
    expect(await noticesOf(a.user.id)).toEqual([]);

    const rej = await api("POST", `pet_walkie_career_requests/reject/${walkie}`, {
      token: adminToken,
      body: { rejection_reason: "No openings in your area yet" },
    });
    expect(rej.status).toBe(200);
    const ok = await api("POST", `pet_trainer_career_requests/approve/${trainer}`, {
      token: adminToken,
      body: {},
    });
    expect(ok.status).toBe(200);
    // The review form's status change is a decision too.
    const reviewed = await api("PATCH", `franchisee_career_requests/${fr}`, {
      token: adminToken,
      body: { status: 1 },
    });
    expect(reviewed.status).toBe(200);
    // Saving the review again without a status change tells nobody twice.
    await api("PATCH", `franchisee_career_requests/${fr}`, { token: adminToken, body: { is_active: 1 } });

    expect(await noticesOf(a.user.id)).toEqual([
      {
        title: "Your pet walker application has been rejected.",
        body: "Reason: No openings in your area yet",
        company_id: happy.id,
      },
      { title: "Your pet trainer application has been approved.", body: null, company_id: happy.id },
      { title: "Your franchisee application has been approved.", body: null, company_id: happy.id },
    ]);
    // The applicant reads them through their own notifications.
    const bell = await api("GET", "notifications", { token: a.token });
    expect(bell.status).toBe(200);
    expect(JSON.stringify(bell.json)).toContain("Your pet walker application has been rejected.");

    const byKind = Object.fromEntries((await mine(a.token)).map((r) => [r.kind, r]));
    expect(byKind.pet_walkie).toMatchObject({
      status: 2,
      status_label: "REJECTED",
      rejection_reason: "No openings in your area yet",
    });
    expect(byKind.pet_trainer).toMatchObject({ status: 1, status_label: "APPROVED", rejection_reason: null });
    expect(byKind.franchisee).toMatchObject({ status: 1, status_label: "APPROVED" });
  });

  it("answers request_by {id, user_name} on the list and the item (spec 002 §3)", async () => {
    const a = await applicant();
    const id = await apply(a.token, "daycare_career_requests", {
      full_name: "Shape Daycare",
      phone_no: "+91 98200 70006",
    });
    const item = await api("GET", `daycare_career_requests/${id}`, { token: adminToken });
    expect(item.json.data).toMatchObject({
      request_by: { id: a.user.id, user_name: a.user.user_name },
      request_by_id: a.user.id,
    });
    const list = await api("GET", "daycare_career_requests?search_keyword=Shape Daycare", {
      token: adminToken,
    });
    expect(list.json.data).toEqual([
      expect.objectContaining({ id, request_by: { id: a.user.id, user_name: a.user.user_name } }),
    ]);
    // The walker list has it too; a paper application's is null.
    const paper = await apply(adminToken, "pet_walkie_career_requests", walker("Paper Walker"));
    const papers = await api("GET", "pet_walkie_career_requests?search_keyword=Paper Walker", {
      token: adminToken,
    });
    expect(papers.json.data).toEqual([
      expect.objectContaining({ id: paper, request_by: null, request_by_id: null }),
    ]);
  });
});

describe("Create staff user from an app user's approved application", () => {
  it("promotes the applicant's own account: same id and login, new position and franchisee, linked, audited", async () => {
    const a = await applicant();
    const id = await apply(a.token, "pet_walkie_career_requests", walker("Promoted Walker"));
    expect(
      (await api("POST", `pet_walkie_career_requests/approve/${id}`, { token: adminToken })).status,
    ).toBe(200);
    const [fr] = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(and(eq(franchisees.company_id, happy.id), isNull(franchisees.deleted_at)))
      .orderBy(asc(franchisees.id))
      .limit(1);
    const staff = await positionId(POSITION.FRANCHISEE_STAFF);
    const ref = careerRequestRef("walkie", encodeId(id));
    // The form as "Create staff user" fills it (the application's name and phone; the account's email).
    const r = await api("POST", "users", {
      token: adminToken,
      body: {
        first_name: "Promoted",
        last_name: "Walker",
        email: a.user.email,
        phone: "+91 98200 70001",
        position_id: staff,
        franchisee_id: fr.id,
        career_request: ref,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ id: a.user.id, position_id: staff, franchisee_id: fr.id });

    // One account: the same row, its login and names kept.
    const same = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${a.user.email}`);
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({
      id: a.user.id,
      role_id: 4,
      position_id: staff,
      franchisee_id: fr.id,
      first_name: a.user.first_name,
      password_hash: a.user.password_hash,
    });
    const [linked] = await db
      .select({ created: petWalkieCareerRequests.created_record_id })
      .from(petWalkieCareerRequests)
      .where(eq(petWalkieCareerRequests.id, id));
    expect(linked.created).toBe(a.user.id);
    expect((await mine(a.token)).find((x) => x.id === id)?.created_record_id).toBe(a.user.id);

    // Audited as an update of the user (old and new position and franchisee).
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "users"), eq(auditRecords.entity_id, a.user.id)))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit).toMatchObject({ action: "update", company_id: happy.id });
    expect(audit.old_json).toMatchObject({ position_id: a.user.position_id, franchisee_id: null });
    expect(audit.new_json).toMatchObject({ position_id: staff, franchisee_id: fr.id });
    expect(JSON.stringify(audit.new_json)).not.toContain("password");

    // The staff KYC placeholders the ordinary create makes.
    const required = await db
      .select({ id: kycDocumentTypes.id })
      .from(kycDocumentTypes)
      .where(
        and(
          eq(kycDocumentTypes.company_id, happy.id),
          eq(kycDocumentTypes.applies_to, 2),
          eq(kycDocumentTypes.is_required, 1),
          eq(kycDocumentTypes.is_active, 1),
          isNull(kycDocumentTypes.deleted_at),
        ),
      );
    const placeholders = await db
      .select({ id: userKycDocuments.id })
      .from(userKycDocuments)
      .where(and(eq(userKycDocuments.user_id, a.user.id), isNull(userKycDocuments.deleted_at)));
    expect(required.length).toBeGreaterThan(0);
    expect(placeholders.length).toBe(required.length);

    // The old password still signs in, as the same account.
    const login = await api("POST", "login", { body: { email: a.user.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const me = await api("GET", "me", { token: (login.json as { token: string }).token });
    expect(JSON.stringify(me.json)).toContain(`"id":${a.user.id}`);

    // Once: a second "Create staff user" from the same application is refused.
    const again = await api("POST", "users", {
      token: adminToken,
      body: {
        first_name: "Promoted",
        last_name: "Walker",
        email: a.user.email,
        position_id: staff,
        franchisee_id: fr.id,
        career_request: ref,
      },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(CAREER_MESSAGES.alreadyCreated);
  });

  it("checks the form as any save: a bad position is 422 and leaves the account and the application alone", async () => {
    const a = await applicant();
    const id = await apply(a.token, "pet_walkie_career_requests", walker("Refused Walker"));
    await api("POST", `pet_walkie_career_requests/approve/${id}`, { token: adminToken });
    const r = await api("POST", "users", {
      token: adminToken,
      body: {
        first_name: "Refused",
        last_name: "Walker",
        email: a.user.email,
        position_id: 99_999_999,
        career_request: careerRequestRef("walkie", encodeId(id)),
      },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors ?? {})).toContain("position_id");
    const [u] = await db.select().from(users).where(eq(users.id, a.user.id));
    expect(u.position_id).toBe(a.user.position_id);
    const [req] = await db
      .select({ created: petWalkieCareerRequests.created_record_id })
      .from(petWalkieCareerRequests)
      .where(eq(petWalkieCareerRequests.id, id));
    expect(req.created).toBeNull();
  });
});
