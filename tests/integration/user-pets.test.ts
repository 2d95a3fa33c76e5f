import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  positions,
  storedFiles,
  userMonthlyJobRequestPets,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
  values,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { ageOn, CUSTOMER_DATA_MESSAGES } from "@/lib/jobs/customer-data";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, userId } from "../support/fixtures";

// Customers' pets through /api (issue 22): a customer's own only, staff within their reach, the BREEDS master, the
// date of birth, delete refused while a live monthly request covers the pet, restore, and the photo's serving rules.

type Db = Awaited<ReturnType<typeof seeded>>["db"];
let db: Db;
let happyId: number;
let wagId: number;
let adminToken: string;
let faToken: string;
let mfToken: string;
let faFranchisee: number;
/** Customers of Happy Paws with a request of the franchisee admin's franchisee, and one with a request elsewhere. */
let mine: { id: number; token: string };
let other: { id: number; token: string };
let outsideFa: number;
let walker: { id: number; token: string };
let breedId: number;
let wagBreedId: number;
let png: Buffer;

const as = (token: string, companyId = happyId) => ({ token, companyId });

async function customerWithRequestOf(franchiseeId: number, not: number[] = []) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(
      userMonthlyJobRequests,
      and(eq(userMonthlyJobRequests.user_id, users.id), isNull(userMonthlyJobRequests.deleted_at)),
    )
    .where(and(eq(users.company_id, happyId), eq(userMonthlyJobRequests.franchisee_id, franchiseeId)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id).filter((id) => !not.includes(id))[0];
}

