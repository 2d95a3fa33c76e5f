import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  companies,
  daycareCareerRequestReferences,
  franchisees,
  masterFranchiseeZones,
  masterFranchisees,
  petTrainerCareerRequests,
  petWalkieCareerRequests,
  positions,
  users,
} from "@/db/schema";
import { createUser } from "@/lib/admin/users/users";
import { CAREER_MESSAGES, careerRequestRef, staffPrefill } from "@/lib/franchise/career-requests";
import { daycareCareerRequest } from "@/lib/franchise/daycare-career-requests";
import {
  FRANCHISEE_REQUEST_MESSAGES,
  franchiseeCareerRequest,
} from "@/lib/franchise/franchisee-career-requests";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { petTrainerCareerRequest } from "@/lib/franchise/pet-trainer-career-requests";
import { petWalkieCareerRequest } from "@/lib/franchise/pet-walkie-career-requests";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

const walkie = petWalkieCareerRequest;
const trainer = petTrainerCareerRequest;
const franchisee = franchiseeCareerRequest;
const daycare = daycareCareerRequest;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let zones: Map<string, number>;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

let n = 0;
const tag = () => `Zq${Date.now().toString(36)}${++n}`;

/** A fresh user of Happy Paws with that role (an app user, a master franchisee). */
async function newUser(roleId: number, positionName: string) {
  const [pos] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(eq(positions.company_id, happy.id), eq(positions.name, positionName), isNull(positions.deleted_at)),
    );
  const t = tag().toLowerCase();
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: roleId,
      position_id: pos?.id ?? null,
      first_name: "Career",
      last_name: t,
      user_name: `Career ${t}`,
      email: `career.${t}@test.test`,
      password_hash: `!unset:${t}`,
    })
    .returning();
  return u;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  zones = new Map((await masterRows(admin, ZONES_VALUE)).map((z) => [z.description, z.id]));
});

