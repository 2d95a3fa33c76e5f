import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { permissions, rolePermissions, users } from "@/db/schema";
import { masters } from "@/lib/registry";
import type { Db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_LOGINS, DEMO_PASSWORD, adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

// Each masters context needs a permission of the screens that use it (context=user: the users screens).

let db: Db;
let customerToken: string;
const USERS_SCREENS = ["users.list", "users.view", "users.create", "users.update"];

beforeAll(async () => {
  ({ db } = await seeded());
  const [customer] = await db.select().from(users).where(eq(users.role_id, ROLE_IDS[ROLE.USER])).limit(1);
  const r = await api("POST", "login", {
    body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
  });
  customerToken = (r.json as { token: string }).token;
});

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e) => (e instanceof AppError ? e.status : 500),
  );

describe("GET masters", () => {
  it("answers an admin of the company", async () => {
    const r = await api("GET", "masters?context=user", { token: await tokenFor(adminEmail) });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.data as object).sort()).toEqual(["franchisees", "positions"]);
  });

  it("refuses a customer's token with 403", async () => {
    const r = await api("GET", "masters?context=user&franchise_kyc=1&franchisee_status=1", {
      token: customerToken,
    });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ message: "You are not authorized to perform this action." });
  });

  it("refuses a role holding none of the users screens' permissions, and answers it once it holds one", async () => {
    const mf = ROLE_IDS[ROLE.MASTER_FRANCHISEE];
    const perms = await db
      .select({ id: permissions.id, name: permissions.permission_name })
      .from(permissions)
      .where(inArray(permissions.permission_name, USERS_SCREENS));
    await db.delete(rolePermissions).where(
      and(
        eq(rolePermissions.role_id, mf),
        inArray(
          rolePermissions.permission_id,
          perms.map((p) => p.id),
        ),
      ),
    );
    const email = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];
    const token = await tokenFor(email);
    expect((await api("GET", "masters?context=user", { token })).status).toBe(403);
    expect(await statusOf(masters.get(await ctxFor(email), new URLSearchParams("context=user")))).toBe(403);

    const list = perms.find((p) => p.name === "users.list")!;
    await db.insert(rolePermissions).values({ role_id: mf, permission_id: list.id });
    expect((await api("GET", "masters?context=user", { token })).status).toBe(200);
  });

  it("answers 422 for an unknown or missing context", async () => {
    const token = await tokenFor(adminEmail);
    for (const path of ["masters?context=nope", "masters", "masters?context=__proto__"]) {
      const r = await api("GET", path, { token });
      expect(r.status, path).toBe(422);
      expect(r.json.errors).toEqual({ context: ["The selected context is invalid."] });
    }
  });
});
