import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAttempts, passwordResets, users } from "@/db/schema";
import { resolveContext } from "@/lib/platform/context";
import { checkCredentials, LOGIN_FAILED } from "@/lib/platform/login";
import { latestMailTo } from "@/lib/platform/mail";
import { LOCKOUT } from "@/lib/platform/passwords";
import {
  PASSWORD_CHANGED,
  resetPassword,
  sendResetCode,
  verifyResetCode,
} from "@/lib/platform/password-reset";
import { DEMO_LOGINS, DEMO_PASSWORD, adminEmail, api, seeded, tokenFor, userId } from "../support/fixtures";

beforeAll(async () => {
  await seeded();
});

describe("login", () => {
  it("/api/login answers a bearer token that /api/me accepts", async () => {
    const token = await tokenFor(adminEmail);
    const me = await api("GET", "me", { token });
    expect(me.status).toBe(200);
    const user = me.json.data as { email: string; roles: { name: string }[]; companies: { name: string }[] };
    expect(user.email).toBe(adminEmail);
    expect(user.roles[0].name).toBe("ADMIN");
    expect(user.companies.map((c) => c.name)).toEqual(["Happy Paws Pvt Ltd"]);
    expect(JSON.stringify(me.json)).not.toContain("password");
  });

  it("answers the same for an unknown email and a wrong password", async () => {
    const unknown = await api("POST", "login", {
      body: { email: "nobody@nowhere.test", password: DEMO_PASSWORD, is_web: true },
    });
    const wrong = await api("POST", "login", {
      body: { email: DEMO_LOGINS["MASTER FRANCHISEE"], password: "Wrong#123", is_web: true },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual({ message: LOGIN_FAILED });
    expect(wrong.json).toEqual(unknown.json);
  });

  it("gives field errors for a malformed request", async () => {
    const r = await api("POST", "login", { body: { email: "not-an-email", password: "" } });
    expect(r.status).toBe(422);
    expect(r.json.errors!.email[0]).toMatch(/valid email/);
    expect(r.json.errors!.password[0]).toMatch(/required/);
  });

  it("keeps customers out of the portal (is_web) but lets them use the apps", async () => {
    const db = (await seeded()).db;
    const [customer] = await db.select().from(users).where(eq(users.role_id, 4)).limit(1);
    expect(
      (await api("POST", "login", { body: { email: customer.email, password: DEMO_PASSWORD, is_web: true } }))
        .status,
    ).toBe(401);
    expect(
      (
        await api("POST", "login", {
          body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
        })
      ).status,
    ).toBe(200);
  });

  it("locks an account after repeated failures, for web login, /api/login and reset alike", async () => {
    const email = DEMO_LOGINS["FRANCHISEE ADMIN"];
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      await expect(
        checkCredentials({ email, password: `Wrong#${i}aa` }, i % 2 ? "web" : "api", true),
      ).rejects.toThrow(LOGIN_FAILED);
    }
    // The right password no longer opens it, by either door: 429, saying it is locked and when to retry.
    await expect(checkCredentials({ email, password: DEMO_PASSWORD }, "web", true)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Try again in 1[45] minutes\.$/),
    });
    const locked = await api("POST", "login", { body: { email, password: DEMO_PASSWORD, is_web: true } });
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    // A correct reset code is refused too while locked, with the same answer (not "invalid code").
    await sendResetCode({ email });
    const code = /\b(\d{10})\b/.exec((await latestMailTo(email))!.text)![1];
    await expect(verifyResetCode({ email, otp: code })).rejects.toMatchObject({ status: 429 });
    // Once the window has passed, the account opens again.
    const { db } = await seeded();
    await db
      .update(loginAttempts)
      .set({ created_at: new Date(Date.now() - (LOCKOUT.windowMinutes + 1) * 60_000) })
      .where(eq(loginAttempts.email, email));
    await expect(checkCredentials({ email, password: DEMO_PASSWORD }, "web", true)).resolves.toMatchObject({
      userId: await userId(email),
    });
  });
});