describe("applications from the mobile app", () => {
  it("an app user's POST is theirs (request_by), pending; one pending application of a kind at a time", async () => {
    const app = await newUser(ROLE_IDS[ROLE.USER], POSITION.CUSTOMER);
    const appToken = await issueApiToken(app.id);
    const name = `Walker ${tag()}`;
    const r = await api("POST", "pet_walkie_career_requests", {
      token: appToken,
      body: { user_name: name, phone_no: "+91 98200 12345", age: "22", is_experienced: true },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      user_name: name,
      // The spec's request_by.user_name (002 §3); the id also as request_by_id.
      request_by: { id: app.id, user_name: expect.any(String) },
      request_by_id: app.id,
      status: 0,
      age: 22,
      is_experienced: 1,
      has_internet_access: 0,
      company_id: happy.id,
    });
    const again = await api("POST", "pet_walkie_career_requests", {
      token: appToken,
      body: { user_name: name, phone_no: "+91 98200 12345" },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(CAREER_MESSAGES.pendingExists);
    // Another kind is another application; the app user may not list them.
    const t = await api("POST", "pet_trainer_career_requests", {
      token: appToken,
      body: { user_name: name, phone_no: "+91 98200 12345", email: "x@y.test", gender: 2 },
    });
    expect(t.status).toBe(200);
    expect((t.json.data as { request_by: { id: number } }).request_by.id).toBe(app.id);
    expect((await api("GET", "pet_walkie_career_requests", { token: appToken })).status).toBe(403);
  });

  it("refuses an application without name or phone, with a bad pin code, age or code (422 by field)", async () => {
    const r = await api("POST", "franchisee_career_requests", {
      token,
      body: { full_name: " ", pin_code: "12", age: 7, gender: 5, zone_id: 999999 },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors ?? {}).sort()).toEqual(
      ["age", "full_name", "gender", "phone_no", "pin_code"].sort(),
    );
    const z = await api("POST", "franchisee_career_requests", {
      token,
      body: { full_name: "Zone Test", phone_no: "+91 98200 12345", zone_id: 999999 },
    });
    expect(z.status).toBe(422);
    expect(z.json.errors).toEqual({ zone_id: [FRANCHISEE_REQUEST_MESSAGES.zone] });
  });

  it("staff entering an application leave request_by empty; daycare references come with it", async () => {
    const d = await daycare.crud.create(admin, {
      full_name: `Daycare ${tag()}`,
      phone_no: "+91 98200 22222",
      date_of_birth: "1999-02-03",
      daycare_career_request_references: [
        { full_name: "Ref One", relation: "Friend", contact: "123" },
        { full_name: "Ref Two" },
      ],
    });
    expect(d.request_by).toBeNull();
    expect(d.date_of_birth).toBe("1999-02-03");
    const got = await api("GET", `daycare_career_requests/${d.id}`, { token });
    expect(
      (got.json.data as { daycare_career_request_references: unknown[] }).daycare_career_request_references,
    ).toMatchObject([
      { full_name: "Ref One", relation: "Friend", contact: "123" },
      { full_name: "Ref Two", relation: null, contact: null },
    ]);
    const bad = await failure(
      daycare.crud.create(admin, {
        full_name: "X",
        phone_no: "+91 98200 22222",
        daycare_career_request_references: [{ full_name: "" }],
      }),
    );
    expect(Object.keys(bad.fieldErrors ?? {})).toEqual(["daycare_career_request_references.0.full_name"]);
    expect(
      await db
        .select()
        .from(daycareCareerRequestReferences)
        .where(eq(daycareCareerRequestReferences.daycare_career_request_id, d.id)),
    ).toHaveLength(2);
  });
});

describe("the lists", () => {
  it("search, active status, approval status, trash; the trainer's own fields", async () => {
    const word = tag();
    const a = await trainer.crud.create(admin, {
      user_name: `Trainer A ${word}`,
      phone_no: "+91 98200 30001",
      dob: "1990-05-06",
      email: "a@trainer.test",
      gender: 0,
      address: "1 Road",
      pin_code: "400001",
      preferred_timeslot: "Mornings",
      is_experienced: 1,
      experience_description: "x".repeat(120),
      trained_animal_type: "Dogs",
      trained_animal_description: "Big dogs",
      language_spoken: "Marathi",
      other_language_spoken: "Tamil",
    });
    const b = await trainer.crud.create(admin, {
      user_name: `Trainer B ${word}`,
      phone_no: "+91 98200 30002",
    });
    const c = await trainer.crud.create(admin, {
      user_name: `Trainer C ${word}`,
      phone_no: "+91 98200 30003",
    });
    await trainer.crud.update(admin, { id: b.id, is_active: 0 });
    await trainer.approve(admin, { id: c.id });

    const all = await trainer.crud.list(admin, { search_keyword: word });
    expect(all.data.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.data.find((r) => r.id === a.id)).toMatchObject({
      user_name: `Trainer A ${word}`,
      dob: "1990-05-06",
      phone_no: "+91 98200 30001",
      email: "a@trainer.test",
      address: "1 Road",
      pincode: "400001",
      preferred_timeslot: "Mornings",
      gender_label: "Male",
      is_experienced_label: "YES",
      trained_animal_type: "Dogs",
      trained_animal_description: "Big dogs",
      language_spoken: "Marathi",
      other_language_spoken: "Tamil",
      status_label: "PENDING",
    });
    expect(all.data.find((r) => r.id === b.id)?.gender_label).toBe("Not specified");
    expect(
      (await trainer.crud.list(admin, { search_keyword: word, is_active: "0" })).data.map((r) => r.id),
    ).toEqual([b.id]);
    expect(
      (await trainer.crud.list(admin, { search_keyword: word, status: "1" })).data.map((r) => r.id),
    ).toEqual([c.id]);
    expect((await trainer.crud.list(admin, { search_keyword: word, status: "0" })).count).toBe(2);
    expect((await trainer.crud.list(admin, { search_keyword: word, status: "2" })).count).toBe(0);
    const bad = await api("GET", `pet_trainer_career_requests?status=7`, { token });
    expect(bad.status).toBe(422);

    // Search reads phone and language too.
    expect((await trainer.crud.list(admin, { search_keyword: "marathi" })).data.map((r) => r.id)).toContain(
      a.id,
    );

    await api("POST", `pet-trainer-career-requests/delete/${a.id}`, { token });
    expect((await trainer.crud.list(admin, { search_keyword: word })).count).toBe(2);
    const trash = await api("GET", `pet_trainer_career_requests?show_deleted=1&search_keyword=${word}`, {
      token,
    });
    expect((trash.json.data as { id: number }[]).map((r) => r.id)).toEqual([a.id]);
  });

  it("walker rows carry the walker's fields and labels; franchisee rows their labels, zone and applicant", async () => {
    const word = tag();
    const w = await walkie.crud.create(admin, {
      user_name: `Walker ${word}`,
      phone_no: "+91 98200 40001",
      whatsapp_no: "+91 98200 40002",
      area: "Bandra",
      pin_code: "400050",
      has_internet_access: 1,
    });
    const [row] = (await walkie.crud.list(admin, { search_keyword: word })).data;
    expect(row).toMatchObject({
      id: w.id,
      whatsapp_no: "+91 98200 40002",
      area: "Bandra",
      pincode: "400050",
      is_experienced_label: "NO",
      has_internet_access_label: "YES",
    });

    const app = await newUser(ROLE_IDS[ROLE.USER], POSITION.CUSTOMER);
    const appCtx = await ctxFor(app.email);
    const north = zones.get("NORTH")!;
    const west = zones.get("WEST")!;
    const f1 = await franchisee.crud.create(appCtx, {
      full_name: `Franchisee One ${word}`,
      phone_no: "+91 98200 40003",
      gender: 1,
      applying_as: 2,
      preferred_work_type: 2,
      zone_id: north,
    });
    const f2 = await franchisee.crud.create(admin, {
      full_name: `Franchisee Two ${word}`,
      phone_no: "+91 98200 40004",
      zone_id: west,
    });
    const list = await franchisee.crud.list(admin, { search_keyword: word });
    expect(list.data.find((r) => r.id === f1.id)).toMatchObject({
      request_by: app.id,
      request_by_name: `Career ${app.last_name}`,
      gender_label: "MALE",
      applying_as_label: "COMPANY",
      preferred_work_type_label: "FREELANCE",
      zone: "NORTH",
    });
    expect(list.data.find((r) => r.id === f2.id)).toMatchObject({
      request_by: null,
      gender_label: "FEMALE",
      applying_as_label: "INDIVIDUAL",
      zone: "WEST",
    });
    const byZone = await api(
      "GET",
      `franchisee_career_requests?search_keyword=${word}&zone_id=${encodeId(west)}`,
      { token },
    );
    expect((byZone.json.data as { id: number }[]).map((r) => r.id)).toEqual([f2.id]);
    expect(
      (await franchisee.crud.list(admin, { search_keyword: word, zone_id: String(north) })).data.map(
        (r) => r.id,
      ),
    ).toEqual([f1.id]);

    const masters = await api("GET", "masters?context=franchisee_career_requests", { token });
    expect(masters.status).toBe(200);
    expect(
      (masters.json.data as { zones: { description: string }[] }).zones.map((z) => z.description),
    ).toEqual(expect.arrayContaining(["NORTH", "WEST"]));
  });
});

describe("delete and restore of a workflow record", () => {
  it("a request a record was created from refuses deletion; a restore runs the one-pending-application rule", async () => {
    const app = await newUser(ROLE_IDS[ROLE.USER], POSITION.CUSTOMER);
    const appToken = await issueApiToken(app.id);
    const apply = async () =>
      api("POST", "pet_walkie_career_requests", {
        token: appToken,
        body: { user_name: `Restore ${tag()}`, phone_no: "+91 98200 12345" },
      });
    const first = (await apply()).json.data as { id: number };
    expect((await api("POST", `pet_walkie_career_requests/delete/${first.id}`, { token })).status).toBe(200);
    const second = (await apply()).json.data as { id: number };
    const refused = await failure(walkie.crud.restore(admin, { id: first.id }));
    expect([refused.status, refused.message]).toEqual([409, CAREER_MESSAGES.restorePending]);
    // Once the other one is decided, the deleted one may come back (pending again, alone).
    await walkie.reject(admin, { id: second.id, rejection_reason: "Duplicate" });
    await walkie.crud.restore(admin, { id: first.id });
    // Approved and turned into a staff user: the request keeps the record's provenance (409 on delete).
    await walkie.approve(admin, { id: first.id });
    await db
      .update(petWalkieCareerRequests)
      .set({ created_record_id: app.id })
      .where(eq(petWalkieCareerRequests.id, first.id));
    const kept = await api("POST", `pet_walkie_career_requests/delete/${first.id}`, { token });
    expect([kept.status, kept.json.message]).toEqual([409, CAREER_MESSAGES.createdKept]);
    // A rejected one without a record is deleted as before.
    expect((await api("POST", `pet_walkie_career_requests/delete/${second.id}`, { token })).status).toBe(200);
  });
});

describe("approve and reject", () => {
  it("only from pending: approve sets 1, a second approve or a reject after it answers 409", async () => {
    const w = await walkie.crud.create(admin, { user_name: `Approve ${tag()}`, phone_no: "+91 98200 50001" });
    const first = await api("POST", `pet_walkie_career_requests/approve/${w.id}`, { token, body: {} });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ status: 1, rejection_reason: null });
    const second = await api("POST", `pet_walkie_career_requests/approve/${w.id}`, { token, body: {} });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(CAREER_MESSAGES.notPending);
    expect((await failure(walkie.reject(admin, { id: w.id, rejection_reason: "Late" }))).status).toBe(409);
    // The list's action says the same.
    const action = await walkie.actions.decide(encodeId(w.id), "approve");
    expect(action).toMatchObject({ ok: false, status: 409, message: CAREER_MESSAGES.notPending });
  });

  it("reject needs a reason and stores it; the list's actions approve and reject", async () => {
    const d = await daycare.crud.create(admin, { full_name: `Reject ${tag()}`, phone_no: "+91 98200 50002" });
    const blank = await daycare.actions.decide(encodeId(d.id), "reject", { rejection_reason: "  " });
    expect(blank).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { rejection_reason: CAREER_MESSAGES.reasonRequired },
    });
    const missing = await api("POST", `daycare_career_requests/reject/${d.id}`, { token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ rejection_reason: [CAREER_MESSAGES.reasonRequired] });
    expect(
      await daycare.actions.decide(encodeId(d.id), "reject", { rejection_reason: "No references" }),
    ).toMatchObject({ ok: true });
    const got = await daycare.crud.get(admin, d.id);
    expect(got).toMatchObject({ status: 2, rejection_reason: "No references" });
    expect((await daycare.actions.decide(encodeId(d.id), "approve")).ok).toBe(false);

    const t = await trainer.crud.create(admin, {
      user_name: `Approve ${tag()}`,
      phone_no: "+91 98200 50003",
    });
    expect(await trainer.actions.decide(encodeId(t.id), "approve")).toMatchObject({ ok: true });
    expect((await trainer.crud.get(admin, t.id)).status).toBe(1);
  });
});

