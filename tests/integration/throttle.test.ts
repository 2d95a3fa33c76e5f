import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { handlers } from "@/auth";
import { loginAttempts, rateLimits, users } from "@/db/schema";
import { latestMailTo } from "@/lib/platform/mail";
import { CODE_DIGITS } from "@/lib/platform/password-reset";
import { BUDGETS } from "@/lib/platform/rate-limit";
import { DEMO_LOGINS, DEMO_PASSWORD, api, seeded } from "../support/fixtures";

// Issue 21, item 2: one address must not be able to spend a budget every other address needs, and a distributed
// guess is held by a brake that counts what reached the check and spares addresses the account signed in from.

beforeAll(async () => {
  await seeded();
});

afterEach(async () => {
  delete process.env.RATE_LIMIT_SCALE;
  const { db } = await seeded();
  await db.delete(rateLimits);
});

const from = (address: string) => ({ "x-client-address": address });
const login = (email: string, password: string, address: string, isWeb = true) =>
  api("POST", "login", { body: { email, password, is_web: isWeb }, headers: from(address) });
/**
 * The portal's sign-in as a browser makes it: next-auth's own handlers (CSRF token, then the credentials callback),
 * answered as a status: 200 with a session cookie, 429 when refused as throttled, 401 otherwise.
 */
async function webLogin(email: string, password: string, address: string) {
  const csrf = await handlers.GET(new NextRequest("http://localhost/api/auth/csrf"));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await handlers.POST(
    new NextRequest("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...from(address) },
      body: new URLSearchParams({ csrfToken, email, password }),
    }),
  );
  const location = res.headers.get("location") ?? "";
  const signedIn = res.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
  return { status: signedIn ? 200 : location.includes("code=throttled") ? 429 : 401 };
}
const forgot = (body: Record<string, unknown>, address: string) =>
  api("POST", "forgot_password", { body, headers: from(address) });

const FLOOD = 1_000;
/**
 * Sends `n` calls, the first 40 one by one (so that some reach the check: a burst at once is refused by the lockout
 * before any is verified), then `width` at a time; answers their statuses and the time taken (ms).
 */
async function flood(n: number, call: (i: number) => Promise<{ status: number }>, width = 25) {
  const statuses: number[] = [];
  const t = performance.now();
  for (let i = 0; i < n;) {
    const w = Math.min(i < 40 ? 1 : width, n - i);
    const batch = await Promise.all(Array.from({ length: w }, (_, j) => call(i + j)));
    i += w;
    statuses.push(...batch.map((r) => r.status));
  }
  return { statuses, ms: Math.round(performance.now() - t) };
}
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

async function brakePoints(door: "login" | "forgot" | "code"): Promise<number> {
  const { db } = await seeded();
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `${door}:brake`));
  return row?.points ?? 0;
}

