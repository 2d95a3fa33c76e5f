import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import nextConfig from "@/next.config";
import { proxy } from "@/proxy";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import {
  COMMON_HEADERS,
  CSP,
  FRAME_OPTIONS,
  STATIC_CSP,
  createNonce,
  pageCsp,
} from "@/lib/platform/security-headers";

/** A policy's directives by name. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

/** Next's own pattern for the nonce it takes from the request's policy (get-script-nonce-from-header). */
const NEXT_NONCE = /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/;

describe("the pages' policy", () => {
  it("allows scripts by this request's nonce only, and eval in development alone", () => {
    const nonce = createNonce();
    const prod = directives(pageCsp(nonce, false));
    expect(prod.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(prod.get("script-src")!.filter((s) => NEXT_NONCE.test(s))).toHaveLength(1);
    expect(pageCsp(nonce, false)).not.toContain("unsafe-eval");
    expect(directives(pageCsp(nonce, true)).get("script-src")).toContain("'unsafe-eval'");
    // No inline script without the nonce: 'unsafe-inline' is for styles only.
    expect(prod.get("script-src")).not.toContain("'unsafe-inline'");
    expect(prod.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(prod.get("frame-ancestors")).toEqual(["'none'"]);
    expect(prod.get("object-src")).toEqual(["'none'"]);
    expect(prod.get("img-src")).toEqual(["'self'", "blob:", "data:"]);
  });

  it("uses a fresh, unguessable nonce each time", () => {
    const seen = new Set(Array.from({ length: 200 }, createNonce));
    expect(seen.size).toBe(200);
    for (const n of seen) {
      expect(`'nonce-${n}'`).toMatch(NEXT_NONCE);
      expect(Buffer.from(n, "base64")).toHaveLength(16);
    }
  });
});

describe("the proxy", () => {
  const run = async (path: string) => (await proxy(new NextRequest(`http://localhost${path}`), {} as never))!;

  it("gives a page its nonce policy, on the response and on the request Next renders", async () => {
    const a = await run("/login");
    const b = await run("/login");
    const csp = a.headers.get(CSP)!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    // NextResponse.next({ request: { headers } }) hands the changed request headers to Next this way.
    expect(a.headers.get(`x-middleware-request-${CSP}`)).toBe(csp);
    expect(a.headers.get("x-middleware-override-headers")).toContain(CSP);
    expect(b.headers.get(CSP)).not.toBe(csp);
  });

  // A signed-in page request, with a session token issued `ageS` seconds ago (as Auth.js issues them: 12 hours).
  const signedIn = async (path: string, ageS: number, token?: string) => {
    const salt = "authjs.session-token";
    if (!token) {
      // Issued then: Auth.js's encode stamps its own clock's time.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - ageS * 1000 });
      token = await encode({
        token: { uid: 7, sv: 0, sid: "s" },
        secret: process.env.AUTH_SECRET!,
        salt,
        maxAge: 12 * 3600,
      });
      vi.useRealTimers();
    }
    const req = new NextRequest(`http://localhost${path}`, {
      headers: { cookie: `${salt}=${token}`, "x-forwarded-proto": "http" },
    });
    return (await proxy(req, {} as never))!;
  };
  const issued = (r: Response) =>
    r.headers
      .getSetCookie()
      .find((c) => c.startsWith("authjs.session-token="))
      ?.split(";")[0]
      .slice("authjs.session-token=".length);

  it("lets a signed-in page through, and issues its session again only once it is 5 minutes old", async () => {
    const fresh = await signedIn("/users", 60);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-middleware-next")).toBe("1");
    expect(issued(fresh)).toBeUndefined();
    // Signed in: the login page sends it home.
    expect(new URL((await signedIn("/login", 60)).headers.get("location")!).pathname).toBe("/home");

    // Older: Auth.js issues it again with a new expiry (the session slides), and the page still goes through.
    const old = await signedIn("/users", 6 * 60);
    expect(old.headers.get("x-middleware-next")).toBe("1");
    const again = issued(old);
    expect(again).toBeTruthy();
    const fresher = await signedIn("/users", 0, again);
    expect(fresher.headers.get("x-middleware-next")).toBe("1");
    expect(issued(fresher)).toBeUndefined();
  });

  it("sends a forged or expired session to login", async () => {
    for (const r of [await signedIn("/users", 0, "not-a-token"), await signedIn("/users", 13 * 3600)]) {
      expect(r.status).toBe(307);
      expect(new URL(r.headers.get("location")!).pathname).toBe("/login");
    }
  });

  it("keeps its redirects, with the policy on them too", async () => {
    const r = await run("/users");
    expect(r.status).toBe(307);
    expect(new URL(r.headers.get("location")!).pathname).toBe("/login");
    expect(r.headers.get(CSP)).toContain("frame-ancestors 'none'");
  });
});

describe("next.config headers", () => {
  // What a path gets: every rule whose source matches it, in order, a later header replacing an earlier one of the
  // same name (Next's own matcher, as the server applies them).
  const sentOn = async (path: string) => {
    const sent = new Map<string, string>();
    for (const rule of await nextConfig.headers!())
      if (getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(path))
        for (const h of rule.headers) sent.set(h.key, h.value);
    return sent;
  };

  it("sends the common headers, no framing and the strict policy on every path but stored files", async () => {
    expect(directives(STATIC_CSP).get("default-src")).toEqual(["'none'"]);
    for (const path of [
      "/login",
      "/users/5",
      "/api/users",
      "/api/download",
      "/_next/static/chunks/a.js",
      "/api/filesx",
    ]) {
      const sent = await sentOn(path);
      expect(sent.get(CSP), path).toBe(STATIC_CSP);
      expect(sent.get(FRAME_OPTIONS), path).toBe("DENY");
      for (const { key, value } of COMMON_HEADERS) expect(sent.get(key), path).toBe(value);
      // Lower case, as the proxy's: Next keys both in one object, so the proxy's page policy replaces this one.
      for (const key of sent.keys()) expect(key).toBe(key.toLowerCase());
    }
  });

  it("leaves a stored file's frame rules and policy to its route (a PDF may be framed by the portal's pages)", async () => {
    const sent = await sentOn("/api/files/franchisee_kyc/1/a.pdf");
    expect(sent.has(CSP)).toBe(false);
    expect(sent.has(FRAME_OPTIONS)).toBe(false);
    for (const { key, value } of COMMON_HEADERS) if (key !== FRAME_OPTIONS) expect(sent.get(key)).toBe(value);
  });
});