async function breedOf(companyId: number) {
  const [b] = await db
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(
      and(eq(valueLists.company_id, companyId), eq(values.name, "BREEDS"), isNull(valueLists.deleted_at)),
    )
    .orderBy(asc(valueLists.id))
    .limit(1);
  return b.id;
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  adminToken = await issueApiToken(await userId(adminEmail));
  const faId = await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  faToken = await issueApiToken(faId);
  mfToken = await issueApiToken(await userId(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]));
  const [fa] = await db.select({ f: users.franchisee_id }).from(users).where(eq(users.id, faId));
  faFranchisee = fa.f!;
  const m = await customerWithRequestOf(faFranchisee);
  const o = await customerWithRequestOf(faFranchisee, [m]);
  mine = { id: m, token: await issueApiToken(m) };
  other = { id: o, token: await issueApiToken(o) };
  const [elsewhere] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, happyId), sql`${franchisees.id} <> ${faFranchisee}`))
    .orderBy(asc(franchisees.id));
  // A customer whose only requests are another franchisee's: outside the franchisee admin's reach.
  const candidates = await db
    .selectDistinct({ id: userMonthlyJobRequests.user_id })
    .from(userMonthlyJobRequests)
    .where(
      and(
        eq(userMonthlyJobRequests.company_id, happyId),
        eq(userMonthlyJobRequests.franchisee_id, elsewhere.id),
      ),
    );
  for (const c of candidates) {
    const [own] = await db
      .select({ id: userMonthlyJobRequests.id })
      .from(userMonthlyJobRequests)
      .where(
        and(eq(userMonthlyJobRequests.user_id, c.id), eq(userMonthlyJobRequests.franchisee_id, faFranchisee)),
      );
    if (!own) outsideFa = c.id;
  }
  expect(outsideFa).toBeGreaterThan(0);
  const [w] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, happyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNotNull(users.franchisee_id),
      ),
    )
    .limit(1);
  walker = { id: w.id, token: await issueApiToken(w.id) };
  breedId = await breedOf(happyId);
  wagBreedId = await breedOf(wagId);
  png = await sharp({ create: { width: 12, height: 9, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();
});

describe("a customer's pets", () => {
  it("adds a pet for themselves (user_id forced), lists and opens only their own", async () => {
    const r = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "Biscuit", breed_id: breedId, weight: 12.5, gender: "female", user_id: other.id },
    });
    expect(r.status).toBe(200);
    const pet = r.json.data as { id: number; user_id: number; gender: string; breed: { id: number } };
    expect(pet.user_id).toBe(mine.id);
    expect(pet.gender).toBe("FEMALE");
    expect(pet.breed.id).toBe(breedId);

    const list = await api("GET", "user_pets?rowsPerPage=100", as(mine.token));
    expect(list.status).toBe(200);
    const rows = list.json.data as { id: number; user_id: number }[];
    expect(rows.map((p) => p.id)).toContain(pet.id);
    expect(rows.every((p) => p.user_id === mine.id)).toBe(true);
    // A filter naming someone else changes nothing: the customer sees only their own.
    const filtered = await api("GET", `user_pets?user_id=${other.id}`, as(mine.token));
    expect((filtered.json.data as unknown[]).length).toBe(0);
    const search = await api("GET", "user_pets?search_keyword=bisc", as(mine.token));
    expect((search.json.data as { name: string }[]).map((p) => p.name)).toEqual(["Biscuit"]);

    // Another customer's pet: 404 on get, patch, delete and restore, exactly like a missing one.
    for (const [method, path, body] of [
      ["GET", `user_pets/${pet.id}`, undefined],
      ["PATCH", `user_pets/${pet.id}`, { name: "Stolen" }],
      ["POST", `user_pets/delete/${pet.id}`, undefined],
      ["POST", `user_pets/restore/${pet.id}`, undefined],
    ] as const) {
      const x = await api(method, path, { ...as(other.token), body });
      expect(x.status, `${method} ${path}`).toBe(404);
    }
    expect((await api("GET", `user_pets/999999`, as(mine.token))).status).toBe(404);
    const [row] = await db.select().from(userPets).where(eq(userPets.id, pet.id));
    expect(row.name).toBe("Biscuit");
  });

  it("refuses a breed outside the company's BREEDS, a bad weight, gender and a future birth date (422)", async () => {
    const r = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "", breed_id: wagBreedId, weight: 0, gender: "cat", vet_phone: "abc" },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toMatchObject({
      name: ["The name field is required."],
      weight: [expect.stringContaining("The weight must be a number greater than 0")],
      gender: [CUSTOMER_DATA_MESSAGES.gender],
      vet_phone: ["The vet phone must be a valid phone number."],
    });
    const breed = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "Rex", breed_id: wagBreedId },
    });
    expect(breed.status).toBe(422);
    expect(breed.json.errors).toEqual({ breed_id: [CUSTOMER_DATA_MESSAGES.breed] });
    // A value list of another master (ZONES) is no breed either.
    const [zone] = await db
      .select({ id: valueLists.id })
      .from(valueLists)
      .innerJoin(values, eq(values.id, valueLists.value_id))
      .where(and(eq(valueLists.company_id, happyId), eq(values.name, "ZONES")))
      .limit(1);
    const notBreed = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "Rex", breed_id: zone.id },
    });
    expect(notBreed.json.errors).toEqual({ breed_id: [CUSTOMER_DATA_MESSAGES.breed] });
    const tomorrow = new Date(Date.parse(`${indiaNow().date}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const future = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "Rex", date_of_birth: tomorrow },
    });
    expect(future.json.errors).toEqual({ date_of_birth: [CUSTOMER_DATA_MESSAGES.futureBirth] });
  });

  it("derives the age from the date of birth; an age sent alone replaces it", async () => {
    const today = indiaNow().date;
    const dob = `${Number(today.slice(0, 4)) - 3}-01-01`;
    const r = await api("POST", "user_pets", {
      ...as(mine.token),
      body: { name: "Pixel", date_of_birth: dob, age: 9 },
    });
    const pet = r.json.data as { id: number; age: number; date_of_birth: string };
    expect(pet.age).toBe(ageOn(dob));
    expect(pet.date_of_birth).toBe(dob);
    const p = await api("PATCH", `user_pets/${pet.id}`, { ...as(mine.token), body: { age: 5 } });
    expect(p.json.data).toMatchObject({ age: 5, date_of_birth: null });
  });

  it("gives a walker (no customer) 403 on create and no pets", async () => {
    const r = await api("POST", "user_pets", { ...as(walker.token), body: { name: "Stray" } });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(CUSTOMER_DATA_MESSAGES.onlyCustomers);
    const list = await api("GET", "user_pets", as(walker.token));
    expect(list.json.data).toEqual([]);
  });
});

describe("staff and their reach", () => {
  it("lets a franchisee admin add and correct pets of their franchisee's customers only", async () => {
    const missing = await api("POST", "user_pets", { ...as(faToken), body: { name: "Tom" } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ user_id: [CUSTOMER_DATA_MESSAGES.userRequired] });
    const r = await api("POST", "user_pets", { ...as(faToken), body: { name: "Tom", user_id: mine.id } });
    expect(r.status).toBe(200);
    const pet = (r.json.data as { id: number; user_id: number }).id;
    expect((r.json.data as { user_id: number }).user_id).toBe(mine.id);
    const out = await api("POST", "user_pets", { ...as(faToken), body: { name: "Tom", user_id: outsideFa } });
    expect(out.status).toBe(404);
    // A walker is no customer: 404 as well.
    const staff = await api("POST", "user_pets", {
      ...as(faToken),
      body: { name: "Tom", user_id: walker.id },
    });
    expect(staff.status).toBe(404);

    const list = await api("GET", "user_pets?rowsPerPage=100", as(faToken));
    const owners = new Set((list.json.data as { user_id: number }[]).map((p) => p.user_id));
    expect(owners.has(mine.id)).toBe(true);
    expect(owners.has(outsideFa)).toBe(false);
    const [foreignPet] = await db
      .select({ id: userPets.id })
      .from(userPets)
      .where(eq(userPets.user_id, outsideFa));
    expect((await api("GET", `user_pets/${foreignPet.id}`, as(faToken))).status).toBe(404);
    expect(
      (await api("PATCH", `user_pets/${foreignPet.id}`, { ...as(faToken), body: { name: "X" } })).status,
    ).toBe(404);
    const fix = await api("PATCH", `user_pets/${pet}`, { ...as(faToken), body: { weight: "8.4" } });
    expect(fix.status).toBe(200);
    expect((fix.json.data as { weight: number }).weight).toBe(8.4);
    // No delete for a franchisee admin.
    expect((await api("POST", `user_pets/delete/${pet}`, as(faToken))).status).toBe(403);
  });

  it("shows a master franchisee only customers with a request in their zones, read-only", async () => {
    const list = await api("GET", "user_pets?rowsPerPage=100", as(mfToken));
    expect(list.status).toBe(200);
    const zones = (await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE], happyId)).zoneIds!;
    const owners = [...new Set((list.json.data as { user_id: number }[]).map((p) => p.user_id))];
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) {
      const [hit] = await db
        .select({ id: userMonthlyJobRequests.id })
        .from(userMonthlyJobRequests)
        .where(
          and(
            eq(userMonthlyJobRequests.user_id, owner),
            isNull(userMonthlyJobRequests.deleted_at),
            inArray(userMonthlyJobRequests.zone_id, zones),
          ),
        );
      expect(hit, `customer ${owner} has a request in the zones`).toBeDefined();
    }
    const create = await api("POST", "user_pets", {
      ...as(mfToken),
      body: { name: "Nope", user_id: mine.id },
    });
    expect(create.status).toBe(403);
  });

  it("keeps another company's pets out of reach for the admin", async () => {
    const [wagPet] = await db
      .select({ id: userPets.id })
      .from(userPets)
      .where(eq(userPets.company_id, wagId));
    expect((await api("GET", `user_pets/${wagPet.id}`, as(adminToken))).status).toBe(404);
  });
});

describe("delete and restore", () => {
  it("refuses to delete a pet a live monthly request covers (409 naming it), then allows it once the request is deleted", async () => {
    const pet = await api("POST", "user_pets", { ...as(mine.token), body: { name: "Held" } });
    const petId = (pet.json.data as { id: number }).id;
    const today = indiaNow().date;
    const [req] = await db
      .insert(userMonthlyJobRequests)
      .values({
        company_id: happyId,
        user_id: mine.id,
        franchisee_id: faFranchisee,
        month: Number(today.slice(5, 7)),
        year: Number(today.slice(0, 4)),
        start_date: today,
        end_date: today,
      })
      .returning({ id: userMonthlyJobRequests.id });
    await db
      .insert(userMonthlyJobRequestPets)
      .values({ user_monthly_job_request_id: req.id, user_pet_id: petId });
    const held = { pet: petId, request: req.id };
    const r = await api("POST", `user_pets/delete/${held.pet}`, as(mine.token));
    expect(r.status).toBe(409);
    expect(r.json.message).toContain(`monthly job request #${held.request}`);
    expect(
      (await api("POST", `user_monthly_job_requests/delete/${held.request}`, as(adminToken))).status,
    ).toBe(200);
    {
      const ok = await api("POST", `user_pets/delete/${held.pet}`, as(mine.token));
      expect(ok.status).toBe(200);
      expect(ok.json.message).toBe("Pet deleted successfully.");
      const gone = await api("GET", `user_pets/${held.pet}`, as(mine.token));
      expect(gone.status).toBe(404);
      const trash = await api("GET", "user_pets?show_deleted=1", as(mine.token));
      expect((trash.json.data as { id: number }[]).map((p) => p.id)).toContain(held.pet);
      const back = await api("POST", `user_pets/restore/${held.pet}`, as(mine.token));
      expect(back.json.message).toBe("Pet restored successfully.");
      expect((await api("GET", `user_pets/${held.pet}`, as(mine.token))).status).toBe(200);
    }
  });
});