describe("the review (edit)", () => {
  it("writes only status, is_active and the reason; rejected needs a reason, other statuses clear it", async () => {
    const w = await walkie.crud.create(admin, { user_name: `Review ${tag()}`, phone_no: "+91 98200 60001" });
    const r = await api("PATCH", `pet_walkie_career_requests/${w.id}`, {
      token,
      body: {
        user_name: "Changed",
        phone_no: "+91 90000 00000",
        request_by: 1,
        created_record_id: 5,
        is_active: 0,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      user_name: w.user_name,
      phone_no: "+91 98200 60001",
      request_by: null,
      created_record_id: null,
      is_active: 0,
    });
    const noReason = await api("PATCH", `pet_walkie_career_requests/${w.id}`, { token, body: { status: 2 } });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors).toEqual({ rejection_reason: [CAREER_MESSAGES.reasonRequired] });
    const rejected = await walkie.crud.update(admin, { id: w.id, status: "2", rejection_reason: "Too far" });
    expect(rejected).toMatchObject({ status: 2, rejection_reason: "Too far" });
    // Any of the three on the edit form (spec 002 §4): back to pending clears the reason.
    const pending = await walkie.crud.update(admin, { id: w.id, status: 0, rejection_reason: "ignored" });
    expect(pending).toMatchObject({ status: 0, rejection_reason: null });
    const bad = await failure(walkie.crud.update(admin, { id: w.id, status: 3 }));
    expect(bad.fieldErrors).toEqual({ status: "The selected status is invalid." });
  });

  it("a franchisee request's zone changes alone (the list's dropdown), to a zone of the company", async () => {
    const f = await franchisee.crud.create(admin, {
      full_name: `Zone ${tag()}`,
      phone_no: "+91 98200 60002",
    });
    const west = zones.get("WEST")!;
    const r = await api("PATCH", `franchisee_career_requests/${f.id}`, { token, body: { zone_id: west } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ zone_id: west, status: 0 });
    const bad = await api("PATCH", `franchisee_career_requests/${f.id}`, {
      token,
      body: { zone_id: 999999 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ zone_id: [FRANCHISEE_REQUEST_MESSAGES.zone] });
  });
});

describe("a MASTER FRANCHISEE", () => {
  it("sees, reviews and approves only their zones' franchisee requests; another zone's answers 404", async () => {
    const mf = await newUser(ROLE_IDS[ROLE.MASTER_FRANCHISEE], POSITION.MASTER_FRANCHISEE);
    const [m] = await db
      .insert(masterFranchisees)
      .values({ company_id: happy.id, user_id: mf.id })
      .returning({ id: masterFranchisees.id });
    const east = zones.get("EAST")!;
    const south = zones.get("SOUTH")!;
    await db.insert(masterFranchiseeZones).values({ master_franchisee_id: m.id, zone_id: east });
    const mfCtx = await ctxFor(mf.email);
    expect(mfCtx.zoneIds).toEqual([east]);
    const mfToken = await issueApiToken(mf.id);

    const word = tag();
    const mine = await franchisee.crud.create(admin, {
      full_name: `Mine ${word}`,
      phone_no: "+91 98200 70001",
      zone_id: east,
    });
    const other = await franchisee.crud.create(admin, {
      full_name: `Other ${word}`,
      phone_no: "+91 98200 70002",
      zone_id: south,
    });
    const none = await franchisee.crud.create(admin, {
      full_name: `None ${word}`,
      phone_no: "+91 98200 70003",
    });

    expect((await franchisee.crud.list(mfCtx, { search_keyword: word })).data.map((r) => r.id)).toEqual([
      mine.id,
    ]);
    const all = await api("GET", "franchisee_career_requests?rowsPerPage=1000000", { token: mfToken });
    expect(all.status).toBe(200);
    expect((all.json.data as { zone_id: number }[]).every((r) => r.zone_id === east)).toBe(true);

    for (const id of [other.id, none.id]) {
      expect((await failure(franchisee.crud.get(mfCtx, id))).status).toBe(404);
      expect((await failure(franchisee.crud.update(mfCtx, { id, is_active: 0 }))).status).toBe(404);
      expect((await failure(franchisee.approve(mfCtx, { id }))).status).toBe(404);
      expect((await api("GET", `franchisee_career_requests/${id}`, { token: mfToken })).status).toBe(404);
      expect(
        (
          await api("POST", `franchisee_career_requests/reject/${id}`, {
            token: mfToken,
            body: { rejection_reason: "x" },
          })
        ).status,
      ).toBe(404);
    }
    session.ctx = mfCtx;
    try {
      expect(await franchisee.actions.decide(encodeId(other.id), "approve")).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await franchisee.actions.decide(encodeId(mine.id), "approve")).toMatchObject({ ok: true });
    } finally {
      session.ctx = admin;
    }
    // Their zone's request: no moving it to another zone; other career requests are not theirs to see.
    const move = await api("PATCH", `franchisee_career_requests/${mine.id}`, {
      token: mfToken,
      body: { zone_id: south },
    });
    expect(move.status).toBe(422);
    expect(move.json.errors).toEqual({ zone_id: [FRANCHISEE_REQUEST_MESSAGES.zoneByMaster] });
    expect((await api("GET", "pet_walkie_career_requests", { token: mfToken })).status).toBe(403);
    expect(
      (await api("POST", `franchisee-career-requests/delete/${mine.id}`, { token: mfToken })).status,
    ).toBe(403);
  });
});

