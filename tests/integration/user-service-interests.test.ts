import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, services, userServiceInterests, users } from "@/db/schema";
import { INTEREST_MESSAGES, userServiceInterestsCrud } from "@/lib/franchise/user-service-interests";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/user-service-interests/actions");

const { create, update, list } = userServiceInterestsCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let customer: { id: number; email: string; user_name: string | null; first_name: string };
let customerCtx: Ctx;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

/** A fresh live service of a company. */
let n = 0;
async function newService(companyId: number, o: { is_active?: number } = {}) {
  const [s] = await db
    .insert(services)
    .values({ company_id: companyId, name: `Interest Test Service ${++n}`, ...o })
    .returning({ id: services.id, name: services.name });
  return s;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  // An app user (role USER) of Happy Paws with no interest yet.
  const rows = await db
    .select({ id: users.id, email: users.email, user_name: users.user_name, first_name: users.first_name })
    .from(users)
    .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)))
    .orderBy(asc(users.id));
  const taken = new Set(
    (await db.select({ u: userServiceInterests.user_id }).from(userServiceInterests)).map((r) => r.u),
  );
  customer = rows.find((r) => !taken.has(r.id))!;
  customerCtx = await ctxFor(customer.email);
});

describe("service interests list", () => {
  it("searches the user's and the service's names, pages, and stays within the company", async () => {
    const all = await list(admin, {});
    // Six seeded interests of Happy Paws' app users.
    expect(all.count).toBe(6);
    expect(all.data[0]).toHaveProperty("user_name");
    expect(all.data[0]).toHaveProperty("service_name");

    const byService = await api("GET", "user_service_interests?search_keyword=morning%20walk", { token });
    expect(byService.status).toBe(200);
    const rows = byService.json.data as { service_name: string; user_name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.service_name === "Morning Walk")).toBe(true);

    const someone = all.data[0];
    const firstWord = someone.user_name.split(" ")[0];
    const byUser = await list(admin, { search_keyword: firstWord });
    expect(byUser.data.some((r) => r.id === someone.id)).toBe(true);

    const page2 = await api("GET", "user_service_interests?page=2&rowsPerPage=4", { token });
    expect(page2.json.count).toBe(6);
    expect((page2.json.data as unknown[]).length).toBe(2);
    expect(
      (await api("GET", "user_service_interest_exports?search_keyword=walk", { token })).json.data,
    ).toMatch(/^\/api\/download\?/);
  });
});

describe("registering an interest (the app's user)", () => {
  it("records the caller's own interest; a second live one in the same service answers 422 on service_id", async () => {
    const svc = await newService(happy.id);
    const mine = await create(customerCtx, { service_id: svc.id, user_id: null });
    expect(mine).toMatchObject({ user_id: customer.id, service_id: svc.id, company_id: happy.id });

    const again = await failure(create(customerCtx, { service_id: String(svc.id) }));
    expect(again.status).toBe(422);
    expect(again.fieldErrors).toEqual({ service_id: INTEREST_MESSAGES.taken });

    // Deleted, it may be registered again; the old one then cannot be restored (409).
    await userServiceInterestsCrud.delete(admin, { id: mine.id });
    const renewed = await create(customerCtx, { service_id: svc.id });
    const clash = await failure(userServiceInterestsCrud.restore(admin, { id: mine.id }));
    expect(clash.status).toBe(409);
    expect(clash.message).toBe(INTEREST_MESSAGES.taken);
    expect(renewed.id).not.toBe(mine.id);
  });

  it("refuses another user's name from an app user, another company's or an inactive service", async () => {
    const svc = await newService(happy.id);
    const other = await failure(create(customerCtx, { service_id: svc.id, user_id: admin.userId }));
    expect(other.fieldErrors).toEqual({ user_id: INTEREST_MESSAGES.ownOnly });
    const foreign = await newService(wag.id);
    expect((await failure(create(customerCtx, { service_id: foreign.id }))).fieldErrors).toEqual({
      service_id: INTEREST_MESSAGES.service,
    });
    const inactive = await newService(happy.id, { is_active: 0 });
    expect((await failure(create(customerCtx, { service_id: inactive.id }))).fieldErrors).toEqual({
      service_id: INTEREST_MESSAGES.service,
    });
    expect((await failure(create(customerCtx, {}))).fieldErrors).toEqual({
      service_id: "The service field is required.",
    });
  });

  it("lets an admin name a user of the company (POST /api), not one of another company", async () => {
    const svc = await newService(happy.id);
    const r = await api("POST", "user_service_interests", {
      token,
      body: { service_id: svc.id, user_id: customer.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ user_id: customer.id, service_id: svc.id });
    const [wagUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.company_id, wag.id), eq(users.role_id, ROLE_IDS.USER)))
      .limit(1);
    const bad = await api("POST", "user_service_interests", {
      token,
      body: { service_id: svc.id, user_id: wagUser.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ user_id: [INTEREST_MESSAGES.user] });
  });
});

describe("changing and deleting interests", () => {
  it("PATCH changes the service and the status, never the user", async () => {
    const a = await newService(happy.id);
    const b = await newService(happy.id);
    const i = await create(customerCtx, { service_id: a.id });
    const r = await api("PATCH", `user_service_interests/${i.id}`, {
      token,
      body: { service_id: b.id, is_active: 0, user_id: admin.userId },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ service_id: b.id, is_active: 0, user_id: customer.id });
    const foreign = await newService(wag.id);
    expect((await failure(update(admin, { id: i.id, service_id: foreign.id }))).fieldErrors).toEqual({
      service_id: INTEREST_MESSAGES.service,
    });
  });

  it("deletes with the spec's text (screen and /api); /api restores on both paths", async () => {
    const svc = await newService(happy.id);
    const i = await create(customerCtx, { service_id: svc.id });
    const del = await actions.deleteServiceInterestAction(encodeId(i.id));
    expect(del.ok).toBe(true);
    expect(userServiceInterestsCrud.def.messages.deleted).toBe("Service request deleted successfully.");
    expect((await list(admin, {})).data.some((r) => r.id === i.id)).toBe(false);
    const res = await api("POST", `user-service-interests/restore/${i.id}`, { token });
    expect(res.json).toEqual({ message: "Service request restored successfully." });
    const del2 = await api("POST", `user_service_interests/delete/${i.id}`, { token });
    expect(del2.json).toEqual({ message: "Service request deleted successfully." });
    expect((await api("POST", `user_service_interests/restore/${i.id}`, { token })).status).toBe(200);
    // The screen has no restore action at all.
    expect("restoreServiceInterestAction" in actions).toBe(false);
  });

  it("keeps another company's interest out of reach (404)", async () => {
    const [foreign] = await db
      .select({ id: userServiceInterests.id })
      .from(userServiceInterests)
      .where(eq(userServiceInterests.company_id, wag.id))
      .limit(1);
    expect((await api("GET", `user_service_interests/${foreign.id}`, { token })).status).toBe(404);
    expect((await api("POST", `user_service_interests/delete/${foreign.id}`, { token })).status).toBe(404);
  });
});
