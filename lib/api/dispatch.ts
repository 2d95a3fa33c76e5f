import "server-only";
import { beginInteractive } from "@/lib/platform/interactive";
import { resolveContext, type Ctx } from "@/lib/platform/context";
import { asPlatform, inRequest } from "@/lib/platform/rls";
import { tokenHash, tokenKey } from "@/lib/platform/api-tokens";
import { apiTokenBudget, TooManyRequests } from "@/lib/platform/rate-limit";
import {
  AlreadyReported,
  AppError,
  forbidden,
  invalid,
  unauthenticated,
  type FieldErrors,
} from "@/lib/platform/errors";
import { noteDatabaseError, UNAVAILABLE_MESSAGE } from "@/lib/platform/db-faults";
import { isId, MAX_ID } from "@/lib/platform/schemas";
import { getSessionContext } from "@/lib/platform/session";
import { authorize, can } from "@/lib/platform/context";
import { isNextControlFlow } from "@/lib/platform/mutations";
import { responseHeaders } from "./response-headers";
import { apiRoutes } from "./routes";
import type { ApiRoute } from "./types";

type Match = { route: ApiRoute; params: Record<string, string> };

/** A route's path split once: its literal segments and where its parameters sit. */
type Compiled = { route: ApiRoute; parts: string[]; params: number };
let compiled: Map<number, Compiled[]> | null = null;
/** The routes by their number of segments, each path split once (the table is fixed at build time). */
function routesBySize(): Map<number, Compiled[]> {
  if (compiled) return compiled;
  const bySize = new Map<number, Compiled[]>();
  for (const route of apiRoutes) {
    const parts = route.path.split("/");
    const c: Compiled = { route, parts, params: parts.filter((p) => p.startsWith(":")).length };
    const same = bySize.get(parts.length);
    if (same) same.push(c);
    else bySize.set(parts.length, [c]);
  }
  return (compiled = bySize);
}

/**
 * Finds the route for a method and path; literal segments win over parameters (companies/excel_export before
 * companies/:id). Segments arrive decoded (Next decodes the catch-all once): decoding again would turn `%25` into a
 * lone `%` and throw.
 */
export function matchRoute(method: string, segments: string[]): Match | null | "method" {
  let pathMatched = false;
  let found: Compiled | null = null;
  for (const c of routesBySize().get(segments.length) ?? []) {
    const { parts } = c;
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) if (parts[i][0] !== ":") ok = parts[i] === segments[i];
    if (!ok) continue;
    pathMatched = true;
    // The first with the fewest parameters (literal segments win), as a stable sort would pick.
    if (c.route.method === method && (!found || c.params < found.params)) found = c;
  }
  if (!found) return pathMatched ? "method" : null;
  const params: Record<string, string> = {};
  found.parts.forEach((p, i) => {
    if (p[0] === ":") params[p.slice(1)] = segments[i];
  });
  return { route: found.route, params };
}

/** The caller of an /api request: a bearer token (with the company-id header checked), else the portal's session cookie. */
export async function callerOf(request: Request): Promise<Ctx> {
  const auth = request.headers.get("authorization");
  if (auth && /^Bearer\s+/i.test(auth)) {
    const token = auth.replace(/^Bearer\s+/i, "").trim();
    if (!token || token.length > 200) throw unauthenticated();
    // A company id that is not an id (or past MAX_ID) is no company the caller may act for.
    const header = request.headers.get("company-id");
    const companyId = header && /^\d{1,10}$/.test(header) ? Number(header) : null;
    if (header && !isId(companyId)) throw forbidden();
    // The token, its rate-limit hit and the caller are read in one statement (lib/platform/context.ts).
    return resolveContext({
      token: { hash: tokenHash(token), limitKey: `api:token:${tokenKey(token)}`, budget: apiTokenBudget() },
      via: "token",
      binding: `t:${tokenKey(token)}`,
      requestedCompanyId: companyId,
      strictCompany: true,
    });
  }
  // Without a session cookie there is nobody to look up.
  if (!/authjs\.session-token=/.test(request.headers.get("cookie") ?? "")) throw unauthenticated();
  const ctx = await getSessionContext();
  if (!ctx) throw unauthenticated();
  // A cookie rides along with cross-site requests: refuse changes whose Origin is not this site.
  if (request.method !== "GET" && request.method !== "HEAD") {
    const origin = request.headers.get("origin");
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    if (!origin || originHost(origin) !== host) throw forbidden();
  }
  return ctx;
}

