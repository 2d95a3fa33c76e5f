import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, services, userServiceInterests, users, valueLists, values } from "@/db/schema";
import { SERVICE_MESSAGES, servicesCrud } from "@/lib/operations/services";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { adminEmail, api, ctxFor, EMPTY_LIST, seeded, tokenFor } from "../support/fixtures";
import { serviceTypeOf } from "./contract/services";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/services/actions");

const { create, update, get, list } = servicesCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let walkType: number;

async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

const serviceOf = async (companyId: number, name?: string) =>
  (
    await db
      .select()
      .from(services)
      .where(and(eq(services.company_id, companyId), name ? eq(services.name, name) : undefined))
      .orderBy(asc(services.id))
  )[0];

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  walkType = await serviceTypeOf({ db }, happy.id);
});

describe("services list", () => {
  it("searches name and brand, filters by status, pages, opens the trash, within the acting company", async () => {
    await create(admin, { name: "Night Walk", brand: "Moon Paws", service_type_id: walkType, is_active: 0 });
    const all = await list(admin, {});
    // Four seeded services and the new one; Wag Nation's are never counted.
    expect(all.count).toBe(5);
    expect(all.data.map((s) => s.name)).toEqual([...all.data.map((s) => s.name)].sort());
    expect(all.data.find((s) => s.name === "Night Walk")).toMatchObject({
      brand: "Moon Paws",
      service_type: "DOG WALKING",
      is_active: 0,
    });

    const byBrand = await api("GET", "services?search_keyword=happy%20steps", { token });
    expect((byBrand.json.data as { name: string }[]).map((s) => s.name)).toEqual([
      "Evening Walk",
      "Morning Walk",
    ]);
    const byName = await list(admin, { search_keyword: "walk" });
    expect(byName.data.map((s) => s.name)).toEqual(["Evening Walk", "Morning Walk", "Night Walk"]);

    expect((await list(admin, { is_active: "0" })).data.map((s) => s.name)).toEqual(["Night Walk"]);
    expect((await list(admin, { is_active: "1" })).count).toBe(4);

    const page2 = await api("GET", "services?page=2&rowsPerPage=2", { token });
    expect(page2.json.count).toBe(5);
    expect((page2.json.data as unknown[]).length).toBe(2);

    const night = all.data.find((s) => s.name === "Night Walk")!;
    const del = await api("POST", `services/delete/${night.id}`, { token });
    expect(del.json).toEqual({ message: "Service deleted successfully." });
    const trash = await api("GET", "services?show_deleted=1", { token });
    expect((trash.json.data as { name: string }[]).map((s) => s.name)).toEqual(["Night Walk"]);
    expect((await list(admin, {})).count).toBe(4);
    const res = await api("POST", `services/restore/${night.id}`, { token });
    expect(res.json).toEqual({ message: "Service restored successfully." });
    expect((await list(admin, { open_trash: "1" })).count).toBe(0);

    expect((await api("GET", "services?search_keyword=zzz-none", { token })).json).toEqual(EMPTY_LIST);
    expect((await api("GET", "services?is_active=7", { token })).status).toBe(422);
  });

  it("exports the list's rows through a download link", async () => {
    const r = await api("GET", "service_exports?search_keyword=walk", { token });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatch(/^\/api\/download\?/);
  });
});

