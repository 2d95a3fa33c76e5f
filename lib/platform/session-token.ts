import { decode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

/**
 * The browser session's token, read cheaply on every page, server action and /api call.
 *
 * Auth.js's `auth()` reads a session through its whole `session` action: a Request and a Response built, the token
 * decrypted, re-encrypted with a new expiry (for a cookie a server component cannot set) and the answer parsed back
 * from JSON. A page ran it twice: in the proxy (which does refresh the cookie) and in its render.
 *
 * - `rememberedDecode` is Auth.js's own `decode`, remembering a decrypted token until it expires. Decryption is
 *   deterministic, so the same token answers the same claims; a page's render then reuses what its proxy decrypted.
 *   Auth.js uses it too (auth.config.ts `jwt.decode`), so every path decrypts through it.
 * - `sessionClaims` reads the claims from the request's cookie as Auth.js's session action does (same cookie name,
 *   chunks, secrets, salt, expiry), without the rest of the action.
 *
 * Only the token's decryption is remembered: the caller's row (session version, active flag, permissions) is read
 * fresh on every request (lib/platform/context.ts), so a logout or a deactivation still takes effect at once.
 */
export type SessionClaims = {
  uid?: number;
  sv?: number;
  sid?: string;
  /** issued at (seconds) */ iat?: number;
};

/** Auth.js's session cookie; `__Secure-` first when its URL is https (@auth/core lib/utils/cookie.js). */
export const SESSION_COOKIE = "authjs.session-token";
/** The leeway Auth.js's `decode` gives a token's expiry (jwtDecrypt's clockTolerance). */
const CLOCK_TOLERANCE_S = 15;
/** Tokens remembered at most (about one per signed-in browser); the oldest goes first. */
const REMEMBERED = 2000;

type Remembered = { payload: JWT; expiresAt: number };
// One memory per process, on globalThis: the proxy and the app's routes are bundled apart, each with its own copy of
// this module, and the render must find what the proxy decrypted.
const g = globalThis as unknown as Record<symbol, Map<string, Remembered> | undefined>;
const remembered: Map<string, Remembered> = (g[Symbol.for("portal.session.decoded")] ??= new Map());

/**
 * Auth.js's `decode`, remembering each token it decrypted until the token expires (with the same leeway). A token
 * that fails to decrypt is never remembered: it fails the same way every time. `now` for tests.
 */
export async function rememberedDecode(params: JWTDecodeParams, now = Date.now()): Promise<JWT | null> {
  const { token, salt } = params;
  if (!token) return null;
  const secrets = Array.isArray(params.secret) ? params.secret : [params.secret];
  const key = `${salt}\n${secrets.join("\n")}\n${token}`;
  const hit = remembered.get(key);
  if (hit) {
    // A copy: Auth.js's callbacks receive the payload and may change it.
    if (now < hit.expiresAt) return { ...hit.payload };
    remembered.delete(key);
  }
  const payload = await decode(params);
  // A token without an expiry (none is issued so) is decrypted every time rather than remembered for ever.
  if (payload && typeof payload.exp === "number") {
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { payload: { ...payload }, expiresAt: (payload.exp + CLOCK_TOLERANCE_S) * 1000 });
  }
  return payload;
}

/**
 * The secrets Auth.js decrypts with: AUTH_SECRET (or NEXTAUTH_SECRET) when set (next-auth lib/env.js), else
 * AUTH_SECRET_1..3, the later ones first (@auth/core setEnvDefaults).
 */
export function sessionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const one = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (one) return [one];
  const list: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const s = env[`AUTH_SECRET_${i}`];
    if (s) list.unshift(s);
  }
  return list;
}

/**
 * Whether Auth.js uses its `__Secure-` cookie for this request: its session URL (AUTH_URL, else the forwarded
 * protocol, else https) is https (next-auth lib/index.js getSession, @auth/core createActionURL).
 */
export function secureCookiesFor(headers: Headers, env: NodeJS.ProcessEnv = process.env): boolean {
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (url) return new URL(url).protocol === "https:";
  const proto = headers.get("x-forwarded-proto") ?? "https";
  return (proto.endsWith(":") ? proto : `${proto}:`) === "https:";
}

/** The session cookie's name for a request. */
export const sessionCookieName = (secure: boolean) => `${secure ? "__Secure-" : ""}${SESSION_COOKIE}`;

/**
 * The session token in a request's cookies: every cookie whose name starts with the session cookie's (its chunks
 * `name.0`, `name.1`…), joined in the order Auth.js's SessionStore joins them; "" when there is none.
 */
export function sessionTokenOf(cookies: Iterable<{ name: string; value: string }>, secure: boolean): string {
  const prefix = sessionCookieName(secure);
  const chunks: [number, string][] = [];
  for (const { name, value } of cookies) {
    if (!name.startsWith(prefix) || !value) continue;
    chunks.push([parseInt(name.split(".").pop() || "0"), value]);
  }
  chunks.sort((a, b) => a[0] - b[0]);
  return chunks.map(([, v]) => v).join("");
}

/**
 * The claims of the request's session (its cookies and headers), or null when there is no session token, or it is
 * forged, expired, or decrypted by no current secret: what `auth()` answers, without its session action.
 */
export async function sessionClaims(
  cookies: Iterable<{ name: string; value: string }>,
  headers: Headers,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SessionClaims | null> {
  const secure = secureCookiesFor(headers, env);
  const token = sessionTokenOf(cookies, secure);
  const secret = sessionSecrets(env);
  if (!token || !secret.length) return null;
  let payload: JWT | null;
  try {
    payload = await rememberedDecode({ token, secret, salt: sessionCookieName(secure) });
  } catch {
    return null;
  }
  if (!payload) return null;
  return {
    uid: typeof payload.uid === "number" ? payload.uid : undefined,
    sv: typeof payload.sv === "number" ? payload.sv : undefined,
    sid: typeof payload.sid === "string" ? payload.sid : undefined,
    iat: typeof payload.iat === "number" ? payload.iat : undefined,
  };
}