/** The host of an Origin header; null for `Origin: null` (sandboxed frames, some redirects) or anything unparsable. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

const unreadable = () => new AppError(400, "The request body could not be read.");

/**
 * Body caps (README, "Security"): every call reads at most this much; calls that take files more; the public doors
 * (login, forgot_password's three steps) 8 KB, since they run before anyone is known.
 */
export const BODY_LIMIT = { default: 1024 * 1024, files: 25 * 1024 * 1024, public: 8 * 1024 };

/**
 * The shape a body may have, checked on its bytes as they arrive (jsonShapeScanner, formPartCounter), so no body's
 * shape can hold the event loop and a refused body is not read further: JSON nested at most `depth` levels, with at
 * most `keys` keys in an object and `values` values in all; a multipart (or urlencoded) body at most `parts` parts.
 */
export const BODY_SHAPE = { depth: 32, keys: 1000, values: 10_000, parts: 100 };

const tooLarge = (limit: number) =>
  new AppError(
    413,
    limit < 1024 * 1024
      ? `The request body may be at most ${Math.round(limit / 1024)} KB.`
      : `The request body may be at most ${Math.round(limit / 1024 / 1024)} MB.`,
  );

/** Looks at each chunk of a body as it is read; throws to refuse the body (the rest is not read). */
type Inspect = (chunk: Uint8Array) => void;

/**
 * The raw body, refused with 413 before it is read when Content-Length says it is too large, and as soon as the
 * bytes read pass the cap when it does not (chunked bodies), so a large body is never buffered whole. `inspect`
 * sees every chunk first and may refuse the body there.
 */
export async function readCapped(request: Request, limit: number, inspect?: Inspect): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw unreadable();
    });
    if (done) break;
    size += value.byteLength;
    try {
      if (size > limit) throw tooLarge(limit);
      inspect?.(value);
    } catch (e) {
      await reader.cancel().catch(() => undefined);
      throw e;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const fmt = (n: number) => n.toLocaleString("en-US");
const tooManyValues = () =>
  new AppError(400, `The request body may hold at most ${fmt(BODY_SHAPE.values)} values.`);
const tooManyParts = () =>
  new AppError(400, `The request body may have at most ${fmt(BODY_SHAPE.parts)} parts.`);

/**
 * A linear scan of JSON bytes, outside strings, chunk by chunk: nesting depth, keys per object and values in all,
 * refused with 400 past BODY_SHAPE before JSON.parse runs (1 MB of `[` is refused at its 33rd byte, in the first
 * chunk read). UTF-8 never puts a byte below 0x80 inside a multi-byte character, so scanning bytes is exact. It does
 * not validate the syntax: JSON.parse does that afterwards, on a text known to be shallow and small in values.
 */
export function jsonShapeScanner(): Inspect {
  const { depth, keys, values: maxValues } = BODY_SHAPE;
  // Per open container: commas seen (members - 1), and whether it is an object.
  const commas: number[] = [];
  const isObject: boolean[] = [];
  let values = 0;
  let inString = false;
  let escaped = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (commas.length >= depth)
          throw new AppError(400, `The request body may be nested at most ${depth} levels deep.`);
        if (++values > maxValues) throw tooManyValues();
        commas.push(0);
        isObject.push(c === 0x7b);
      } else if (c === 0x7d || c === 0x5d) {
        commas.pop();
        isObject.pop();
      } else if (c === 0x2c) {
        if (++values > maxValues) throw tooManyValues();
        const top = commas.length - 1;
        if (top >= 0 && ++commas[top] >= keys && isObject[top])
          throw new AppError(400, `An object in the request body may have at most ${fmt(keys)} keys.`);
      }
    }
  };
}

/** The same check on a whole text (tests, and callers holding the text already). */
export function checkJsonShape(text: string): void {
  jsonShapeScanner()(Buffer.from(text));
}

/**
 * Counts the parts of a multipart body by its delimiter lines (`--boundary`, n parts have n + 1), or the fields of
 * an urlencoded one by its `&`s, chunk by chunk as the body is read (Buffer.indexOf, linear; a delimiter split
 * between two chunks is found in the carried tail), and refuses the body past BODY_SHAPE.parts before formData()
 * parses anything. A multipart type without a boundary is unreadable (400).
 */
