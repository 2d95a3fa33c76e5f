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
import { isId, MAX_ID } from "@/lib/platform/schemas";
import { getSessionContext } from "@/lib/platform/session";
import { authorize, can } from "@/lib/platform/context";
import { isNextControlFlow } from "@/lib/platform/mutations";
import { apiRoutes } from "./routes";
import type { ApiRoute } from "./types";

type Match = { route: ApiRoute; params: Record<string, string> };

/**
 * Finds the route for a method and path; literal segments win over parameters (companies/excel_export before
 * companies/:id). Segments arrive decoded (Next decodes the catch-all once): decoding again would turn `%25` into a
 * lone `%` and throw.
 */
export function matchRoute(method: string, segments: string[]): Match | null | "method" {
  let pathMatched = false;
  const candidates: Match[] = [];
  for (const route of apiRoutes) {
    const parts = route.path.split("/");
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      if (parts[i].startsWith(":")) params[parts[i].slice(1)] = segments[i];
      else ok = parts[i] === segments[i];
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method === method) candidates.push({ route, params });
  }
  if (!candidates.length) return pathMatched ? "method" : null;
  candidates.sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return candidates[0];
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

/** Body caps (README, "Security"): every call reads at most this much; calls that take files more. */
export const BODY_LIMIT = { default: 1024 * 1024, files: 25 * 1024 * 1024 };

const tooLarge = (limit: number) =>
  new AppError(413, `The request body may be at most ${Math.round(limit / 1024 / 1024)} MB.`);

/**
 * The raw body, refused with 413 before it is read when Content-Length says it is too large, and as soon as the
 * bytes read pass the cap when it does not (chunked bodies), so a large body is never buffered whole.
 */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
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
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readBody(
  request: Request,
  limit: number,
): Promise<{ body: Record<string, unknown>; files: Record<string, File> }> {
  if (request.method === "GET" || request.method === "HEAD") return { body: {}, files: {} };
  const type = request.headers.get("content-type") ?? "";
  const bytes = await readCapped(request, limit);
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    // A bad boundary or a truncated body makes formData() throw: the client's fault, not ours.
    const form = await new Response(bytes as BodyInit, { headers: { "content-type": type } })
      .formData()
      .catch(() => {
        throw unreadable();
      });
    const body: Record<string, unknown> = {};
    const files: Record<string, File> = {};
    for (const [k, v] of form.entries()) {
      if (typeof v === "string") body[k] = v;
      else files[k] = v;
    }
    return { body, files };
  }
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
    const m = matchRoute(request.method, segments);
    if (m === null) return Response.json({ message: "Not found." }, { status: 404 });
    if (m === "method") return Response.json({ message: "Method not allowed." }, { status: 405 });
    const { route, params } = m;
    const query = new URL(request.url).searchParams;
    const limit = route.maxBodyBytes ?? (route.files?.length ? BODY_LIMIT.files : BODY_LIMIT.default);
    if (route.auth === "public") {
      const { body, files } = await readBody(request, limit);
      checkRequestValues(query, body);
      const handler = route.handler;
      return answer(
        await asPlatform(`public /api/${segments[0]}`, () =>
          handler({ ctx: null, params, query, body, files, request }),
        ),
      );
    }
    const ctx = await callerOf(request);
    if (route.permission) authorize(ctx, route.permission);
    // A call whose permission depends on its variant (create or update) needs at least one of them.
    else if (route.variants?.length && !route.variants.some((p) => can(ctx, p))) throw forbidden();
    const { body, files } = await readBody(request, limit);
    checkRequestValues(query, body);
    return answer(await route.handler({ ctx, params, query, body, files, request }));
  } catch (e) {
    if (isNextControlFlow(e)) throw e;
    return errorResponse(e);
  } finally {
    done();
  }
}

function answer(result: unknown): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? {}, { headers: { "cache-control": "no-store" } });
}