async function mailedCode(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const code = new RegExp(`\\b(\\d{${CODE_DIGITS}})\\b`).exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no ${CODE_DIGITS}-digit code mailed to ${email}`);
  return code;
}

async function customers(n: number): Promise<string[]> {
  const { db } = await seeded();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role_id, 4), eq(users.is_active, 1), isNull(users.deleted_at)))
    .orderBy(users.id)
    .limit(n);
  return rows.map((r) => r.email);
}

describe("one address cannot stop the others", () => {
  it(`${FLOOD} logins from one address: other addresses still sign in, web and /api`, async () => {
    const target = DEMO_LOGINS["ADMIN"];
    // Web sign-ins (next-auth's handlers), app and portal /api logins, at one account and at unknown emails.
    const r = await flood(FLOOD, (i) => {
      const [email, password] = [i % 2 ? target : `nobody${i}@nowhere.test`, `Wrong#${i}zz`];
      return i % 3 === 0
        ? webLogin(email, password, "203.0.113.10")
        : login(email, password, "203.0.113.10", i % 3 === 1);
    });
    console.info(`login flood: ${FLOOD} requests in ${r.ms} ms`, tally(r.statuses));
    expect(r.statuses).not.toContain(200);
    // The address budget let its 30 through; the rest were refused before anything shared was counted.
    expect(r.statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(BUDGETS.login.address.points);
    // The brake holds only wrong passwords that were verified (the lockout stops the rest unverified).
    expect(await brakePoints("login")).toBe(r.statuses.filter((s) => s === 401).length);

    // The flooded account's owner and another user, from other addresses, by both doors.
    expect((await login(target, DEMO_PASSWORD, "198.51.100.20")).status).toBe(200);
    expect((await login(DEMO_LOGINS["BACKEND ADMIN"], DEMO_PASSWORD, "198.51.100.21")).status).toBe(200);
    expect(await webLogin(target, DEMO_PASSWORD, "198.51.100.22")).toEqual({ status: 200 });
    expect(await webLogin(DEMO_LOGINS["MASTER FRANCHISEE"], DEMO_PASSWORD, "198.51.100.23")).toEqual({
      status: 200,
    });
    // (And the flooding address itself is refused on the web as by /api.)
    expect(await webLogin(target, DEMO_PASSWORD, "203.0.113.10")).toEqual({ status: 429 });
  });

  it(`${FLOOD} forgot-password calls from one address: another address still gets its code`, async () => {
    const email = DEMO_LOGINS["FRANCHISEE ADMIN"];
    const r = await flood(FLOOD, (i) =>
      forgot({ email: i % 2 ? email : `ghost${i}@nowhere.test` }, "203.0.113.11"),
    );
    console.info(`forgot flood: ${FLOOD} requests in ${r.ms} ms`, tally(r.statuses));
    const passed = r.statuses.filter((s) => s === 200).length;
    expect(passed).toBe(BUDGETS.forgot.address.points);
    expect(await brakePoints("forgot")).toBe(passed);

    const { db } = await seeded();
    await db.execute(sql`update password_resets set created_at = created_at - interval '2 minutes'`);
    const other = DEMO_LOGINS["SUPER ADMIN"];
    const answer = await forgot({ email: other }, "198.51.100.30");
    expect(answer.status).toBe(200);
    expect(await mailedCode(other)).toMatch(new RegExp(`^\\d{${CODE_DIGITS}}$`));
  });

  it(`${FLOOD} code checks from one address: the owner still checks their code from elsewhere`, async () => {
    const email = DEMO_LOGINS["MASTER FRANCHISEE"];
    expect((await forgot({ email }, "198.51.100.40")).status).toBe(200);
    const code = await mailedCode(email);
    const wrong = (i: number) =>
      String((Number(code) + 1 + i) % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, "0");
    const r = await flood(FLOOD, (i) => forgot({ email, otp: wrong(i) }, "203.0.113.12"));
    console.info(`code flood: ${FLOOD} requests in ${r.ms} ms`, tally(r.statuses));
    expect(r.statuses).not.toContain(200);
    expect(r.statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(BUDGETS.code.address.points);
    expect(await brakePoints("code")).toBe(r.statuses.filter((s) => s === 422).length);

    expect((await forgot({ email, otp: code }, "198.51.100.41")).status).toBe(200);
    const done = await forgot(
      { email, otp: code, password: "Walkies#2031", soft_password: "Walkies#2031" },
      "198.51.100.41",
    );
    expect(done.status).toBe(200);
    expect((await login(email, "Walkies#2031", "198.51.100.42")).status).toBe(200);
  });
});