describe("delete and restore", () => {
  it("every path answers with the entity's text; another company's request is 404", async () => {
    const cases = [
      {
        c: walkie,
        name: "pet_walkie_career_requests",
        del: "pet-walkie-career-requests",
        res: "pet-walkie-career-requests",
        texts: [
          "Walkie career request deleted successfully.",
          "Walkie career request restored successfully.",
        ],
      },
      {
        c: trainer,
        name: "pet_trainer_career_requests",
        del: "pet-trainer-career-requests",
        res: "pet-trainer-career-requests",
        texts: [
          "Trainer career request deleted successfully.",
          "Trainer career request restored successfully.",
        ],
      },
      {
        c: franchisee,
        name: "franchisee_career_requests",
        del: "franchisee-career-requests",
        res: "franchisee-career-requests",
        texts: [
          "FranchiseeCareerRequest deleted successfully.",
          "FranchiseeCareerRequest restored successfully.",
        ],
      },
      {
        c: daycare,
        name: "daycare_career_requests",
        del: "daycare_career_requests",
        res: "daycare-career-requests",
        texts: ["Request deleted successfully.", "DaycareCareerRequest restored successfully."],
      },
    ] as const;
    for (const k of cases) {
      const nameKey = k.c === walkie || k.c === trainer ? "user_name" : "full_name";
      const created = await (k.c.crud.create as (c: Ctx, v: unknown) => Promise<{ id: number }>)(admin, {
        [nameKey]: `Lifecycle ${tag()}`,
        phone_no: "+91 98200 80001",
      });
      const del = await api("POST", `${k.del}/delete/${created.id}`, { token });
      expect(del.json, k.name).toEqual({ message: k.texts[0] });
      expect((await api("GET", `${k.name}/${created.id}`, { token })).status).toBe(404);
      const res = await api("POST", `${k.res}/restore/${created.id}`, { token });
      expect(res.json, k.name).toEqual({ message: k.texts[1] });
      expect((await api("GET", `${k.name}/${created.id}`, { token })).status).toBe(200);
      // The underscore forms answer too.
      expect((await api("POST", `${k.name}/delete/${created.id}`, { token })).status).toBe(200);
      expect((await api("POST", `${k.name}/restore/${created.id}`, { token })).status).toBe(200);
      expect(k.c.crud.def.messages).toMatchObject({ deleted: k.texts[0], restored: k.texts[1] });
    }
    const [foreign] = await db
      .insert(petWalkieCareerRequests)
      .values({ company_id: wag.id, user_name: "Wag Walker", phone_no: "+91 98200 80002" })
      .returning();
    expect((await api("POST", `pet-walkie-career-requests/delete/${foreign.id}`, { token })).status).toBe(
      404,
    );
    expect((await api("POST", `pet_walkie_career_requests/approve/${foreign.id}`, { token })).status).toBe(
      404,
    );
  });
});