describe("the photo", () => {
  it("stores a real PNG re-encoded, serves it to the owner, the back office and the walker of its walks only", async () => {
    const form = new FormData();
    form.set("name", "Shutter");
    form.set("photo_path", new File([new Uint8Array(png)], "shutter.png", { type: "image/png" }));
    const r = await api("POST", "user_pets", { ...as(mine.token), form });
    expect(r.status).toBe(200);
    const pet = r.json.data as { id: number; photo_path: string; photo_url: string };
    expect(pet.photo_url).toBe(`/api/files/${pet.photo_path}`);
    const [stored] = await db.select().from(storedFiles).where(eq(storedFiles.key, pet.photo_path));
    expect(stored).toMatchObject({ entity: "user_pets", entity_id: pet.id, company_id: happyId });
    const fetchAs = async (token: string) => {
      const { GET } = await import("@/app/api/files/[...key]/route");
      const req = new Request(`http://localhost${pet.photo_url}`, {
        headers: { authorization: `Bearer ${token}`, "company-id": String(happyId) },
      });
      return GET(req, { params: Promise.resolve({ key: pet.photo_path.split("/") }) });
    };
    const own = await fetchAs(mine.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toMatch(/^image\//);
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([12, 9]);
    expect((await fetchAs(adminToken)).status).toBe(200);
    expect((await fetchAs(faToken)).status).toBe(200);
    expect((await fetchAs(other.token)).status).toBe(404);
    expect((await fetchAs(walker.token)).status).toBe(404);

    // Once the walker has a walk with this pet, they see its photo.
    const today = indiaNow().date;
    const [plan] = await db
      .insert(dailyJobPlans)
      .values({
        company_id: happyId,
        user_id: mine.id,
        walker_id: walker.id,
        user_pet_id: pet.id,
        date: today,
      })
      .returning({ id: dailyJobPlans.id });
    await db.insert(dailyJobPlanWalks).values({
      company_id: happyId,
      daily_job_plan_id: plan.id,
      walker_id: walker.id,
      date: today,
      timeslot: "23:30",
    });
    expect((await fetchAs(walker.token)).status).toBe(200);
    // ...but the pet stays out of their pet list and item routes.
    expect((await api("GET", `user_pets/${pet.id}`, as(walker.token))).status).toBe(404);

    const bad = new FormData();
    bad.set("name", "Fake");
    bad.set("photo_path", new File(["not an image"], "x.png", { type: "image/png" }));
    const refused = await api("POST", "user_pets", { ...as(mine.token), form: bad });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors ?? {})).toEqual(["photo_path"]);
  });
});

describe("positions", () => {
  it("only a CUSTOMER position counts as a customer", async () => {
    const [pos] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.company_id, happyId), sql`upper(${positions.name}) = ${POSITION.CUSTOMER}`));
    expect(pos).toBeDefined();
  });
});
