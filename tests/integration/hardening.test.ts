import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companies, modules, permissions, positions, users } from "@/db/schema";
import { dispatch } from "@/lib/api/dispatch";
import { apiRoutes } from "@/lib/api/routes";
import { updateProfile } from "@/lib/admin/users/profile";
import { createUser } from "@/lib/admin/users/users";
import type { Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_PASSWORD, adminEmail, api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";

// The cookie caller (the portal's session) is read through next-auth; here it answers a chosen user.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

/**
 * Bad input from outside must answer a clear 4xx, never 500: ids past PostgreSQL's integer range, path segments
 * Next has already decoded, `Origin: null`, null characters, unreadable bodies, names at their maximum length,
 * and tokens of a deleted user.
 */

const OUT_OF_RANGE = 99999999999;
const NUL = "\u0000";
const CLIENT_ERRORS = [400, 403, 404, 422];

let db: Db;
let happyId: number;
let adminToken: string;
let superToken: string;
let positionId: number;
let franchiseeId: number;
let moduleId: number;
let permissionId: number;
let companyId: number;

type RawInit = { token?: string; companyId?: number | string; headers?: Record<string, string> } & Pick<
  RequestInit,
  "body"
>;

/**
 * Calls the dispatcher as Next's route handler does: the catch-all's segments arrive decoded once (`%25` → `%`,
 * `%00` → NUL), while the URL keeps them encoded.
 */
async function raw(method: string, segments: string[], o: RawInit = {}, search = "") {
  const headers = new Headers(o.headers);
  if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  if (o.companyId != null) headers.set("company-id", String(o.companyId));
  const url = `http://localhost/api/${segments.map(encodeURIComponent).join("/")}${search}`;
  const init: RequestInit & { duplex?: "half" } = { method, headers, body: o.body };
  if (o.body instanceof ReadableStream) init.duplex = "half";
  const res = await dispatch(new Request(url, init), segments);
  const text = await res.text();
  let json: { message?: string; errors?: Record<string, string[]> } | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** A seeded customer of Happy Paws (they sign in with the demo password), never one this file created. */
async function happyCustomer(): Promise<typeof users.$inferSelect> {
  const [u] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.company_id, happyId),
        eq(users.role_id, ROLE_IDS.USER),
        eq(users.is_active, 1),
        isNull(users.deleted_at),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return u;
}

// Every write route of the table is called several times with the same two tokens: more than a token's minute of
// calls (600). The budgets are not what this file tests (tests/integration/security.test.ts does).
beforeAll(() => void (process.env.RATE_LIMIT_SCALE = "100"));
afterAll(() => void delete process.env.RATE_LIMIT_SCALE);

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  adminToken = await tokenFor(adminEmail);
  superToken = await tokenFor(superEmail);
  const [p] = await db.select().from(positions).where(eq(positions.company_id, happyId)).limit(1);
  positionId = p.id;
  const customer = await happyCustomer();
  franchiseeId = customer.franchisee_id ?? 0;
  const [m] = await db.insert(modules).values({ name: "Hardening Module" }).returning();
  moduleId = m.id;
  const [perm] = await db
    .insert(permissions)
    .values({ module_id: m.id, permission_name: "hardening.scratch" })
    .returning();
  permissionId = perm.id;
  const [c] = await db.select().from(companies).where(eq(companies.name, "Bark Buddies Mumbai 1"));
  companyId = c.id;
});