export function formPartCounter(type: string): Inspect {
  if (!/multipart\/form-data/i.test(type)) {
    let fields = 1;
    return (chunk) => {
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = buf.indexOf(0x26); at !== -1; at = buf.indexOf(0x26, at + 1))
        if (++fields > BODY_SHAPE.parts) throw tooManyParts();
    };
  }
  const m = /;\s*boundary=(?:"([^"]{1,200})"|([^;\s]{1,200}))/i.exec(type);
  if (!m) throw unreadable();
  const delimiter = Buffer.from(`--${m[1] ?? m[2]}`);
  const reach = delimiter.length - 1;
  let lines = 0;
  let tail = Buffer.alloc(0);
  const count = (buf: Buffer, from: number, startsBefore: number): number => {
    let end = from;
    for (
      let at = buf.indexOf(delimiter, from);
      at !== -1 && at < startsBefore;
      at = buf.indexOf(delimiter, end)
    ) {
      if (++lines > BODY_SHAPE.parts + 1) throw tooManyParts();
      end = at + delimiter.length;
    }
    return end;
  };
  return (chunk) => {
    let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    if (tail.length && buf.length <= 4 * 1024) buf = Buffer.concat([tail, buf]);
    else if (tail.length) {
      // A delimiter begun in the last chunk's tail: look at the joint only (a big chunk is never copied).
      const joint = Buffer.concat([tail, buf.subarray(0, reach)]);
      from = Math.max(0, count(joint, 0, tail.length) - tail.length);
    }
    const end = count(buf, from, Infinity);
    // Carry what could begin a delimiter the next chunk completes (never one already counted).
    tail = Buffer.from(buf.subarray(Math.max(end, buf.length - reach)));
  };
}

/** Own keys only: a form field named `__proto__` must not set the object's prototype. */
function setOwn(o: Record<string, unknown>, k: string, v: unknown) {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

async function readBody(
  request: Request,
  route: ApiRoute,
  limit: number,
): Promise<{
  body: Record<string, unknown>;
  files: Record<string, File>;
  fileLists?: Record<string, File[]>;
}> {
  if (request.method === "GET" || request.method === "HEAD") return { body: {}, files: {} };
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    // Forms are for uploads: every other call takes JSON, refused here before a byte is read.
    if (!route.files?.length)
      throw new AppError(415, "This call takes a JSON body (multipart only where a file is uploaded).");
    const bytes = await readCapped(request, limit, formPartCounter(type));
    // A bad boundary or a truncated body makes formData() throw: the client's fault, not ours.
    const form = await new Response(bytes as BodyInit, {
      headers: { "content-type": request.headers.get("content-type") ?? type },
    })
      .formData()
      .catch(() => {
        throw unreadable();
      });
    const body: Record<string, unknown> = {};
    const files: Record<string, File> = {};
    const fileLists: Record<string, File[]> = {};
    for (const [k, v] of form.entries()) {
      if (typeof v === "string") setOwn(body, k, v);
      else {
        setOwn(files, k, v);
        setOwn(fileLists, k, [...(Object.hasOwn(fileLists, k) ? fileLists[k] : []), v]);
      }
    }
    return { body, files, fileLists };
  }
  const bytes = await readCapped(request, limit, jsonShapeScanner());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable();
  }
  if (!text) return { body: {}, files: {} };
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return { body: parsed, files: {} };
  } catch {
    /* falls through to 400 */
  }
  throw new AppError(400, "The request body must be a JSON object.");
}

const NUL = "\u0000";
const NUL_MESSAGE = "The request may not contain a null character.";

/**
 * Refuses, before any handler runs, what PostgreSQL would refuse with a server error: a null character in a query
 * value or anywhere in the body (400), and an id field (`id`, `..._id`) holding a number past MAX_ID (422 on that
 * field). Domain schemas check both too (lib/platform/schemas.ts); this keeps every /api call safe even where
 * a handler reads a value its schema does not cover.
 */
