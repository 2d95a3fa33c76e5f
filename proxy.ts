import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { authConfig } from "./auth.config";
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

export const proxy = auth((req) => {
  noteUser((req.auth as { uid?: unknown } | null)?.uid);
  const csp = pageCsp(createNonce());
  // Next reads the nonce from the request's policy and puts it on the scripts it renders (Next's CSP guide).
  const headers = new Headers(req.headers);
  headers.set(CSP, csp);
  const res = route(req, !!req.auth, () => NextResponse.next({ request: { headers } }));
  res.headers.set(CSP, csp);
  return res;
});

export const config = {
  // /api answers 401 itself, uploads must not pass through the proxy's 10 MB buffer, static files need no session.
  // `api(?:/|$)`, not `api`: the page /api-reference is a page like the others.
  matcher: ["/((?!api(?:/|$)|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|svg|ico|css|js)$).*)"],
};