describe("ids past the 32-bit range", () => {
  it("answers 404 for a path id, like a missing record", async () => {
    for (const id of ["99999999999", "2147483648", "2147483647"]) {
      expect((await api("GET", `positions/${id}`, { token: adminToken })).status).toBe(404);
      expect((await api("GET", `users/${id}`, { token: adminToken })).status).toBe(404);
      expect((await api("POST", `users/delete/${id}`, { token: adminToken })).status).toBe(404);
    }
  });

  it("answers 422 on the field for a reference in the body (as a number or as digits)", async () => {
    const user = { first_name: "Range", last_name: "Check", email: "range.check@happypaws.test" };
    for (const big of [OUT_OF_RANGE, String(OUT_OF_RANGE), 2147483648]) {
      const r = await api("POST", "users", { token: adminToken, body: { ...user, position_id: big } });
      expect(r.status).toBe(422);
      expect(r.json.errors?.position_id).toEqual(["The selected position is invalid."]);
      const f = await api("POST", "users", {
        token: adminToken,
        body: { ...user, position_id: positionId, franchisee_id: big, upline_user_id: big },
      });
      expect(f.status).toBe(422);
      expect(f.json.errors?.franchisee_id).toEqual(["The selected franchisee is invalid."]);
      expect(f.json.errors?.upline_user_id).toEqual(["The selected upline user is invalid."]);
      const p = await api("POST", "positions", { token: adminToken, body: { id: big, name: "Big" } });
      expect(p.status).toBe(422);
      expect(p.json.errors?.id).toEqual(["The selected id is invalid."]);
    }
  });

  it("refuses an out-of-range reference in a server action's input too (no dispatcher in front)", async () => {
    const admin = await ctxFor(adminEmail);
    const err = await createUser(admin, {
      first_name: "Range",
      last_name: "Action",
      email: "range.action@happypaws.test",
      position_id: OUT_OF_RANGE,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).fieldErrors?.position_id).toBe("The selected position is invalid.");
  });

  it("answers 403 for a company-id header no company can have", async () => {
    for (const header of ["99999999999", "9999999999", "2147483648"]) {
      const r = await api("GET", "users", { token: adminToken, companyId: header });
      expect(r.status).toBe(403);
    }
    expect((await api("GET", "users", { token: adminToken, companyId: happyId })).status).toBe(200);
  });
});

