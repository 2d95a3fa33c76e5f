import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "./auth.config";

// The proxy only redirects (spec 000 §2.1); pages, actions and handlers check the caller themselves.
const { auth } = NextAuth(authConfig);

const PUBLIC = ["/login", "/forgot-password"];

export const proxy = auth((req) => {
  const { pathname } = req.nextUrl;
  const signedIn = !!req.auth;
  if (pathname === "/auth/login") return NextResponse.next(); // ends the session, then shows /login
  if (PUBLIC.includes(pathname)) {
    return signedIn ? NextResponse.redirect(new URL("/home", req.nextUrl)) : NextResponse.next();
  }
  if (!signedIn) return NextResponse.redirect(new URL("/login", req.nextUrl));
  return NextResponse.next();
});

export const config = {
  // /api answers 401 itself, uploads must not pass through the proxy's 10 MB buffer, static files need no session.
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|svg|ico|css|js)$).*)"],
};
