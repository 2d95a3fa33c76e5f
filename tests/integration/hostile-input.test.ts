import { once } from "node:events";
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, users } from "@/db/schema";
import {
  BODY_LIMIT,
  BODY_SHAPE,
  checkJsonShape,
  dispatch,
  formPartCounter,
  MALFORMED_URL_MESSAGE,
} from "@/lib/api/dispatch";
import { apiRoutes } from "@/lib/api/routes";
import type { ApiRoute } from "@/lib/api/types";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { AppError } from "@/lib/platform/errors";
import { DEEP_PAGE_MESSAGE } from "@/lib/platform/list";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { GET as download } from "@/app/api/download/route";
import { adminEmail, linkRequest, seeded, superEmail, userId } from "../support/fixtures";
import { samples, type Env } from "./contract";
import { foreignTrash } from "./contract/trash";

/**
 * Hostile input over the whole route table (issue 21, items 4, 6 and 8): every GET route of the table gets
 * prototype keys as its sort, garbage and out-of-type cursors, a deep page, a null character and malformed
 * percent-encoding in its query; every route taking a body gets 1 MB of nested `[` and a 15,500-part multipart body.
 * Nothing answers 500; the bodies are refused (400/413/415) after reading at most 128 KB (~50 ms here), called through the dispatcher with a real
 * Request (the body streamed as Next streams it). A real node:http server in front of the dispatcher then shows a
 * signed-in GET /api/me never held behind a body (~100 ms here) while four clients send such bodies at once.
 */

type UserRoute = Extract<ApiRoute, { auth: "user" }>;
const key = (r: ApiRoute) => `${r.method} ${r.path}`;

let env: Env;
let superToken: string;

beforeAll(async () => {
  // Hundreds of calls a minute on two tokens: the budgets are tests/integration/security.test.ts's concern.
  process.env.RATE_LIMIT_SCALE = "100";
  const { db, happy, wag } = await seeded();
  const [spare] = await db.select().from(companies).where(eq(companies.name, "Bark Buddies Mumbai 1"));
  const [customer] = await db.select().from(users).where(eq(users.role_id, ROLE_IDS.USER)).limit(1);
  const admin = await issueApiToken(await userId(adminEmail));
  superToken = await issueApiToken(await userId(superEmail));
  env = {
    db,
    happyId: happy.id,
    wagId: wag.id,
    spareId: spare.id,
    trash: await foreignTrash(db, wag.id),
    tokens: { admin, super: superToken, customer: await issueApiToken(customer.id), full: admin },
  };
});
afterAll(() => void delete process.env.RATE_LIMIT_SCALE);

type Answer = {
  status: number;
  json: { message?: string; errors?: Record<string, string[]> } | null;
  ms: number;
};