export function checkRequestValues(query: URLSearchParams, body: Record<string, unknown>): void {
  for (const [k, v] of query) if (k.includes(NUL) || v.includes(NUL)) throw new AppError(400, NUL_MESSAGE);
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: unknown[] = [body];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.includes(NUL)) throw new AppError(400, NUL_MESSAGE);
    } else if (v && typeof v === "object" && !(v instanceof Blob)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes(NUL)) throw new AppError(400, NUL_MESSAGE);
        stack.push(x);
      }
    }
  }
  // `id` is always a record id, so its digits count too; other `..._id` fields only as JSON numbers, since a
  // text field may be named so (their schemas check their own strings).
  const errors: FieldErrors = {};
  for (const [k, v] of Object.entries(body)) {
    const n =
      typeof v === "number" ? v : k === "id" && typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
    if ((k === "id" || k.endsWith("_id")) && Number.isInteger(n) && n > MAX_ID)
      errors[k] = `The selected ${k === "id" ? "id" : k.slice(0, -3).replace(/_/g, " ")} is invalid.`;
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export const MALFORMED_URL_MESSAGE = "The request URL is not validly percent-encoded.";

/** Whether a URL part decodes: every `%` starts an escape, and the escapes spell UTF-8. */
function decodes(part: string): boolean {
  if (!part.includes("%")) return true;
  try {
    decodeURIComponent(part.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses, before routing, a URL whose path or query is not validly percent-encoded (`%zz`, `%E0%A4`) and a path
 * segment holding a null character (`%00`): 400 on every route, signed in or not. (Next may refuse the first itself
 * while decoding the catch-all; app/api/[...path]/route.ts answers that as 400 too.)
 */
export function checkRequestUrl(url: string, segments: string[]): void {
  const at = url.indexOf("?");
  const path = at === -1 ? url : url.slice(0, at);
  const search = at === -1 ? "" : url.slice(at + 1);
  if (!decodes(path) || !search.split("&").every(decodes)) throw new AppError(400, MALFORMED_URL_MESSAGE);
  if (segments.some((s) => s.includes(NUL)) || /%00/.test(search)) throw new AppError(400, NUL_MESSAGE);
}

/** The answer while the database cannot be reached (503, with Retry-After). */
export { UNAVAILABLE_MESSAGE };

/** Turns an error into the JSON answer of spec 000 §7: message, and errors (field → messages) for 422. */
export function errorResponse(e: unknown): Response {
  if (e instanceof AlreadyReported)
    return Response.json({ title: e.title, sub_title: e.message, message: e.message }, { status: 208 });
  if (e instanceof AppError) {
    const body: Record<string, unknown> = { message: e.message };
    if (e.fieldErrors)
      body.errors = Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, [v]]));
    const headers: Record<string, string> =
      e instanceof TooManyRequests ? { "retry-after": String(e.retryAfter) } : {};
    return Response.json(body, { status: e.status, headers });
  }
  // The database cannot be reached: 503, and the pool is let go so no request waits through the outage.
  if (noteDatabaseError(e)) {
    console.error("[api] database unavailable:", e instanceof Error ? e.message : e);
    return Response.json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: { "retry-after": "5" } });
  }
  console.error("[api]", e);
  return Response.json({ message: "Server error." }, { status: 500 });
}

/** The one entry of /api: match, authenticate, check the declared permission, run, answer JSON. */
export async function dispatch(request: Request, segments: string[]): Promise<Response> {
  // Each call is its own row-level security binding: nothing until the caller is known (lib/platform/rls.ts).
  return inRequest(() => dispatchBound(request, segments));
}

async function dispatchBound(request: Request, segments: string[]): Promise<Response> {
  // In flight until answered (an export's stream goes on after that, at background priority).
  const done = beginInteractive();
  try {
    checkRequestUrl(request.url, segments);
    const m = matchRoute(request.method, segments);
    if (m === null) return Response.json({ message: "Not found." }, { status: 404 });
    if (m === "method") return Response.json({ message: "Method not allowed." }, { status: 405 });
    const { route, params } = m;
    const query = new URL(request.url).searchParams;
    if (route.auth === "public") {
      // Before the door's throttle (inside its handler) runs: at most 8 KB read, its shape pre-scanned in one pass,
      // parsed, and walked once (checkRequestValues) — microseconds, whatever the body.
      const { body, files } = await readBody(request, route, route.maxBodyBytes ?? BODY_LIMIT.public);
      checkRequestValues(query, body);
      const handler = route.handler;
      return answer(
        await asPlatform(`public /api/${segments[0]}`, () =>
          handler({ ctx: null, params, query, body, files, request }),
        ),
        request,
      );
    }
    const ctx = await callerOf(request);
    if (route.permission) authorize(ctx, route.permission);
    // A call whose permission depends on its variant (create or update) needs at least one of them.
    else if (route.variants?.length && !route.variants.some((p) => can(ctx, p))) throw forbidden();
    const limit = route.maxBodyBytes ?? (route.files?.length ? BODY_LIMIT.files : BODY_LIMIT.default);
    const { body, files, fileLists } = await readBody(request, route, limit);
    checkRequestValues(query, body);
    return answer(await route.handler({ ctx, params, query, body, files, fileLists, request }), request);
  } catch (e) {
    if (isNextControlFlow(e)) throw e;
    return errorResponse(e);
  } finally {
    done();
  }
}

function answer(result: unknown, request: Request): Response {
  if (result instanceof Response) return result;
  // Headers the handler added (an ETag: lib/api/response-headers.ts).
  return Response.json(result ?? {}, {
    headers: { "cache-control": "no-store", ...responseHeaders(request) },
  });
}
