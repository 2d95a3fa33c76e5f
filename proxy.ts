import NextAuth from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { authConfig } from "./auth.config";
import { sessionClaims } from "./lib/platform/session-token";
import { CSP, createNonce, pageCsp } from "./lib/platform/security-headers";

// The proxy only redirects (spec 000 §2.1); pages, actions and handlers check the caller themselves.
// It also gives every page its Content-Security-Policy with a fresh nonce (the other security headers, and the
// strict policy of /api and static files, come from next.config.ts).
const { auth } = NextAuth(authConfig);

const PUBLIC = ["/login", "/forgot-password"];

function route(req: NextRequest, signedIn: boolean, next: () => NextResponse): NextResponse {
  const { pathname } = req.nextUrl;
  if (pathname === "/auth/login") return next(); // ends the session, then shows /login
  if (PUBLIC.includes(pathname)) {
    return signedIn ? NextResponse.redirect(new URL("/home", req.nextUrl)) : next();
  }
  if (!signedIn) return NextResponse.redirect(new URL("/login", req.nextUrl));
  return next();
}

/**
 * The access log names the signed-in user of every page request (scripts/server.mjs's request state, shared through
 * globalThis): a prefetch or a redirect never resolves its caller, a page's render does and adds the company.
 */
function noteUser(uid: unknown) {
  const g = globalThis as { __portalRequests?: { getStore(): { userId?: number | null } | undefined } };
  const r = g.__portalRequests?.getStore();
  if (r && r.userId == null && typeof uid === "number" && Number.isInteger(uid)) r.userId = uid;
}

/** The page's answer: its nonce policy on the request Next renders and on the response, and the proxy's redirects. */
function answer(req: NextRequest, signedIn: boolean, uid: unknown): NextResponse {
  noteUser(uid);
  const csp = pageCsp(createNonce());
  // Next reads the nonce from the request's policy and puts it on the scripts it renders (Next's CSP guide).
  const headers = new Headers(req.headers);
  headers.set(CSP, csp);
  const res = route(req, signedIn, () => NextResponse.next({ request: { headers } }));
  res.headers.set(CSP, csp);
  return res;
}

/**
 * A session cookie issued less than this long ago is not issued again. Auth.js's session action re-encrypts the
 * token with a new 12-hour expiry on every request it reads (the sliding session); doing it at most every 5 minutes
 * (Auth.js's `updateAge` idea, for database sessions) keeps the session sliding, a minute-by-minute user never
 * signed out, and spares each page view the re-encryption and the action's Request/Response round (about 3 ms).
 */
const REISSUE_AFTER_S = 5 * 60;

const withAuthJs = auth((req) => answer(req, !!req.auth, (req.auth as { uid?: unknown } | null)?.uid));

export async function proxy(req: NextRequest, ev: NextFetchEvent) {
  // The same reading of the cookie as the pages' (lib/platform/session-token.ts): a valid token, recently issued.
  const claims = await sessionClaims(req.cookies.getAll(), req.headers);
  if (claims?.uid != null && claims.iat != null && Date.now() / 1000 - claims.iat < REISSUE_AFTER_S)
    return answer(req, true, claims.uid);
  // No session, a forged or expired one (Auth.js clears its cookie), or one due to be issued again.
  // (Next calls a proxy with its event; Auth.js's wrapper is typed for route handlers' context.)
  return withAuthJs(req, ev as never);
}

export const config = {
  // /api answers 401 itself, uploads must not pass through the proxy's 10 MB buffer, static files need no session.
  // `api(?:/|$)`, not `api`: the page /api-reference is a page like the others.
  matcher: ["/((?!api(?:/|$)|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|svg|ico|css|js)$).*)"],
};