describe("saving a service", () => {
  it("creates a service of the acting company with every field of the form", async () => {
    const r = await api("POST", "services", {
      token,
      body: {
        name: "Weekend Hike",
        brand: "Trail Tails",
        service_type_id: String(walkType),
        start_time: "07:00",
        end_time: "11:30",
        max_distance_km: "12.5",
        min_pet_age: "1",
        max_pet_age: "10",
        company_id: wag.id,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      name: "Weekend Hike",
      brand: "Trail Tails",
      service_type_id: walkType,
      start_time: "07:00:00",
      end_time: "11:30:00",
      max_distance_km: 12.5,
      min_pet_age: 1,
      max_pet_age: 10,
      is_active: 1,
      company_id: happy.id,
    });
  });

  it("requires a name and a service type of the company's SERVICE TYPES master", async () => {
    expect(await fieldErrorsOf(create(admin, { name: " " }))).toEqual({
      name: "The name field is required.",
      service_type_id: "The service type field is required.",
    });
    const r = await api("POST", "services", { token, body: { name: "Typeless" } });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ service_type_id: ["The service type field is required."] });

    // Another company's service type, a row of another master (ZONES), a deleted type: all refused.
    const wagType = await serviceTypeOf({ db }, wag.id);
    expect(await fieldErrorsOf(create(admin, { name: "Borrowed", service_type_id: wagType }))).toEqual({
      service_type_id: SERVICE_MESSAGES.serviceType,
    });
    const [zone] = await db
      .select({ id: valueLists.id })
      .from(valueLists)
      .innerJoin(values, eq(values.id, valueLists.value_id))
      .where(and(eq(values.company_id, happy.id), eq(values.name, "ZONES")))
      .limit(1);
    expect(await fieldErrorsOf(create(admin, { name: "Zoned", service_type_id: zone.id }))).toEqual({
      service_type_id: SERVICE_MESSAGES.serviceType,
    });
    const [gone] = await db
      .insert(valueLists)
      .values({
        company_id: happy.id,
        value_id: (await db.select().from(valueLists).where(eq(valueLists.id, walkType)))[0].value_id,
        description: "RETIRED",
        code: "RETIRED",
        deleted_at: new Date(),
      })
      .returning();
    expect(await fieldErrorsOf(create(admin, { name: "Retired", service_type_id: gone.id }))).toEqual({
      service_type_id: SERVICE_MESSAGES.serviceType,
    });
    expect(await db.select().from(services).where(eq(services.name, "Borrowed"))).toEqual([]);
  });

  it("checks times, distance and pet ages, each under its field", async () => {
    const base = { name: "Rules", service_type_id: walkType };
    expect(await fieldErrorsOf(create(admin, { ...base, start_time: "10:00", end_time: "09:00" }))).toEqual({
      end_time: SERVICE_MESSAGES.endAfterStart,
    });
    expect(
      await fieldErrorsOf(create(admin, { ...base, start_time: "10:00", end_time: "10:00:00" })),
    ).toEqual({
      end_time: SERVICE_MESSAGES.endAfterStart,
    });
    expect(await fieldErrorsOf(create(admin, { ...base, start_time: "25:00" }))).toEqual({
      start_time: "The start time must be a time like 09:30.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, max_distance_km: "-1" }))).toEqual({
      max_distance_km: "The maximum distance may not be negative.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, max_distance_km: "1.234" }))).toEqual({
      max_distance_km: "The maximum distance may have at most 2 decimals.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, max_distance_km: "far" }))).toEqual({
      max_distance_km: "The maximum distance must be a number.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, min_pet_age: "-1", max_pet_age: "31" }))).toEqual({
      min_pet_age: "The minimum pet age may not be negative.",
      max_pet_age: "The maximum pet age may not be greater than 30 years.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, min_pet_age: "1.5" }))).toEqual({
      min_pet_age: "The minimum pet age must be a whole number of years.",
    });
    expect(await fieldErrorsOf(create(admin, { ...base, min_pet_age: "8", max_pet_age: "2" }))).toEqual({
      max_pet_age: SERVICE_MESSAGES.maxAgeAtLeastMin,
    });
    // Equal ages and blank optional fields are fine.
    const ok = await create(admin, {
      ...base,
      min_pet_age: "3",
      max_pet_age: "3",
      start_time: "",
      brand: "",
    });
    expect(ok).toMatchObject({ min_pet_age: 3, max_pet_age: 3, start_time: null, brand: null });
  });

  it("keeps live names unique within the company", async () => {
    expect(await fieldErrorsOf(create(admin, { name: "morning walk", service_type_id: walkType }))).toEqual({
      name: "The name has already been taken.",
    });
  });

  it("edits only what is sent, checking the rules against the stored values", async () => {
    const s = await create(admin, {
      name: "Puppy Social",
      service_type_id: walkType,
      start_time: "09:00",
      end_time: "10:00",
      min_pet_age: 0,
      max_pet_age: 2,
    });
    const r = await api("PATCH", `services/${s.id}`, { token, body: { brand: "Pup Club", is_active: 0 } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      brand: "Pup Club",
      is_active: 0,
      max_pet_age: 2,
      end_time: "10:00:00",
    });
    // A minimum above the stored maximum, an end before the stored start.
    expect(await fieldErrorsOf(update(admin, { id: s.id, min_pet_age: 5 }))).toEqual({
      max_pet_age: SERVICE_MESSAGES.maxAgeAtLeastMin,
    });
    expect(await fieldErrorsOf(update(admin, { id: s.id, end_time: "08:00" }))).toEqual({
      end_time: SERVICE_MESSAGES.endAfterStart,
    });
    // The edit form always sends the type: it cannot be blanked.
    expect(await fieldErrorsOf(update(admin, { id: s.id, service_type_id: "" }))).toEqual({
      service_type_id: "The service type field is required.",
    });
    expect((await get(admin, s.id)).service_type_id).toBe(walkType);
  });

  it("answers 404 for another company's service, everywhere", async () => {
    const w = await serviceOf(wag.id);
    for (const [method, path] of [
      ["GET", `services/${w.id}`],
      ["PATCH", `services/${w.id}`],
      ["POST", `services/delete/${w.id}`],
      ["GET", `services/${w.id}/service_users`],
    ] as const)
      expect((await api(method, path, { token, body: method === "GET" ? undefined : {} })).status).toBe(404);
  });

  it("saves through the portal's actions with the form's texts, and answers field errors", async () => {
    const r = await actions.createServiceAction({
      name: "Action Walk",
      brand: "",
      service_type_id: String(walkType),
      start_time: "06:30",
      end_time: "07:30",
      max_distance_km: "",
      min_pet_age: "",
      max_pet_age: "",
      is_active: 1,
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const bad = await actions.createServiceAction({ name: "", service_type_id: "" });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: {
        name: "The name field is required.",
        service_type_id: "The service type field is required.",
      },
    });
    const s = await serviceOf(happy.id, "Action Walk");
    const edit = await actions.updateServiceAction(encodeId(s.id), { max_pet_age: "40" });
    expect(edit).toMatchObject({ ok: false, fieldErrors: { max_pet_age: expect.stringContaining("30") } });
  });
});

