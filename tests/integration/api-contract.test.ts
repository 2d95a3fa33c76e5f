import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, permissions, rolePermissions, users } from "@/db/schema";
import { apiRoutes } from "@/lib/api/routes";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_PASSWORD, adminEmail, api, seeded, superEmail, tokenFor } from "../support/fixtures";

/**
 * The contract every /api route keeps, derived from the route table: no token → 401, a token without the
 * permission → 403, another company's record → 404, a valid call → 2xx with the documented shape.
 * Each route needs a sample here; a route added without one fails this suite.
 */
type Env = { happyId: number; wagId: number; spareId: number };
type Sample = { path: (e: Env) => string; body?: (e: Env) => unknown; foreign?: (e: Env) => string };

const samples: Record<string, Sample> = {
  "POST logout": { path: () => "logout" },
  "GET me": { path: () => "me" },
  "POST user_timestamps": {
    path: () => "user_timestamps",
    body: () => ({ from_path: "/home", from_name: "Home", timespent: 12 }),
  },
  "GET companies": { path: () => "companies?page=1&rowsPerPage=5" },
  "GET companies/excel_export": { path: () => "companies/excel_export?is_active=1" },
  "POST companies": {
    path: () => "companies",
    body: () => ({
      name: "Contract Co",
      email: "c@contract.test",
      phone: "+91 90000 12345",
      address: "1 Road",
    }),
  },
  "POST companies/upload_logo_path": { path: () => "companies/upload_logo_path" },
  "POST companies/delete/:id": {
    path: (e) => `companies/delete/${e.spareId}`,
    foreign: (e) => `companies/delete/${e.wagId}`,
  },
  "POST companies/restore/:id": {
    path: (e) => `companies/restore/${e.spareId}`,
    foreign: (e) => `companies/restore/${e.wagId}`,
  },
  "GET companies/:id": { path: (e) => `companies/${e.happyId}`, foreign: (e) => `companies/${e.wagId}` },
  "PATCH companies/:id": {
    path: (e) => `companies/${e.happyId}`,
    body: () => ({ city: "Thane" }),
    foreign: (e) => `companies/${e.wagId}`,
  },
  "GET get_company/:id": {
    path: (e) => `get_company/${e.happyId}`,
    foreign: (e) => `get_company/${e.wagId}`,
  },
};

const key = (r: (typeof apiRoutes)[number]) => `${r.method} ${r.path}`;
const userRoutes = apiRoutes.filter((r) => r.auth === "user");

let env: Env;
let adminToken: string;
let customerToken: string;
let superToken: string;

beforeAll(async () => {
  const { db, happy, wag } = await seeded();
  // The ADMIN role gets the super admin's company grants here, so that scoping (not the permission) is what answers 404.
  const extra = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.permission_name, ["companies.delete", "companies.restore"]));
  await db
    .insert(rolePermissions)
    .values(extra.map((p) => ({ role_id: ROLE_IDS.ADMIN, permission_id: p.id })))
    .onConflictDoNothing();
  const [spare] = await db.select().from(companies).where(eq(companies.name, "Bark Buddies Mumbai 1"));
  env = { happyId: happy.id, wagId: wag.id, spareId: spare.id };
  superToken = await tokenFor(superEmail);
  adminToken = await tokenFor(adminEmail);
  const [customer] = await db.select().from(users).where(eq(users.role_id, ROLE_IDS.USER)).limit(1);
  const r = await api("POST", "login", {
    body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
  });
  customerToken = (r.json as { token: string }).token;
});

describe("the route table", () => {
  it("has a contract sample for every route and no stale samples", () => {
    expect(userRoutes.map(key).filter((k) => !samples[k])).toEqual([]);
    expect(Object.keys(samples).filter((k) => !userRoutes.some((r) => key(r) === k))).toEqual([]);
  });

  it("has no two routes with the same method and path", () => {
    const keys = apiRoutes.map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("answers 404 for an unknown path and 405 for a known path with another method", async () => {
    expect((await api("GET", "no_such_thing", { token: adminToken })).status).toBe(404);
    expect((await api("DELETE", "companies", { token: adminToken })).status).toBe(405);
  });
});

describe.each(userRoutes.map((r) => [key(r), r] as const))("%s", (k, route) => {
  const s = samples[k];
  const call = (token: string | undefined, path: string) =>
    api(route.method, path, { token, body: s.body && route.method !== "GET" ? s.body(env) : undefined });

  it("answers 401 without a token, and with a bad one", async () => {
    expect((await call(undefined, s.path(env))).status).toBe(401);
    expect((await call("not-a-token", s.path(env))).status).toBe(401);
  });

  if (route.auth === "user" && route.permission) {
    it(`answers 403 to a token without ${route.permission}`, async () => {
      expect((await call(customerToken, s.path(env))).status).toBe(403);
    });
  }

  if (s.foreign) {
    it("answers 404 for another company's record", async () => {
      const r = await call(adminToken, s.foreign!(env));
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ message: "Not found." });
    });
  }

  it("answers a valid call with the documented shape", async () => {
    if (k === "POST companies/upload_logo_path") {
      // Multipart: the images suite sends real files; here a call with no file answers field errors.
      const form = new FormData();
      form.set("id", String(env.happyId));
      const r = await api("POST", s.path(env), { token: adminToken, form });
      expect(r.status).toBe(422);
      expect(r.json.errors!.logo_path).toBeDefined();
      return;
    }
    if (k === "POST companies/restore/:id")
      await api("POST", `companies/delete/${env.spareId}`, { token: superToken });
    // Company creation and the spare company's delete and restore belong to the SUPER ADMIN; logout spends its own token.
    const asSuper = ["POST companies", "POST companies/delete/:id", "POST companies/restore/:id"].includes(k);
    const token = asSuper ? superToken : k === "POST logout" ? await tokenFor(adminEmail) : adminToken;
    const r = await call(token, s.path(env));
    expect(r.status, JSON.stringify(r.json)).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(300);
    if (route.shape === "list") {
      expect(Array.isArray(r.json.data)).toBe(true);
      expect(typeof r.json.count).toBe("number");
    } else if (route.shape === "data") expect(r.json.data).toBeDefined();
    else if (route.shape === "message") expect(typeof r.json.message).toBe("string");
    if (k === "POST companies/delete/:id")
      await api("POST", `companies/restore/${env.spareId}`, { token: superToken });
  });
});