describe("every route of the table", () => {
  const routes = apiRoutes.filter((r) => r.auth === "user" && r.path.includes(":"));
  // What Next hands the dispatcher for /99999999999, /%25, /%2525 and /%00.
  const badSegments = [String(OUT_OF_RANGE), "2147483648", "%", "%25", NUL];

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers a 4xx for a bad path parameter",
    async (_key, route) => {
      const answers: string[] = [];
      for (const bad of badSegments) {
        const segments = route.path.split("/").map((p) => (p.startsWith(":") ? bad : p));
        for (const as of [{ token: adminToken }, { token: superToken, companyId: happyId }]) {
          const r = await raw(route.method, segments, as);
          if (!CLIENT_ERRORS.includes(r.status)) answers.push(`${JSON.stringify(bad)} → ${r.status}`);
        }
      }
      expect(answers).toEqual([]);
    },
  );

  it("answers 404 (not 500) for GET /api/positions/%25", async () => {
    const r = await raw("GET", ["positions", "%"], { token: adminToken });
    expect(r.status).toBe(404);
  });

  // Every POST and PATCH route, public ones too, with a body that is valid where it can be and one field spoilt.
  const writes = apiRoutes.filter((r) => r.method === "POST" || r.method === "PATCH");
  let n = 0;
  const base = () => {
    n += 1;
    return {
      name: `Hardening ${n}`,
      first_name: "Hard",
      middle_name: "En",
      last_name: "Ing",
      email: `hardening${n}@happypaws.test`,
      password: DEMO_PASSWORD,
      phone: "+91 90000 12345",
      address: "1 Road",
      city: "Thane",
      position_id: positionId,
      franchisee_id: franchiseeId || undefined,
      module_id: moduleId,
      permission_name: `hardening.p${n}`,
      position_permissions: [permissionId],
      role_permissions: [permissionId],
      from_path: "/home",
      from_name: "Home",
      timespent: 12,
      is_active: 1,
    };
  };
  const idKeys = [
    "id",
    "position_id",
    "franchisee_id",
    "upline_user_id",
    "module_id",
    "company_id",
    "role_id",
    "user_id",
    "permission_id",
  ];
  const variants: [string, () => Record<string, unknown>][] = [
    ...idKeys.map(
      (k) =>
        [`${k}: ${OUT_OF_RANGE}`, () => ({ ...base(), [k]: OUT_OF_RANGE })] as [
          string,
          () => Record<string, unknown>,
        ],
    ),
    [`id: "${OUT_OF_RANGE}"`, () => ({ ...base(), id: String(OUT_OF_RANGE) })],
    [`position_permissions: [${OUT_OF_RANGE}]`, () => ({ ...base(), position_permissions: [OUT_OF_RANGE] })],
    [
      "a null character in every text",
      () =>
        Object.fromEntries(
          Object.entries(base()).map(([k, v]) => [k, typeof v === "string" ? `a${NUL}b` : v]),
        ),
    ],
    ["a null character deep inside", () => ({ ...base(), extra: [{ note: `x${NUL}` }] })],
  ];
  // PATCH rows edit a real record; POST rows with an id in the path get one no record has.
  const pathFor = (path: string, method: string) => {
    const id =
      method !== "PATCH"
        ? 2147483647
        : path.startsWith("modules")
          ? moduleId
          : path.startsWith("permissions")
            ? permissionId
            : companyId;
    return path.split("/").map((p) => (p.startsWith(":") ? String(id) : p));
  };

  it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s answers no 5xx to an out-of-range id or a null character in its body",
    async (_key, route) => {
      const answers: string[] = [];
      for (const [label, body] of variants) {
        const callers: { token?: string; companyId?: number }[] =
          route.auth === "public"
            ? [{}]
            : route.path === "logout"
              ? [{ token: await tokenFor(adminEmail) }]
              : [{ token: adminToken }, { token: superToken, companyId: happyId }];
        for (const as of callers) {
          const r = await raw(route.method, pathFor(route.path, route.method), {
            ...as,
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body()),
          });
          if (r.status >= 500) answers.push(`${label} → ${r.status} ${r.json?.message}`);
          // A caller allowed to make the call learns why it was refused.
          if (label.startsWith("a null") && (route.auth === "public" || as.token === superToken))
            expect(r.status, label).toBe(400);
        }
      }
      expect(answers).toEqual([]);
    },
  );
});

describe("a cookie caller", () => {
  const cookieRequest = (origin: string | null) => {
    const headers = new Headers({
      cookie: "authjs.session-token=test",
      host: "localhost",
      "content-type": "application/json",
    });
    if (origin != null) headers.set("origin", origin);
    return new Request("http://localhost/api/notifications/read", { method: "POST", headers, body: "{}" });
  };

  it("answers 403 to Origin: null and to another site, and lets its own site through", async () => {
    session.ctx = await ctxFor(adminEmail);
    try {
      for (const origin of ["null", "https://evil.test", "not a url", null]) {
        const res = await dispatch(cookieRequest(origin), ["notifications", "read"]);
        expect(res.status, String(origin)).toBe(403);
      }
      const ok = await dispatch(cookieRequest("http://localhost"), ["notifications", "read"]);
      expect(ok.status).toBe(200);
    } finally {
      session.ctx = null;
    }
  });
});

describe("null characters", () => {
  it("are refused with 400 in a query value or a JSON body", async () => {
    const q = await api("GET", `users?search_keyword=a%00b`, { token: adminToken });
    expect(q.status).toBe(400);
    expect(q.json.message).toBe("The request may not contain a null character.");
    const b = await api("POST", "users", {
      token: adminToken,
      body: { first_name: `a${NUL}b`, last_name: "X", email: "nul@happypaws.test", position_id: positionId },
    });
    expect(b.status).toBe(400);
    // Multipart goes to calls that take files (others answer 415 before reading it).
    const form = new FormData();
    form.set("title", `a${NUL}`);
    expect((await api("POST", "upload_banner_image_path", { token: superToken, form })).status).toBe(400);
  });

  it("are refused with a field message by the shared schemas (server actions have no dispatcher)", async () => {
    const admin = await ctxFor(adminEmail);
    const err = await createUser(admin, {
      first_name: `a${NUL}b`,
      middle_name: `${NUL}`,
      last_name: "Nul",
      email: `nul${NUL}@happypaws.test`,
      position_id: positionId,
    }).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).fieldErrors).toMatchObject({
      first_name: "The first name may not contain a null character.",
      middle_name: "The middle name may not contain a null character.",
      email: "The email may not contain a null character.",
    });
  });
});

