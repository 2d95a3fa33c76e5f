import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, permissions, rolePermissions, users } from "@/db/schema";
import { apiRoutes } from "@/lib/api/routes";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_PASSWORD, adminEmail, api, seeded, superEmail, tokenFor } from "../support/fixtures";
import { samples, type Env } from "./contract";

/**
 * The contract every /api route keeps, derived from the route table: no token → 401, a token without the
 * permission → 403, another company's record → 404, a valid call → 2xx with the documented shape.
 * Each route needs a sample in ./contract/<area>.ts; a route added without one fails this suite.
 */
const key = (r: (typeof apiRoutes)[number]) => `${r.method} ${r.path}`;
const userRoutes = apiRoutes.filter((r) => r.auth === "user");

let env: Env;

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
  const [customer] = await db.select().from(users).where(eq(users.role_id, ROLE_IDS.USER)).limit(1);
  const r = await api("POST", "login", {
    body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
  });
  env = {
    db,
    happyId: happy.id,
    wagId: wag.id,
    spareId: spare.id,
    tokens: {
      admin: await tokenFor(adminEmail),
      super: await tokenFor(superEmail),
      customer: (r.json as { token: string }).token,
    },
  };
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
    expect((await api("GET", "no_such_thing", { token: env.tokens.admin })).status).toBe(404);
    expect((await api("DELETE", "companies", { token: env.tokens.admin })).status).toBe(405);
  });
});

describe.each(userRoutes.map((r) => [key(r), r] as const))("%s", (k, route) => {
  const s = samples[k];
  const call = async (token: string | undefined, path: string) =>
    api(route.method, path, { token, body: s.body && route.method !== "GET" ? s.body(env) : undefined });

  it("answers 401 without a token, and with a bad one", async () => {
    expect((await call(undefined, await s.path(env))).status).toBe(401);
    expect((await call("not-a-token", await s.path(env))).status).toBe(401);
  });

  if (route.auth === "user" && (route.permission || s.customerDenied)) {
    it(`answers 403 to a token without ${route.permission ?? "the permission"}`, async () => {
      expect((await call(env.tokens.customer, await s.path(env))).status).toBe(403);
    });
  }

  if (s.foreign) {
    it("answers 404 for another company's record", async () => {
      const r = await call(env.tokens.admin, await s.foreign!(env));
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ message: "Not found." });
    });
  }

  it("answers a valid call with the documented shape", async () => {
    if (s.valid) return s.valid(env);
    await s.before?.(env);
    // Logout spends its own token.
    const token =
      s.as === "super"
        ? env.tokens.super
        : k === "POST logout"
          ? await tokenFor(adminEmail)
          : env.tokens.admin;
    const r = await call(token, await s.path(env));
    expect(r.status, JSON.stringify(r.json)).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(300);
    if (route.shape === "list") {
      expect(Array.isArray(r.json.data)).toBe(true);
      expect(typeof r.json.count).toBe("number");
    } else if (route.shape === "data") expect(r.json.data).toBeDefined();
    else if (route.shape === "message") expect(typeof r.json.message).toBe("string");
    await s.after?.(env);
  });
});