describe("the instance-wide brake", () => {
  it("stops new addresses once verified wrong passwords pass it, never an address the account signed in from", async () => {
    const [owner, ...others] = await customers(6);
    // The owner's usual address: a sign-in from it within 30 days.
    expect((await login(owner, DEMO_PASSWORD, "192.0.2.50", false)).status).toBe(200);
    process.env.RATE_LIMIT_SCALE = "0.1"; // login brake: 30 verified failures a minute; 3 requests per address
    const brake = Math.round(BUDGETS.login.brake.points * 0.1);

    // A distributed guess, all at once, each address once: the brake admits exactly `brake` wrong passwords to the
    // check (atomically: on PostgreSQL these run concurrently) and refuses the rest unverified.
    const guesses = await Promise.all(
      Array.from({ length: brake + 10 }, (_, i) =>
        login(others[i % others.length], `Guess#${i}ab`, `100.64.${i >> 8}.${i & 255}`, false),
      ),
    );
    expect(tally(guesses.map((g) => g.status))).toEqual({ 401: brake, 429: 10 });
    const braked = await login(owner, DEMO_PASSWORD, "198.18.0.1", false);
    expect(braked.status).toBe(429);
    expect(Number(braked.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(braked.res.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    // The owner from their usual address: a typo there is a plain 401 (not braked), the password signs in.
    expect((await login(owner, "Typo#2026zz", "192.0.2.50", false)).status).toBe(401);
    expect((await login(owner, DEMO_PASSWORD, "192.0.2.50", false)).status).toBe(200);

    // Braked attempts were never verified: they left no failure behind (no lockout once the brake lifts).
    const { db } = await seeded();
    const left = await db
      .select()
      .from(loginAttempts)
      .where(
        inArray(loginAttempts.ip, [
          "198.18.0.1",
          ...guesses.flatMap((g, i) => (g.status === 429 ? [`100.64.0.${i}`] : [])),
        ]),
      );
    expect(left).toEqual([]);
    expect(await brakePoints("login")).toBe(brake);

    // When the window ends the brake lifts for everyone.
    await db.update(rateLimits).set({ expires_at: sql`now() - interval '1 second'` });
    expect((await login(owner, DEMO_PASSWORD, "198.18.0.1", false)).status).toBe(200);
    // A right password from a new address gives back what it took.
    expect(await brakePoints("login")).toBe(0);
  });

  it("holds wrong reset codes the same way, sparing an address the account signed in from", async () => {
    const email = (await customers(10))[6];
    expect((await login(email, DEMO_PASSWORD, "192.0.2.60", false)).status).toBe(200);
    expect((await forgot({ email }, "192.0.2.60")).status).toBe(200);
    const code = await mailedCode(email);
    const wrong = String((Number(code) + 7) % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, "0");
    process.env.RATE_LIMIT_SCALE = "0.01"; // code brake: 1 checked wrong code a minute

    const first = await forgot({ email, otp: wrong }, "203.0.113.160");
    expect(first.status).toBe(422);
    expect(first.json.errors!.otp).toEqual(["The verification code is invalid or has expired."]);
    // The brake is spent: a new address is held even with the right code (it is not even checked).
    expect((await forgot({ email, otp: code }, "203.0.113.161")).status).toBe(429);
    expect((await forgot({ email, otp: wrong }, "203.0.113.162")).status).toBe(429);
    // The account's own address checks it.
    expect((await forgot({ email, otp: code }, "192.0.2.60")).status).toBe(200);
  });

  it("holds forgot-password from new addresses once spent, the same for unknown emails, not the account's address", async () => {
    const email = (await customers(10))[7];
    expect((await login(email, DEMO_PASSWORD, "192.0.2.70", false)).status).toBe(200);
    process.env.RATE_LIMIT_SCALE = "0.01"; // forgot brake: 3 a minute
    const brake = Math.round(BUDGETS.forgot.brake.points * 0.01);
    const statuses = [];
    for (let i = 0; i < brake; i++)
      statuses.push((await forgot({ email: `ghost${i}@nowhere.test` }, `203.0.113.${170 + i}`)).status);
    expect(statuses).toEqual(Array(brake).fill(200));
    const known = await forgot({ email }, "203.0.113.180");
    const unknown = await forgot({ email: "ghost@nowhere.test" }, "203.0.113.181");
    expect([known.status, unknown.status]).toEqual([429, 429]);
    // The same answer (the seconds left may differ by one between the two calls).
    for (const r of [known, unknown])
      expect(r.json).toEqual({
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ (seconds|minute)\.$/),
      });
    expect((await forgot({ email }, "192.0.2.70")).status).toBe(200);
    expect(await mailedCode(email)).toHaveLength(CODE_DIGITS);
  });
});

describe("reset codes", () => {
  it(`are ${CODE_DIGITS} digits; a shorter code answers 422 on otp`, async () => {
    const email = (await customers(10))[8];
    const { db } = await seeded();
    await db.execute(sql`update password_resets set created_at = created_at - interval '2 minutes'`);
    expect((await forgot({ email }, "192.0.2.80")).status).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail!.text).toMatch(new RegExp(`Your verification code is \\d{${CODE_DIGITS}}\\.`));
    const short = await forgot({ email, otp: "123456" }, "192.0.2.80");
    expect(short.status).toBe(422);
    expect(short.json.errors!.otp).toEqual([`The verification code must be ${CODE_DIGITS} digits.`]);
    // A 6-digit guess is not even an attempt: nothing was recorded against the account.
    const attempts = await db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.kind, "reset")));
    expect(attempts).toEqual([]);
  });
});
