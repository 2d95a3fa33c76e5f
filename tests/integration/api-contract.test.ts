import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "@/db/schema";
import { apiRoutes } from "@/lib/api/routes";
import type { ApiRoute } from "@/lib/api/types";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { AppError, forbidden } from "@/lib/platform/errors";
import { ALL_PERMISSIONS, ROLE_IDS, type Permission } from "@/lib/platform/permissions";
import { adminEmail, api, DEMO_PASSWORD, seeded, superEmail, userId } from "../support/fixtures";
import { callersLacking, lackKey, type TestCaller } from "../support/permission-callers";
import { samples, type Env, type Sample } from "./contract";
import { foreignTrash, type Trash } from "./contract/trash";

/**
 * The contract every /api route keeps, derived from the route table: no token → 401; a token holding every
 * permission but the route's own → 403, from the dispatcher and from the handler itself; another company's record →
 * 404; a valid call → 2xx with an answer its `output` schema accepts; list routes page by `cursor` as by `page`.
 * Each route needs a sample in ./contract/<area>.ts; a route added without one fails this suite. The checks are
 * functions answering problems, so the suite can show that they catch a wrong declaration.
 */
type UserRoute = Extract<ApiRoute, { auth: "user" }>;
const key = (r: ApiRoute) => `${r.method} ${r.path}`;
const userRoutes = apiRoutes.filter((r): r is UserRoute => r.auth === "user");

/** User routes any signed-in user may call: no permission and no variants, each on purpose. */
const OPEN_ROUTES: ReadonlySet<string> = new Set([
  "POST logout",
  "GET me",
  "POST user_timestamps",
  // One's own password.
  "POST change_password",
  // Branding of the acting company, for every app user.
  "GET get_company/:id",
  // The caller's own notifications.
  "GET notifications",
  // The caller's own career applications (issue 22).
  "GET my_career_requests",
  "POST notifications/read",
]);

/**
 * The deleted record of another company each owned restore route's `foreign` sample names: a live one would
 * answer 404 as "not in the trash", whatever the company scope.
 */
const TRASH_OF: Record<string, keyof Trash> = {
  "POST companies/restore/:id": "company",
  "POST positions/restore/:id": "position",
  "POST pjps/restore/:id": "pjp",
  "POST users/restore/:id": "user",
  "POST services/restore/:id": "service",
  "POST banners/restore/:id": "banner",
  "POST state_holidays/restore/:id": "state_holiday",
  "POST state_gsts/restore/:id": "state_gst",
  "POST outlets/restore/:id": "outlet",
  "POST plans/restore/:id": "plan",
  "POST user_service_interests/restore/:id": "user_service_interest",
  "POST user-service-interests/restore/:id": "user_service_interest",
  "POST blogs/restore/:id": "blog",
  "POST blog_details/restore/:id": "blog_detail",
  "POST franchisees/restore/:id": "franchisee",
  "POST master_franchisees/restore/:id": "master_franchisee",
  "POST kyc_document_types/restore/:id": "kyc_document_type",
  "POST franchisee_kyc_documents/restore/:id": "franchisee_kyc_document",
  "POST user_kyc_documents/restore/:id": "user_kyc_document",
  "POST pet_walkie_career_requests/restore/:id": "pet_walkie_career_request",
  "POST pet-walkie-career-requests/restore/:id": "pet_walkie_career_request",
  "POST pet_trainer_career_requests/restore/:id": "pet_trainer_career_request",
  "POST pet-trainer-career-requests/restore/:id": "pet_trainer_career_request",
  "POST franchisee_career_requests/restore/:id": "franchisee_career_request",
  "POST franchisee-career-requests/restore/:id": "franchisee_career_request",
  "POST daycare_career_requests/restore/:id": "daycare_career_request",
  "POST daycare-career-requests/restore/:id": "daycare_career_request",
  "POST leave_requests/restore/:id": "leave_request",
  "POST customer_walk_requests/restore/:id": "customer_walk_request",
  "POST user_monthly_job_requests/restore/:id": "user_monthly_job_request",
  "POST daily_job_plans/restore/:id": "daily_job_plan",
  "POST user_pets/restore/:id": "user_pet",
  "POST user_addresses/restore/:id": "user_address",
};