/** One call of the dispatcher as Next's catch-all makes it: the URL as sent, the segments decoded once. */
async function call(
  method: string,
  pathAndQuery: string,
  o: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Answer> {
  const headers = new Headers(o.headers);
  if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  const url = `http://localhost/api/${pathAndQuery}`;
  const path = pathAndQuery.split("?")[0];
  const segments = path.split("/").map((s) => decodeURIComponent(s));
  const init: RequestInit & { duplex?: "half" } = {
    method,
    headers,
    body: o.body,
    ...(o.body instanceof ReadableStream ? { duplex: "half" as const } : {}),
  };
  const request = new Request(url, init);
  // The server's part: from the Request (as Next hands it over) to the answer read.
  const started = performance.now();
  const res = await dispatch(request, segments);
  const text = await res.text();
  const ms = performance.now() - started;
  let json: Answer["json"] = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, ms };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** The sorts a list route documents (its query schema's `sort` enum), as the contract suite reads them. */
function sortsOf(route: ApiRoute): string[] {
  if (!(route.query instanceof z.ZodObject)) return [];
  let s: unknown = route.query.shape.sort;
  if (s instanceof z.ZodOptional) s = s.unwrap();
  return s instanceof z.ZodEnum ? (s.options as string[]).filter((x) => !x.startsWith("-")) : [];
}

/** Cursors no list ever answered, whatever its sort: not base64 JSON, the wrong shape, a value of no sort's type. */
const BAD_CURSORS = [
  "garbage-not-a-cursor",
  "%%%",
  b64("x"),
  b64({ v: 1, id: 1 }),
  b64([{}, 1]),
  b64([[1], 1]),
  b64([1, -1]),
  b64([1, 1e308]),
  b64([1, "1"]),
  b64(["x".repeat(600), 1]),
  b64([1, 2, 3]),
];
/**
 * Values of one type sent for a sort of another (a string for a date or number sort, a number for a text sort, an
 * impossible date or time, 1e308 for an integer): each list refuses those that are not its sort's type with 422 and
 * takes the others; none answers 500.
 */
const TYPED_CURSORS = [
  b64([1e308, 1]),
  b64([-1e308, 1]),
  b64([2147483648, 1]),
  b64([1.5, 1]),
  b64(["a string", 1]),
  b64(["2026-02-31", 1]),
  b64(["2026-11-26", 1]),
  b64(["2026-11-26 25:61:00+00", 1]),
  b64(["2026-11-26 10:00:00.123456+05:30", 1]),
  b64(["99:99", 1]),
  b64(["10:30:00", 1]),
  // A boolean: a cursor of a boolean sort (addresses' is_default), of the wrong type anywhere else.
  b64([true, 1]),
];

const getRoutes = apiRoutes.filter((r): r is UserRoute => r.auth === "user" && r.method === "GET");

describe("every GET route of the table, with hostile query values", () => {
  it("has a contract sample for each (its path and ids)", () => {
    expect(getRoutes.filter((r) => !samples[key(r)]).map(key)).toEqual([]);
  });

  it.each(getRoutes.map((r) => [key(r), r] as const))("%s never answers 500", async (k, route) => {
    const s = samples[k];
    const token = s.as === "super" ? env.tokens.super : env.tokens.admin;
    const sample = new URL(`http://localhost/${await s.path(env)}`);
    const path = sample.pathname.slice(1);
    const withQuery = (set: Record<string, string>, raw = "") => {
      const q = new URLSearchParams(sample.search);
      for (const [k2, v] of Object.entries(set)) q.set(k2, v);
      return `${path}?${q}${raw}`;
    };
    // The lists of lib/platform/list.ts (they document keyset paging); others (audit_records) page their own way,
    // and an export call answers a link whose download reads the query (checked below).
    const isList =
      route.shape === "list" && route.query instanceof z.ZodObject && "cursor" in route.query.shape;
    const problems: string[] = [];
    const isExport = route.query instanceof z.ZodObject && "cursor" in route.query.shape && !isList;
    const expectAnswer = async (
      label: string,
      target: string,
      want?: { status: number; field?: string; message?: string },
    ) => {
      let r = await call("GET", target, { token });
      // An export's link: opening it parses the list's query, and must not fail as a server error either.
      const link = (r.json as { data?: unknown } | null)?.data;
      if (r.status === 200 && typeof link === "string" && link.startsWith("/api/download")) {
        const started = performance.now();
        const res = await download(linkRequest(link, token));
        const text = await res.text();
        r = {
          status: res.status,
          json: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null,
          ms: performance.now() - started,
        };
      }
      if (r.status >= 500) problems.push(`${label} → ${r.status} ${JSON.stringify(r.json)}`);
      else if (want && r.status !== want.status)
        problems.push(`${label} → ${r.status} (want ${want.status}) ${JSON.stringify(r.json)}`);
      else if (want?.field && !r.json?.errors?.[want.field])
        problems.push(`${label} → no error on ${want.field}: ${JSON.stringify(r.json)}`);
      else if (want?.message && r.json?.message !== want.message)
        problems.push(`${label} → message ${JSON.stringify(r.json?.message)}`);
    };

    // Sorts that name the prototype, not the whitelist.
    for (const sort of [
      "__proto__",
      "-__proto__",
      "constructor",
      "-constructor",
      "toString",
      "hasOwnProperty",
    ])
      await expectAnswer(
        `sort=${sort}`,
        withQuery({ sort }),
        isList || isExport ? { status: 422, field: "sort" } : undefined,
      );
    // Cursors, with the default order and every documented sort.
    // An export opens its link each time: its first sort is enough to show the download parses as the list does.
    const sorts = isExport ? sortsOf(route).slice(0, 1) : sortsOf(route);
    for (const sort of [null, ...sorts])
      for (const param of ["cursor", "before"]) {
        const label = (name: string) => `${sort ? `sort=${sort}&` : ""}${param}=${name}`;
        const set = (cursor: string) => ({ [param]: cursor, rowsPerPage: "2", ...(sort ? { sort } : {}) });
        // With the default order (by id) the value is not compared, so only the shape must hold.
        for (const [i, cursor] of BAD_CURSORS.entries())
          await expectAnswer(
            label(`BAD_CURSORS[${i}]`),
            withQuery(set(cursor)),
            isList || isExport ? { status: 422, field: param } : undefined,
          );
        for (const [i, cursor] of TYPED_CURSORS.entries())
          await expectAnswer(label(`TYPED_CURSORS[${i}]`), withQuery(set(cursor)));
      }
    // Deep numbered pages: past the first 10,000 rows, the keyset cursor.
    const deep: Record<string, string>[] = [
      { page: "19999" },
      { page: "19", rowsPerPage: "10000" },
      { page: "999999999" },
      { page: "99999999999999999999" },
    ];
    for (const set of deep)
      await expectAnswer(
        new URLSearchParams(set).toString(),
        withQuery(set),
        isList ? { status: 422, field: "page" } : undefined,
      );
    // Not a page number: the first page, as before.
    for (const page of ["1e308", "-5", "abc", "1.5"]) await expectAnswer(`page=${page}`, withQuery({ page }));
    // Every documented parameter holding a prototype key, in case a value indexes an object (an entity name, a kind).
    const params = route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [];
    for (const param of params.filter(
      (p) => !["page", "rowsPerPage", "cursor", "before", "sort"].includes(p),
    ))
      for (const value of ["__proto__", "constructor", "toString"])
        await expectAnswer(`${param}=${value}`, withQuery({ [param]: value }));
    // A null character, and percent-encoding that does not decode, on every route.
    await expectAnswer("a NUL in a query value", withQuery({}, "&search_keyword=a%00b"), { status: 400 });
    await expectAnswer("a NUL in a query key", withQuery({}, "&a%00=1"), { status: 400 });
    for (const raw of ["&search_keyword=%E0%A4", "&search_keyword=%zz", "&x=%", "&%C3=1"])
      await expectAnswer(raw, withQuery({}, raw), { status: 400, message: MALFORMED_URL_MESSAGE });
    expect(problems).toEqual([]);
  });

  it("answers the deep page's 422 with the way on (cursor), and page 2 of 10,000 rows still works", async () => {
    const deep = await call("GET", "users?page=19999", { token: env.tokens.admin });
    expect(deep.status).toBe(422);
    expect(deep.json?.errors?.page).toEqual([DEEP_PAGE_MESSAGE]);
    expect(DEEP_PAGE_MESSAGE).toMatch(/cursor/);
    // (page - 1) * rowsPerPage = 10,000 rows skipped: the last numbered page the portal's pager shows.
    expect((await call("GET", "users?page=2&rowsPerPage=10000", { token: env.tokens.admin })).status).toBe(
      200,
    );
    expect((await call("GET", "users?page=1001&rowsPerPage=10", { token: env.tokens.admin })).status).toBe(
      200,
    );
    expect((await call("GET", "users?page=1002&rowsPerPage=10", { token: env.tokens.admin })).status).toBe(
      422,
    );
    // With a cursor, `page` only labels the page: no OFFSET is read.
    const first = await call("GET", "users?rowsPerPage=1", { token: env.tokens.admin });
    const next = (first.json as unknown as { next_cursor: string }).next_cursor;
    expect(next).toBeTruthy();
    const viaCursor = await call("GET", `users?rowsPerPage=1&page=19999&cursor=${next}`, {
      token: env.tokens.admin,
    });
    expect(viaCursor.status).toBe(200);
  });

  it("still takes the cursors lists answer, for every documented sort", async () => {
    const problems: string[] = [];
    for (const route of getRoutes.filter((r) => r.shape === "list")) {
      const s = samples[key(route)];
      const token = s.as === "super" ? env.tokens.super : env.tokens.admin;
      const sample = new URL(`http://localhost/${await s.path(env)}`);
      for (const sort of sortsOf(route).flatMap((x) => [x, `-${x}`])) {
        const q = new URLSearchParams(sample.search);
        q.delete("page");
        q.set("rowsPerPage", "1");
        q.set("sort", sort);
        const first = await call("GET", `${sample.pathname.slice(1)}?${q}`, { token });
        const cursor = (first.json as { next_cursor?: string } | null)?.next_cursor;
        if (!cursor) continue;
        for (const param of ["cursor", "before"]) {
          q.set(param, cursor);
          const r = await call("GET", `${sample.pathname.slice(1)}?${q}`, { token });
          if (r.status !== 200)
            problems.push(`${key(route)} sort=${sort} ${param}: ${r.status} ${JSON.stringify(r.json)}`);
          q.delete(param);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** 1 MB of `[`: JSON.parse of it blocked the event loop for seconds; it must never run. */
const NESTED = "[".repeat(1024 * 1024);

/** A multipart body of `n` tiny parts (15,500 to /api/login blocked the event loop for 1.7 s). */
function manyParts(n: number): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = "----hostile0123456789";
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`;
  return {
    body: new TextEncoder().encode(part.repeat(n) + `--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The hostile clients of the HTTP round, run as a separate process: four at once, five bodies each (1 MB of `[` to
 * forgot_password and to a signed-in JSON route, 15,500 parts to login and to a file route). Prints their statuses
 * and times as JSON.
 */
const FLOOD_CLIENT = `
const base = process.env.FLOOD_BASE;
const auth = { authorization: "Bearer " + process.env.FLOOD_TOKEN };
const nested = Buffer.alloc(1024 * 1024, "[");
const boundary = "----hostile0123456789";
const parts = Buffer.from(
  ("--" + boundary + '\\r\\nContent-Disposition: form-data; name="f"\\r\\n\\r\\nx\\r\\n').repeat(15500) + "--" + boundary + "--\\r\\n",
);
const multipart = "multipart/form-data; boundary=" + boundary;
const kinds = [
  ["forgot_password", { "content-type": "application/json" }, nested],
  ["positions", { ...auth, "content-type": "application/json" }, nested],
  ["login", { "content-type": multipart }, parts],
  ["upload_banner_image_path", { ...auth, "content-type": multipart }, parts],
];
const statuses = [];
const times = [];
await Promise.all(
  kinds.map(async ([path, headers, body]) => {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(base + path, { method: "POST", headers, body });
      await res.arrayBuffer();
      statuses.push(res.status);
      times.push(performance.now() - started);
    }
  }),
);
process.stdout.write(JSON.stringify({ statuses, times }));
`;

/** A concrete path for a route (its parameters as 1): the body is refused before any handler runs. */
const pathOf = (r: ApiRoute) => r.path.replace(/:[a-z_]+/gi, "1");
const bodyRoutes = apiRoutes.filter((r) => r.method !== "GET");
const REFUSED = [400, 413, 415];

/**
 * The best of up to five tries: on these two cores other work (other test files, compilers) takes the CPU at times,
 * and a signed-in call's own token lookup is part of the time.
 */
async function timed<T extends { ms: number }>(send: () => Promise<T>, under = 50): Promise<T> {
  let best = await send();
  for (let i = 1; i < 5 && best.ms >= under * crowding(); i++) {
    const again = await send();
    if (again.ms < best.ms) best = again;
  }
  return best;
}

/**
 * How oversubscribed the two cores are (a load average of n × the cores makes every time here about n times longer):
 * a time bound is scaled by it, so a busy machine does not fail a test whose real measure is the work done.
 */
const crowding = () => Math.max(1, loadavg()[0] / cpus().length);

/**
 * The bound a refusal's time must keep: a third of the shortest time the defect took (each hostile body held the
 * event loop for 1.3-2.9 s), scaled by the crowding. The 50 ms the refusals take on a quiet machine is logged, not
 * asserted: in CI, other test files share the two cores, and a bound of 50 ms failed there at 52-64 ms with the
 * refusal itself correct (the deterministic measure is the bytes read, asserted below).
 */
const REFUSAL_MS = 450;

/**
 * A body streamed in 64 KB chunks, as a client's arrives, counting what the server pulled: the deterministic measure
 * of "refused before it was read or parsed" (a time alone depends on what else the machine is doing).
 */
function streamed(data: Uint8Array | string): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        const chunk = bytes.subarray(offset, offset + 64 * 1024);
        offset += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => offset };
}

/** At most this much of a hostile body is read before it is refused (two chunks: one may be in flight). */
const READ_AT_MOST = 128 * 1024;

describe("every route taking a body, with hostile bodies", () => {
  it.each(bodyRoutes.map((r) => [key(r), r] as const))(
    "%s refuses 1 MB of nested [ and 15,500 parts after reading at most 128 KB",
    async (_k, route) => {
      const token = route.auth === "public" ? undefined : superToken;
      let read = 0;
      const nested = await timed(() => {
        const s = streamed(NESTED);
        return call(route.method, pathOf(route), {
          token,
          headers: { "content-type": "application/json" },
          body: s.body,
        }).finally(() => (read = s.pulled()));
      });
      expect(REFUSED, JSON.stringify(nested.json)).toContain(nested.status);
      expect(read).toBeLessThanOrEqual(READ_AT_MOST);
      expect(nested.ms).toBeLessThan(REFUSAL_MS * crowding());

      const { body, type } = manyParts(15_500);
      const parts = await timed(() => {
        const s = streamed(body);
        return call(route.method, pathOf(route), {
          token,
          headers: { "content-type": type },
          body: s.body,
        }).finally(() => (read = s.pulled()));
      });
      expect(REFUSED, JSON.stringify(parts.json)).toContain(parts.status);
      expect(read).toBeLessThanOrEqual(READ_AT_MOST);
      expect(parts.ms).toBeLessThan(REFUSAL_MS * crowding());
      if (!route.files?.length) expect(parts.status).toBe(415);
    },
  );

  it("refuses 340,000 parts to a file route (24 MB, under its 25 MB cap) without parsing them", async () => {
    const { body, type } = manyParts(340_000);
    expect(body.byteLength).toBeLessThan(BODY_LIMIT.files);
    let read = 0;
    const r = await timed(() => {
      const s = streamed(body);
      return call("POST", "upload_banner_image_path", {
        token: superToken,
        headers: { "content-type": type },
        body: s.body,
      }).finally(() => (read = s.pulled()));
    });
    expect(r.status).toBe(400);
    expect(r.json?.message).toBe(`The request body may have at most ${BODY_SHAPE.parts} parts.`);
    // Refused within the first chunks read: the rest is never read, and formData() never runs.
    expect(read).toBeLessThanOrEqual(READ_AT_MOST);
    expect(r.ms).toBeLessThan(REFUSAL_MS * crowding());
  });

  it("takes a multipart body of the allowed number of parts on a file route", async () => {
    const { body, type } = manyParts(BODY_SHAPE.parts);
    const r = await call("POST", "upload_banner_image_path", {
      token: superToken,
      headers: { "content-type": type },
      body,
    });
    // Past the part count: the handler's own answer (no image sent), not a refusal of the body's shape.
    expect(r.status).toBe(422);
    const over = manyParts(BODY_SHAPE.parts + 1);
    const refused = await call("POST", "upload_banner_image_path", {
      token: superToken,
      headers: { "content-type": over.type },
      body: over.body,
    });
    expect(refused.status).toBe(400);
  });

  it("reads at most 8 KB at the public doors (login, forgot_password's three steps)", async () => {
    const big = JSON.stringify({ email: "a@b.test", password: "x".repeat(BODY_LIMIT.public) });
    for (const path of ["login", "forgot_password"]) {
      const r = await call("POST", path, { headers: { "content-type": "application/json" }, body: big });
      expect(r.status).toBe(413);
      expect(r.json?.message).toBe("The request body may be at most 8 KB.");
    }
    // A urlencoded or multipart login is refused before a byte is read.
    const form = await call("POST", "login", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.test&password=x",
    });
    expect(form.status).toBe(415);
  });
});

describe("the JSON shape check (before JSON.parse)", () => {
  const refusal = (text: string) => {
    try {
      checkJsonShape(text);
      return null;
    } catch (e) {
      return e instanceof AppError ? `${e.status} ${e.message}` : String(e);
    }
  };

  it("takes 32 levels and refuses 33, in arrays or objects", () => {
    expect(refusal("[".repeat(32) + "]".repeat(32))).toBeNull();
    expect(refusal("[".repeat(33) + "]".repeat(33))).toBe(
      "400 The request body may be nested at most 32 levels deep.",
    );
    expect(refusal('{"a":'.repeat(33) + "1" + "}".repeat(33))).toMatch(/^400 /);
  });

  it("does not count brackets, braces or commas inside strings", () => {
    const inside = JSON.stringify({ note: "[".repeat(100) + ",".repeat(20_000) + '\\"{' });
    expect(refusal(inside)).toBeNull();
    expect(JSON.parse(inside)).toBeTruthy();
  });

  it("refuses an object of more than 1,000 keys and more than 10,000 values in all", () => {
    const keys = (n: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    expect(refusal(keys(1000))).toBeNull();
    expect(refusal(keys(1001))).toBe("400 An object in the request body may have at most 1,000 keys.");
    // Arrays may be long, up to the total.
    expect(refusal(JSON.stringify({ ids: Array.from({ length: 5000 }, (_, i) => i) }))).toBeNull();
    expect(refusal(JSON.stringify({ ids: Array.from({ length: 10_001 }, (_, i) => i) }))).toBe(
      "400 The request body may hold at most 10,000 values.",
    );
  });

  it("counts multipart parts across chunk edges, however the body is cut", () => {
    const refused = (n: number, size: number) => {
      const { body, type } = manyParts(n);
      const inspect = formPartCounter(type);
      try {
        for (let at = 0; at < body.length; at += size) inspect(body.subarray(at, at + size));
        return false;
      } catch (e) {
        return e instanceof AppError && e.status === 400;
      }
    };
    for (const size of [1, 3, 7, 13, 4096, 5000, 65_536]) {
      expect(refused(BODY_SHAPE.parts, size), `chunks of ${size}`).toBe(false);
      expect(refused(BODY_SHAPE.parts + 1, size), `chunks of ${size}`).toBe(true);
    }
  });

  it("answers a body past the limits with 400 through the dispatcher", async () => {
    const r = await call("POST", "positions", {
      token: env.tokens.admin,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x", list: Array.from({ length: 20_000 }, () => 1) }),
    });
    expect(r.status).toBe(400);
    expect(r.json?.message).toBe("The request body may hold at most 10,000 values.");
  });

  it("keeps a form field named __proto__ an ordinary field", async () => {
    const form = new FormData();
    form.set("__proto__", "x");
    form.set("constructor", "y");
    const r = await call("POST", "upload_banner_image_path", { token: superToken, body: form });
    expect(r.status).toBe(422);
  });
});

describe("malformed URLs", () => {
  it("answer 400 for a path segment with a null character, before any lookup", async () => {
    const r = await dispatch(
      new Request("http://localhost/api/positions/%00", {
        headers: { authorization: `Bearer ${superToken}` },
      }),
      ["positions", "\u0000"],
    );
    expect(r.status).toBe(400);
  });

  it("answer 400 for a path that is not validly percent-encoded, signed in or not", async () => {
    for (const token of [undefined, superToken]) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const r = await dispatch(new Request("http://localhost/api/positions/%E0%A4", { headers }), [
        "positions",
        "%E0%A4",
      ]);
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ message: MALFORMED_URL_MESSAGE });
    }
  });

  it("answer 400 from the catch-all when Next cannot decode the segments", async () => {
    const { GET } = await import("@/app/api/[...path]/route");
    const r = await GET(new Request("http://localhost/api/positions/%E0%A4"), {
      params: Promise.reject(new URIError("URI malformed")),
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ message: MALFORMED_URL_MESSAGE });
  });
});

/**
 * A real HTTP server: node:http in front of the dispatcher, the body streamed from the socket into the Request (as
 * Next's adapter does). Measured: the refusals' time, and GET /api/me's while four clients send hostile bodies.
 */
describe("over HTTP, under hostile bodies", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
      if (req.method !== "GET" && req.method !== "HEAD") {
        // The socket's bytes as a web stream; a refusal that stops reading leaves the rest to be drained below.
        let cancelled = false;
        init.body = new ReadableStream<Uint8Array>({
          start(c) {
            req.on("data", (chunk: Buffer) => void (cancelled || c.enqueue(new Uint8Array(chunk))));
            req.on("end", () => void (cancelled || c.close()));
            req.on("error", (e) => void (cancelled || c.error(e)));
          },
          cancel: () => void (cancelled = true),
        });
        init.duplex = "half";
      }
      let segments: string[];
      try {
        segments = url.pathname
          .replace(/^\/api\//, "")
          .split("/")
          .map(decodeURIComponent);
      } catch {
        segments = ["%"];
      }
      const answer = await dispatch(new Request(url, init), segments);
      const out = Buffer.from(await answer.arrayBuffer());
      // What a refused body did not read is drained, so the client hears the answer (not a reset connection).
      req.resume();
      if (!req.readableEnded) await once(req, "end");
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(out);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  async function send(path: string, init: RequestInit = {}) {
    const started = performance.now();
    const res = await fetch(base + path, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }

  it("refuses each body quickly, and GET /api/me is never held behind a body meanwhile", async () => {
    const auth = { authorization: `Bearer ${superToken}` };
    const { body: partsBody, type } = manyParts(15_500);
    const hostile = [
      () =>
        send("forgot_password", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: NESTED,
        }),
      () =>
        send("positions", {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: NESTED,
        }),
      () => send("login", { method: "POST", headers: { "content-type": type }, body: partsBody }),
      () =>
        send("upload_banner_image_path", {
          method: "POST",
          headers: { ...auth, "content-type": type },
          body: partsBody,
        }),
    ];
    // Warm: the first call of each kind compiles code paths.
    await send("me", { headers: auth });
    for (const h of hostile) await h();

    // Alone, each refusal (the 1 MB upload over loopback included): best of five.
    const alone: number[] = [];
    for (const h of hostile) {
      const r = await timed(h);
      expect(REFUSED).toContain(r.status);
      alone.push(r.ms);
    }

    /**
     * A round: four clients × five hostile bodies, sent from another process (as the issue's clients were), while
     * this one asks GET /api/me in a loop; the event loop's delay is sampled meanwhile (what the issue measured:
     * every other request blocked for 1.3-2.9 s).
     */
    const round = async () => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", FLOOD_CLIENT], {
        env: { ...process.env, FLOOD_BASE: base, FLOOD_TOKEN: superToken },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => (output += d));
      const exited = once(child, "exit");
      let flooding = true;
      void exited.then(() => (flooding = false));
      await new Promise((done) => setTimeout(done, 150)); // the child's start
      const me: number[] = [];
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      while (flooding) {
        const r = await send("me", { headers: auth });
        expect(r.status).toBe(200);
        me.push(r.ms);
      }
      loop.disable();
      await exited;
      const flood = JSON.parse(output) as { statuses: number[]; times: number[] };
      expect(flood.statuses.filter((x) => !REFUSED.includes(x))).toEqual([]);
      const sorted = [...me].sort((x, y) => x - y);
      return {
        n: me.length,
        median: sorted[Math.floor(sorted.length / 2)],
        max: sorted[sorted.length - 1],
        refusalMax: Math.max(...flood.times),
        loopMax: loop.max / 1e6,
      };
    };
    /**
     * Up to three rounds: the best one must keep /api/me under 900 ms, below the 1.3 s the shortest hostile body held
     * the loop before the shape checks (the ~100 ms of a quiet machine is logged; a bound of 100 ms failed CI at 164
     * ms with nothing held). When other processes oversubscribe these two cores (a load average of n × the cores),
     * every time here is about n times longer, so the bound is too.
     */
    const bound = 2 * REFUSAL_MS * crowding();
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    while (rounds.length < 3 && !rounds.some((r) => r.max < bound)) rounds.push(await round());
    const best = rounds.reduce((x, y) => (y.max < x.max ? y : x));
    console.log(
      `[hostile-input] over HTTP, refusals alone ${alone.map((m) => m.toFixed(1)).join(" / ")} ms ` +
        `(forgot_password 1 MB nested, positions 1 MB nested, login 15,500 parts, file route 15,500 parts); ` +
        rounds
          .map(
            (r, i) =>
              `round ${i + 1}: GET /api/me ×${r.n} median ${r.median.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; ` +
              `refusals under the flood ≤ ${r.refusalMax.toFixed(1)} ms; event loop delay ≤ ${r.loopMax.toFixed(1)} ms`,
          )
          .join("; ") +
        `; bound ${bound.toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
    );
    expect(Math.max(...alone)).toBeLessThan(REFUSAL_MS * crowding());
    expect(best.n).toBeGreaterThan(0);
    expect(best.max).toBeLessThan(bound);
  });
});
