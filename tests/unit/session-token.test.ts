import { Auth } from "@auth/core";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { authConfig } from "@/auth.config";
import {
  rememberedDecode,
  secureCookiesFor,
  sessionClaims,
  sessionSecrets,
  sessionTokenOf,
} from "@/lib/platform/session-token";

const SECRET = "session-token-test-secret-0123456789abcdef";
const env = { AUTH_SECRET: SECRET } as unknown as NodeJS.ProcessEnv;
const claims = { uid: 42, sv: 3, sid: "9b1c2f7e-1111-4a4a-8c8c-123456789abc" };
const tokenFor = (salt: string, o: { secret?: string; maxAge?: number } = {}) =>
  encode({ token: { ...claims }, secret: o.secret ?? SECRET, salt, maxAge: o.maxAge });
const http = new Headers({ "x-forwarded-proto": "http", host: "portal.test" });
const https = new Headers({ "x-forwarded-proto": "https", host: "portal.test" });
const jar = (cookie: string) =>
  cookie
    .split(/;\s*/)
    .filter(Boolean)
    .map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1) }));

/** What Auth.js's own session action (what `auth()` runs) answers for the same cookie and protocol. */
async function authJsUid(cookie: string, headers: Headers): Promise<number | null> {
  const proto = headers.get("x-forwarded-proto");
  const res = await Auth(new Request(`${proto}://portal.test/api/auth/session`, { headers: { cookie } }), {
    ...authConfig,
    secret: SECRET,
    basePath: "/api/auth",
    logger: { error: () => {} },
  });
  const body = (await res.json()) as { uid?: number } | null;
  return body?.uid ?? null;
}

describe("the session token, read without Auth.js's session action", () => {
  it("answers what Auth.js answers, cookie for cookie", async () => {
    const plain = await tokenFor("authjs.session-token");
    const secure = await tokenFor("__Secure-authjs.session-token");
    const otherSecret = await tokenFor("authjs.session-token", {
      secret: "another-secret-0123456789abcdef012345",
    });
    const expired = await tokenFor("authjs.session-token", { maxAge: -60 });
    const cases: [string, Headers][] = [
      [`authjs.session-token=${plain}`, http],
      // Over https Auth.js reads only the __Secure- cookie, and the salt is its name.
      [`authjs.session-token=${plain}`, https],
      [`__Secure-authjs.session-token=${secure}`, https],
      [`__Secure-authjs.session-token=${secure}`, http],
      // Chunks, joined by their index whatever their order in the header.
      [`authjs.session-token.1=${plain.slice(40)}; authjs.session-token.0=${plain.slice(0, 40)}`, http],
      [`authjs.session-token=${otherSecret}`, http],
      [`authjs.session-token=${expired}`, http],
      [`authjs.session-token=${plain.slice(0, -3)}abc`, http],
      [`authjs.session-token=not-a-token`, http],
      ["other=1", http],
      ["", http],
    ];
    for (const [cookie, headers] of cases) {
      const ours = (await sessionClaims(jar(cookie), headers, env))?.uid ?? null;
      expect({ cookie: cookie.slice(0, 40), uid: ours }).toEqual({
        cookie: cookie.slice(0, 40),
        uid: await authJsUid(cookie, headers),
      });
    }
    // The valid ones carry every claim the caller needs.
    expect(await sessionClaims(jar(`authjs.session-token=${plain}`), http, env)).toEqual({
      ...claims,
      iat: expect.any(Number),
    });
  });

  it("reads the secrets and the cookie's name as Auth.js does", () => {
    expect(sessionSecrets({ AUTH_SECRET: "a", AUTH_SECRET_1: "b" } as never)).toEqual(["a"]);
    expect(sessionSecrets({ NEXTAUTH_SECRET: "n" } as never)).toEqual(["n"]);
    expect(sessionSecrets({ AUTH_SECRET_1: "b", AUTH_SECRET_2: "c" } as never)).toEqual(["c", "b"]);
    expect(sessionSecrets({} as never)).toEqual([]);
    // No forwarded protocol: Auth.js assumes https.
    expect(secureCookiesFor(new Headers())).toBe(
      process.env.AUTH_URL ? secureCookiesFor(new Headers()) : true,
    );
    expect(secureCookiesFor(http, {} as never)).toBe(false);
    expect(secureCookiesFor(http, { AUTH_URL: "https://portal.test" } as never)).toBe(true);
    expect(sessionTokenOf(jar("authjs.session-token=x; __Secure-authjs.session-token=y"), true)).toBe("y");
  });

  it("remembers a decrypted token until it expires, and never a token that failed", async () => {
    const salt = "authjs.session-token";
    const token = await tokenFor(salt, { maxAge: 3600 });
    const first = await rememberedDecode({ token, secret: SECRET, salt });
    expect(first).toMatchObject(claims);
    // The same token again: the same claims, a copy each time (callbacks may change what they are given).
    const again = await rememberedDecode({ token, secret: SECRET, salt });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    again!.uid = 7;
    expect((await rememberedDecode({ token, secret: SECRET, salt }))?.uid).toBe(42);
    // Remembered per secret and salt: another secret still fails.
    await expect(
      rememberedDecode({ token, secret: "wrong-secret-0123456789abcdef0123456", salt }),
    ).rejects.toThrow();
    await expect(rememberedDecode({ token, secret: SECRET, salt: `__Secure-${salt}` })).rejects.toThrow();
    // Past its expiry (and Auth.js's 15 s of leeway) it is not answered from memory: decrypted again, which fails
    // once the token has really expired.
    const short = await tokenFor(salt, { maxAge: -60 });
    await expect(rememberedDecode({ token: short, secret: SECRET, salt })).rejects.toThrow();
    const exp = first!.exp!;
    const later = (exp + 16) * 1000;
    // (The token itself is still valid by the real clock, so decrypting again answers it.)
    expect(await rememberedDecode({ token, secret: SECRET, salt }, later)).toMatchObject(claims);
  });
});