const FORBIDDEN = forbidden().message;
const NOT_FOUND = { message: "Not found." };

let env: Env;
let callers: Map<string, TestCaller>;

/** What a caller must lack for the route to refuse them: its permission, or every one of its variants. */
function deniedBy(route: UserRoute): Permission[] | null {
  if (route.permission) return [route.permission];
  return route.variants?.length ? [...route.variants] : null;
}

const bodyOf = (route: ApiRoute, s: Sample, e: Env) =>
  s.body && route.method !== "GET" ? s.body(e) : undefined;
const show = (json: unknown) => JSON.stringify(json)?.slice(0, 300);

/** The path parameters of a concrete path, matched against a route's pattern (null when it does not match). */
function paramsOf(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split("/");
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].startsWith(":")) params[parts[i].slice(1)] = segments[i];
    else if (parts[i] !== segments[i]) return null;
  }
  return params;
}

/**
 * Runs the row's own handler, past the dispatcher (which enforces the declared permission and so would hide a row
 * declaring another permission than its domain function checks). Answers what the handler threw, or `{ answered }`.
 */
async function callHandler(route: UserRoute, path: string, body: unknown, ctx: Ctx, token: string) {
  const url = new URL(`http://localhost/api/${path}`);
  const params = paramsOf(route.path, url.pathname.replace(/^\/api\//, "").split("/"));
  if (!params) return new Error(`the sample path ${path} does not match ${route.path}`);
  const request = new Request(url, { method: route.method, headers: { authorization: `Bearer ${token}` } });
  try {
    const answered = await route.handler({
      ctx,
      params,
      query: url.searchParams,
      body: (body ?? {}) as Record<string, unknown>,
      files: {},
      request,
    });
    return { answered };
  } catch (e) {
    return e;
  }
}

const outcome = (e: unknown) =>
  e instanceof AppError
    ? `${e.status} ${e.message}`
    : e instanceof Error
      ? `threw ${e.message}`
      : `answered ${show((e as { answered: unknown }).answered) ?? "a response"}`;

/**
 * 403 for a caller holding every registry permission but the route's own (or, with variants, but all of them):
 * through /api, and from the handler alone. A route with neither must be one of OPEN_ROUTES.
 */
async function forbiddenProblems(route: UserRoute, s: Sample, e: Env): Promise<string[]> {
  const lacks = deniedBy(route);
  if (!lacks)
    return OPEN_ROUTES.has(key(route))
      ? []
      : ["declares neither a permission nor variants (and is not one of the open routes of this suite)"];
  const who = callers.get(lackKey(lacks));
  if (!who) return [`no test caller lacking ${lacks.join(", ")} (add the set to beforeAll)`];
  const problems: string[] = [];
  const path = await s.path(e);
  const r = await api(route.method, path, { token: who.token, body: bodyOf(route, s, e) });
  if (r.status !== 403 || r.json?.message !== FORBIDDEN)
    problems.push(
      `/api answered ${r.status} ${show(r.json)} to a caller holding every permission but ${lacks.join(", ")}`,
    );
  const direct = await callHandler(route, path, bodyOf(route, s, e), await who.ctx(), who.token);
  if (!(direct instanceof AppError && direct.status === 403))
    problems.push(
      `its handler, called without ${lacks.join(", ")}, ${outcome(direct)} instead of refusing with 403`,
    );
  return problems;
}

/** 404 `{ message: "Not found." }` for another company's record; a route owning an id must have such a sample. */
async function foreignProblems(route: UserRoute, s: Sample, e: Env): Promise<string[]> {
  if (!s.foreign)
    return route.owned
      ? [`owns :${route.owned} but its sample has no \`foreign\` call (another company's id)`]
      : [];
  const r = await api(route.method, await s.foreign(e), { token: e.tokens.full, body: bodyOf(route, s, e) });
  return r.status === 404 && isDeepStrictEqual(r.json, NOT_FOUND)
    ? []
    : [`another company's record answered ${r.status} ${show(r.json)} instead of 404 ${show(NOT_FOUND)}`];
}

/** Keys no answer may carry anywhere (secrets the tables hold). */
const SECRET_KEYS: ReadonlySet<string> = new Set(["password_hash", "session_version", "token_hash"]);

function secretsIn(json: unknown, at = "answer"): string[] {
  if (!json || typeof json !== "object") return [];
  return Object.entries(json).flatMap(([k, v]) => [
    ...(SECRET_KEYS.has(k) && !Array.isArray(json) ? [`${at}.${k} is a secret`] : []),
    ...secretsIn(v, `${at}.${k}`),
  ]);
}

/**
 * A valid call's answer: no secret keys; the route's `output` schema when it declares one, else the documented
 * shape.
 */
function answerProblems(route: ApiRoute, json: Record<string, unknown> | null): string[] {
  const secrets = secretsIn(json);
  if (secrets.length) return secrets;
  if (route.output) {
    const parsed = route.output.safeParse(json);
    return parsed.success
      ? []
      : [`the answer does not match the output schema:\n${z.prettifyError(parsed.error)}`];
  }
  const j = json ?? {};
  if (route.shape === "list" && !(Array.isArray(j.data) && typeof j.count === "number"))
    return [`a list answer needs data[] and count: ${show(j)}`];
  if (route.shape === "data" && j.data === undefined) return [`a data answer needs data: ${show(j)}`];
  if (route.shape === "message" && typeof j.message !== "string")
    return [`a message answer needs message: ${show(j)}`];
  return [];
}

/** The sorts a list route documents in its query schema (`sort` enum), none when it documents none. */
function sortsOf(route: UserRoute): string[] {
  if (!(route.query instanceof z.ZodObject)) return [];
  let s: unknown = route.query.shape.sort;
  if (s instanceof z.ZodOptional) s = s.unwrap();
  return s instanceof z.ZodEnum ? (s.options as string[]) : [];
}

/**
 * Keyset paging of a list route, for its default order and every documented sort: with rowsPerPage=1, the page the
 * answer's `next_cursor` opens is 2xx, starts with another row than the first page, and holds the row numbered page
 * 2 holds. Lists that answer no cursor are skipped.
 */
async function cursorProblems(route: UserRoute, s: Sample, e: Env, token: string): Promise<string[]> {
  const problems: string[] = [];
  const base = new URL(`http://localhost/${await s.path(e)}`);
  const get = async (set: Record<string, string>) => {
    const q = new URLSearchParams(base.search);
    for (const k of ["page", "cursor", "sort"]) q.delete(k);
    q.set("rowsPerPage", "1");
    for (const [k, v] of Object.entries(set)) q.set(k, v);
    return api("GET", `${base.pathname.slice(1)}?${q}`, { token });
  };
  for (const sort of [null, ...sortsOf(route)]) {
    const by: Record<string, string> = sort ? { sort } : {};
    const label = sort ? `sort=${sort}` : "the default order";
    const first = await get(by);
    if (first.status !== 200) {
      problems.push(`${label}: rowsPerPage=1 answered ${first.status} ${show(first.json)}`);
      continue;
    }
    const cursor = first.json.next_cursor;
    if (typeof cursor !== "string") continue;
    const next = await get({ ...by, cursor });
    if (next.status < 200 || next.status >= 300) {
      problems.push(`${label}: its next_cursor answered ${next.status} ${show(next.json)}`);
      continue;
    }
    const [a] = first.json.data as unknown[];
    const [b] = (next.json.data as unknown[] | undefined) ?? [];
    if (b !== undefined && isDeepStrictEqual(a, b))
      problems.push(`${label}: the cursor page repeats the first row`);
    const [numbered] = ((await get({ ...by, page: "2" })).json.data as unknown[] | undefined) ?? [];
    if (!isDeepStrictEqual(b, numbered))
      problems.push(
        `${label}: the cursor page starts with ${show(b)}, numbered page 2 with ${show(numbered)}`,
      );
  }
  return problems;
}

beforeAll(async () => {
  // The suite sends more than a token's 600 calls a minute (every route, per permission): a scaled budget, as the
  // hardening test does; tests/integration/security.test.ts checks the real one.
  process.env.RATE_LIMIT_SCALE = "100";
  const { db, happy, wag } = await seeded();
  const [spare] = await db.select().from(companies).where(eq(companies.name, "Bark Buddies Mumbai 1"));
  const [customer] = await db.select().from(users).where(eq(users.role_id, ROLE_IDS.USER)).limit(1);
  // One caller per permission a route names (and per variant set), one holding everything; the checks of
  // "the 403 check" below need a few more sets.
  const sets: Permission[][] = [[], ["roles.create", "roles.update"]];
  for (const r of userRoutes) {
    const lacks = deniedBy(r);
    if (lacks) sets.push(lacks);
  }
  callers = await callersLacking(db, happy.id, sets);
  env = {
    db,
    happyId: happy.id,
    wagId: wag.id,
    spareId: spare.id,
    trash: await foreignTrash(db, wag.id),
    tokens: {
      admin: await issueApiToken(await userId(adminEmail)),
      super: await issueApiToken(await userId(superEmail)),
      customer: await issueApiToken(customer.id),
      full: callers.get("")!.token,
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

  it("tries a restore of another company's record on a deleted one (env.trash)", async () => {
    const restores = userRoutes.filter((r) => r.owned && /(^|\/)restore\/:id$/.test(r.path)).map(key);
    expect(restores.sort()).toEqual(Object.keys(TRASH_OF).sort());
    for (const [k, kind] of Object.entries(TRASH_OF))
      expect(await samples[k].foreign?.(env), k).toBe(
        k.split(" ")[1].replace(":id", String(env.trash[kind])),
      );
  });

  it("names every open route of this suite, and each is open", () => {
    const open = userRoutes.filter((r) => !deniedBy(r)).map(key);
    expect([...OPEN_ROUTES].filter((k) => !open.includes(k))).toEqual([]);
  });

  it("answers 404 for an unknown path and 405 for a known path with another method", async () => {
    expect((await api("GET", "no_such_thing", { token: env.tokens.admin })).status).toBe(404);
    expect((await api("DELETE", "companies", { token: env.tokens.admin })).status).toBe(405);
  });

  it("refuses with test callers that lack exactly their permissions", async () => {
    for (const who of callers.values()) {
      const ctx = await who.ctx();
      expect(ctx.companyId).toBe(env.happyId);
      expect([...ctx.permissions].sort()).toEqual(
        ALL_PERMISSIONS.filter((p) => !who.lacks.includes(p)).sort(),
      );
    }
  });
});

describe("the 403 check", () => {
  const positionsList = userRoutes.find((r) => key(r) === "GET positions")!;
  const positionsSave = userRoutes.find((r) => key(r) === "POST positions")!;

  it("passes a route declared with its domain function's permission", async () => {
    expect(await forbiddenProblems(positionsList, samples["GET positions"], env)).toEqual([]);
  });

  it("catches a route declared with another permission than its handler checks", async () => {
    const wrong: UserRoute = { ...positionsList, permission: "roles.list" };
    const problems = await forbiddenProblems(wrong, samples["GET positions"], env);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^\/api answered 200 .* but roles\.list$/);
    expect(problems[1]).toMatch(/^its handler, called without roles\.list, answered \{"data"/);
  });

  it("catches variants naming other permissions than the handler checks", async () => {
    const wrong: UserRoute = { ...positionsSave, variants: ["roles.create", "roles.update"] };
    let n = 0;
    // A fresh name per call: the handler, not checking roles.*, creates the position each time.
    const sample = {
      ...samples["POST positions"],
      body: () => ({ name: `Contract Wrong Variants ${++n}`, position_permissions: [] }),
    };
    const problems = await forbiddenProblems(wrong, sample, env);
    expect(problems.length).toBe(2);
    expect(problems.join("\n")).toMatch(/without roles\.create, roles\.update, answered \{"data"/);
  });

  it("catches a route that declares neither a permission nor variants", async () => {
    const open: UserRoute = { ...positionsList, permission: null };
    expect(await forbiddenProblems(open, samples["GET positions"], env)).toEqual([
      "declares neither a permission nor variants (and is not one of the open routes of this suite)",
    ]);
  });
});

describe.each(userRoutes.map((r) => [key(r), r] as const))("%s", (k, route) => {
  const s = samples[k] as Sample | undefined;
  if (!s) return;
  const call = async (token: string | undefined, path: string) =>
    api(route.method, path, { token, body: bodyOf(route, s, env) });
  const tokenOf = () => (s.as === "super" ? env.tokens.super : env.tokens.admin);

  it("answers 401 without a token, and with a bad one", async () => {
    expect((await call(undefined, await s.path(env))).status).toBe(401);
    expect((await call("not-a-token", await s.path(env))).status).toBe(401);
  });

  // Before the 403 check, so the paths of samples that make their record in `before` name a real record.
  it("answers a valid call with its documented answer", async () => {
    if (s.valid) return s.valid(env);
    await s.before?.(env);
    // Logout spends its own token.
    const token = k === "POST logout" ? await issueApiToken(await userId(adminEmail)) : tokenOf();
    const r = await call(token, await s.path(env));
    expect(r.status, show(r.json)).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(300);
    if (route.shape !== "file") expect(answerProblems(route, r.json)).toEqual([]);
    await s.after?.(env);
  });

  it(`answers 403 to a caller holding every permission but ${deniedBy(route)?.join(", ") ?? "none (open)"}`, async () => {
    expect(await forbiddenProblems(route, s, env)).toEqual([]);
  });

  if (route.owned || s.foreign) {
    it("answers 404 for another company's record", async () => {
      expect(await foreignProblems(route, s, env)).toEqual([]);
    });
  }

  if (route.shape === "list") {
    it("pages by cursor like by page number", async () => {
      expect(await cursorProblems(route, s, env, tokenOf())).toEqual([]);
    });
  }
});

/** A valid call of each public route answering JSON, with no effect worth undoing (the document answers itself). */
const PUBLIC_BODIES: Record<string, () => unknown> = {
  "POST login": () => ({ email: adminEmail, password: DEMO_PASSWORD, is_web: false }),
  // Step 1 for an email no account has: the same answer as for a real one, and no mail.
  "POST forgot_password": () => ({ email: "nobody@contract.test" }),
};

describe("the public routes", () => {
  const publicRoutes = apiRoutes.filter((r) => r.auth === "public" && r.shape !== "document");

  it("have a sample each", () => {
    expect(publicRoutes.map(key).sort()).toEqual(Object.keys(PUBLIC_BODIES).sort());
  });

  it.each(publicRoutes.map((r) => [key(r), r] as const))(
    "%s answers what its output schema says",
    async (k, r) => {
      const res = await api(r.method, r.path, { body: PUBLIC_BODIES[k]?.() });
      expect(res.status, show(res.json)).toBe(200);
      expect(r.output).toBeDefined();
      expect(answerProblems(r, res.json)).toEqual([]);
    },
  );
});