describe("forgot password", () => {
  it("sends a code by mail, checks it, sets the new password and ends old sessions and tokens", async () => {
    const email = DEMO_LOGINS["MASTER FRANCHISEE"];
    const { db } = await seeded();
    await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    const token = await tokenFor(email);
    const id = await userId(email);
    const [before] = await db.select({ sv: users.session_version }).from(users).where(eq(users.id, id));

    const step1 = await api("POST", "forgot_password", { body: { email, portal: "web" } });
    expect(step1.status).toBe(200);
    const mail = await latestMailTo(email);
    expect(mail!.subject).toMatch(/reset/i);
    const code = /\b(\d{10})\b/.exec(mail!.text)![1];

    const wrongCode = code === "0000000000" ? "1111111111" : "0000000000";
    const bad = await api("POST", "forgot_password", { body: { email, otp: wrongCode } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors!.otp).toBeDefined();

    expect((await api("POST", "forgot_password", { body: { email, otp: code } })).status).toBe(200);

    const weak = await api("POST", "forgot_password", {
      body: { email, otp: code, password: "weakpass", soft_password: "weakpass" },
    });
    expect(weak.status).toBe(422);
    expect(weak.json.errors!.password[0]).toMatch(/at least 8 characters/);
    const mismatch = await api("POST", "forgot_password", {
      body: { email, otp: code, password: "Walkies#2026", soft_password: "Walkies#2027" },
    });
    expect(mismatch.json.errors!.soft_password[0]).toBe("Passwords do not match.");

    const done = await api("POST", "forgot_password", {
      body: { email, otp: code, password: "Walkies#2026", soft_password: "Walkies#2026" },
    });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe(PASSWORD_CHANGED);

    await expect(checkCredentials({ email, password: DEMO_PASSWORD }, "web", true)).rejects.toThrow(
      LOGIN_FAILED,
    );
    await expect(checkCredentials({ email, password: "Walkies#2026" }, "web", true)).resolves.toBeTruthy();
    // The old bearer token and a session carrying the old session version are dead.
    expect((await api("GET", "me", { token })).status).toBe(401);
    await expect(
      resolveContext({ userId: id, via: "session", sessionVersion: before.sv }),
    ).rejects.toMatchObject({ status: 401 });
    // The code cannot be used twice.
    await expect(
      resetPassword({ email, otp: code, password: "Walkies#2027", soft_password: "Walkies#2027" }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const { db } = await seeded();
    const before = await db.select().from(passwordResets);
    const r = await api("POST", "forgot_password", { body: { email: "ghost@nowhere.test" } });
    expect(r.status).toBe(200);
    expect(await latestMailTo("ghost@nowhere.test")).toBeFalsy();
    expect((await db.select().from(passwordResets)).length).toBe(before.length);
  });
});

describe("sessions", () => {
  it("a deactivated user loses access at once", async () => {
    const email = "admin@wagnation.test";
    const token = await tokenFor(email);
    expect((await api("GET", "me", { token })).status).toBe(200);
    const { db } = await seeded();
    await db.update(users).set({ is_active: 0 }).where(eq(users.email, email));
    expect((await api("GET", "me", { token })).status).toBe(401);
    await db.update(users).set({ is_active: 1 }).where(eq(users.email, email));
  });

  it("checks the company-id header against the user's memberships", async () => {
    const { happy, wag } = await seeded();
    const token = await tokenFor(adminEmail);
    expect((await api("GET", "me", { token, companyId: happy.id })).status).toBe(200);
    expect((await api("GET", "me", { token, companyId: wag.id })).status).toBe(403);
    expect((await api("GET", "me", { token, companyId: "abc" })).status).toBe(403);
    // The master franchisee is a member of both companies.
    const mf = await tokenFor(DEMO_LOGINS["MASTER FRANCHISEE"], "Walkies#2026");
    const me = await api("GET", "me", { token: mf, companyId: wag.id });
    expect((me.json.data as { company: { id: number } }).company.id).toBe(wag.id);
  });

  it("revokes a token on logout", async () => {
    const token = await tokenFor(adminEmail);
    expect((await api("POST", "logout", { token })).status).toBe(200);
    expect((await api("GET", "me", { token })).status).toBe(401);
  });

  it("records page time for the caller, capped at 1200 seconds", async () => {
    const token = await tokenFor(adminEmail);
    const r = await api("POST", "user_timestamps", {
      token,
      body: { from_path: "/companies", from_name: "Companies", user_id: 1, timespent: 5000 },
    });
    expect(r.status).toBe(200);
    const { db } = await seeded();
    const { userTimestamps } = await import("@/db/schema");
    const [row] = await db
      .select()
      .from(userTimestamps)
      .where(eq(userTimestamps.id, (r.json.data as { id: number }).id));
    expect(row.timespent).toBe(1200);
    expect(row.user_id).toBe(await userId(adminEmail));
  });
});