describe("masters?context=services", () => {
  it("answers the acting company's live, active service types", async () => {
    const r = await api("GET", "masters?context=services", { token });
    expect(r.status).toBe(200);
    const types = (r.json.data as { service_types: { id: number; description: string }[] }).service_types;
    expect(types.map((t) => t.description)).toEqual(["DAYCARE", "DOG TRAINING", "DOG WALKING"]);
    expect(types.map((t) => t.id)).toContain(walkType);
  });
});

describe("the users interested in a service", () => {
  it("lists their name, email and phone, searches and pages, leaving out deleted interests and users", async () => {
    const morning = await serviceOf(happy.id, "Morning Walk");
    const interested = await db
      .select({ id: users.id, email: users.email, interest: userServiceInterests.id })
      .from(userServiceInterests)
      .innerJoin(users, eq(users.id, userServiceInterests.user_id))
      .where(eq(userServiceInterests.service_id, morning.id))
      .orderBy(asc(userServiceInterests.id));
    expect(interested.length).toBeGreaterThanOrEqual(2);

    const r = await api("GET", `services/${morning.id}/service_users`, { token });
    expect(r.status).toBe(200);
    const rows = r.json.data as { user_id: number; user_name: string; email: string; phone: string | null }[];
    expect(rows.map((u) => u.email).sort()).toEqual(interested.map((u) => u.email).sort());
    expect(rows[0].user_name).toMatch(/\S+ \S+|\S+/);
    expect(r.json.count).toBe(interested.length);

    const one = await api(
      "GET",
      `services/${morning.id}/service_users?search_keyword=${interested[0].email}`,
      {
        token,
      },
    );
    expect((one.json.data as { email: string }[]).map((u) => u.email)).toEqual([interested[0].email]);
    const paged = await api("GET", `services/${morning.id}/service_users?page=2&rowsPerPage=1`, { token });
    expect((paged.json.data as unknown[]).length).toBe(1);
    expect(paged.json.count).toBe(interested.length);

    await db
      .update(userServiceInterests)
      .set({ deleted_at: new Date() })
      .where(eq(userServiceInterests.id, interested[0].interest));
    const after = await api("GET", `services/${encodeId(morning.id)}/service_users`, { token });
    expect(after.json.count).toBe(interested.length - 1);

    // A deleted service shows nobody: 404, like another company's.
    const gone = await create(admin, { name: "Gone Soon", service_type_id: walkType });
    await servicesCrud.delete(admin, { id: gone.id });
    expect((await api("GET", `services/${gone.id}/service_users`, { token })).status).toBe(404);
  });
});