describe("unreadable bodies", () => {
  // Forms are read only by calls that take files (tests/integration/hostile-input.test.ts: others answer 415).
  const call = (type: string, body: BodyInit) =>
    raw("POST", type.includes("json") ? ["positions"] : ["upload_banner_image_path"], {
      token: type.includes("json") ? adminToken : superToken,
      headers: { "content-type": type },
      body,
    });

  it("answer 400 for a broken multipart body", async () => {
    for (const type of ["multipart/form-data; boundary=xyz", "multipart/form-data"]) {
      const r = await call(type, '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\ntrunc');
      expect(r.status).toBe(400);
      expect(r.json?.message).toBe("The request body could not be read.");
    }
  });

  it("answer 400 when the body stream fails (urlencoded or JSON)", async () => {
    for (const type of ["application/x-www-form-urlencoded", "application/json"]) {
      const failing = new ReadableStream({
        pull(c) {
          c.error(new Error("connection reset"));
        },
      });
      const r = await call(type, failing);
      expect(r.status).toBe(400);
      expect(r.json?.message).toBe("The request body could not be read.");
    }
  });
});

describe("names at their maximum length", () => {
  const names = (len: number) => ({
    first_name: "F".repeat(len),
    middle_name: "M".repeat(len),
    last_name: "L".repeat(len),
  });

  it("saves three 100-character names (the full name is cut to its column) and refuses 101", async () => {
    const ok = await api("POST", "users", {
      token: adminToken,
      body: { ...names(100), email: "long.names@happypaws.test", position_id: positionId },
    });
    expect(ok.status).toBe(200);
    const id = (ok.json.data as { id: number }).id;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row.first_name).toHaveLength(100);
    expect(row.user_name).toHaveLength(300);

    const edit = await api("POST", "users", {
      token: adminToken,
      body: {
        ...names(100),
        id,
        email: "long.names@happypaws.test",
        phone: "+91 90000 11111",
        position_id: positionId,
      },
    });
    expect(edit.status).toBe(200);

    const tooLong = await api("POST", "users", {
      token: adminToken,
      body: { ...names(101), email: "longer.names@happypaws.test", position_id: positionId },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors?.first_name).toEqual([
      "The first name may not be greater than 100 characters.",
    ]);
  });

  it("saves them on one's own profile", async () => {
    const admin = await ctxFor(adminEmail);
    const p = await updateProfile(admin, admin.userId, { ...names(100), phone: "+91 90000 22222" });
    expect(p.last_name).toHaveLength(100);
  });
});

describe("deleting a user", () => {
  it("revokes their tokens, which stay dead after a restore", async () => {
    const customer = await happyCustomer();
    const login = await api("POST", "login", {
      body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
    });
    expect(login.status).toBe(200);
    const token = (login.json as { token: string }).token;
    expect((await api("GET", "me", { token })).status).toBe(200);

    expect((await api("POST", `users/delete/${customer.id}`, { token: adminToken })).status).toBe(200);
    expect((await api("GET", "me", { token })).status).toBe(401);
    expect((await api("POST", `users/restore/${customer.id}`, { token: adminToken })).status).toBe(200);
    expect((await api("GET", "me", { token })).status).toBe(401);

    // The restored user signs in again as usual.
    const again = await api("POST", "login", {
      body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
    });
    expect(again.status).toBe(200);
  });
});