describe("the staff user created from an approved application", () => {
  it("pre-fills the user form, links the request on save, once; the request then stays approved", async () => {
    const t = await trainer.crud.create(admin, {
      user_name: `Meera ${tag()} Kulkarni`,
      phone_no: "+91 98200 90001",
      email: `meera.${tag().toLowerCase()}@trainer.test`,
    });
    const ref = careerRequestRef("trainer", encodeId(t.id));
    expect((await failure(staffPrefill(admin, ref))).status).toBe(409);
    await trainer.approve(admin, { id: t.id });
    const prefill = await staffPrefill(admin, ref);
    const [first, ...rest] = t.user_name.split(" ");
    expect(prefill).toEqual({
      // The position the kind implies (a trainer position, else FRANCHISEE STAFF).
      position_id: expect.any(String),
      first_name: first,
      last_name: rest.join(" "),
      phone: "+91 98200 90001",
      email: t.email,
      career_request: ref,
    });

    const [staffPos] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.company_id, happy.id), eq(positions.name, POSITION.FRANCHISEE_STAFF)));
    const [fr] = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(and(eq(franchisees.company_id, happy.id), isNull(franchisees.deleted_at)))
      .orderBy(asc(franchisees.id))
      .limit(1);
    const values = { ...prefill, position_id: staffPos.id, franchisee_id: fr.id };
    const user = await createUser(admin, values, { staff: true });
    const [linked] = await db
      .select()
      .from(petTrainerCareerRequests)
      .where(eq(petTrainerCareerRequests.id, t.id));
    expect(linked.created_record_id).toBe(user.id);
    const listed = (await trainer.crud.list(admin, { search_keyword: t.user_name })).data[0];
    expect(listed.created_record_id).toBe(user.id);

    // Once: a second user from the same application is refused and nothing is written.
    const againEmail = `again.${tag().toLowerCase()}@trainer.test`;
    const again = await failure(createUser(admin, { ...values, email: againEmail }, { staff: true }));
    expect(again.status).toBe(409);
    expect(again.message).toBe(CAREER_MESSAGES.alreadyCreated);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.email, againEmail))).toHaveLength(0);
    // The review keeps it approved.
    const stays = await failure(trainer.crud.update(admin, { id: t.id, status: 0 }));
    expect(stays.fieldErrors).toEqual({ status: CAREER_MESSAGES.createdStays });

    // Another company's or a walker's unapproved application cannot be named.
    const w = await walkie.crud.create(admin, { user_name: `Walker ${tag()}`, phone_no: "+91 98200 90002" });
    const r = await api("POST", "users", {
      token,
      body: {
        first_name: "A",
        last_name: "B",
        email: `ab.${tag().toLowerCase()}@x.test`,
        position_id: staffPos.id,
        franchisee_id: fr.id,
        career_request: careerRequestRef("walkie", encodeId(w.id)),
      },
    });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(CAREER_MESSAGES.notApproved);
    const [foreign] = await db
      .insert(petWalkieCareerRequests)
      .values({ company_id: wag.id, user_name: "Wag", phone_no: "+91 98200 90003", status: 1 })
      .returning();
    expect(
      (await failure(staffPrefill(admin, careerRequestRef("walkie", encodeId(foreign.id))))).status,
    ).toBe(404);
  });
});
