import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { apiTokens, auditRecords, loginAttempts, users } from "@/db/schema";
import { CHANGE_PASSWORD_MESSAGES } from "@/lib/admin/me";
import { listAuditRecords } from "@/lib/history";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { resolveContext, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { checkCredentials } from "@/lib/platform/login";
import { LOCKOUT, PASSWORD_RULE } from "@/lib/platform/passwords";
import { ROLE } from "@/lib/platform/permissions";
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  adminEmail,
  api,
  ctxFor,
  seeded,
  tokenFor,
  userId,
} from "../support/fixtures";

// The action reads the browser session and signs the browser in again: the session answers a chosen user, and
// signIn (which needs a request to set its cookie) is recorded; the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
const signIn = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<void>>(async () => undefined));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
vi.mock("@/auth", () => ({ auth: async () => null, signIn, signOut: async () => undefined }));
vi.mock("next/headers", async (orig) => ({
  ...(await orig<typeof import("next/headers")>()),
  headers: async () => new Headers({ "x-client-address": "203.0.113.7" }),
}));
const { changePasswordAction } = await import("@/app/(portal)/profile/actions");

const NEW_PASSWORD = "Fresh#Pass9";
const M = CHANGE_PASSWORD_MESSAGES;

const change = (token: string, body: Record<string, unknown>) =>
  api("POST", "change_password", { token, body });
const body = (current: string, next = NEW_PASSWORD, confirmation = next) => ({
  current_password: current,
  password: next,
  password_confirmation: confirmation,
});

async function failures(email: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false)));
  return rows.length;
}

async function sessionVersion(id: number): Promise<number> {
  const db = await getDb();
  const [u] = await db.select({ sv: users.session_version }).from(users).where(eq(users.id, id));
  return u.sv;
}

beforeAll(async () => {
  await seeded();
});

describe("POST /api/change_password", () => {
  it("answers 422 under current_password for a wrong one, and counts it as a failed sign-in", async () => {
    const token = await tokenFor(adminEmail);
    const before = await failures(adminEmail);
    const r = await change(token, body("Wrong#Pass1"));
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ current_password: [M.currentWrong] });
    expect(await failures(adminEmail)).toBe(before + 1);
    // Nothing changed: the old password still signs in.
    await expect(
      checkCredentials({ email: adminEmail, password: DEMO_PASSWORD }, "api", true),
    ).resolves.toBeTruthy();
  });

  it("answers 422 with the spec's rule for a weak new password, and for a mismatch or the same password", async () => {
    const token = await tokenFor(adminEmail);
    for (const weak of ["Sh0rt!a", "alllowercase1!", "ALLUPPERCASE1!", "NoDigits!!", "NoSpecial123"]) {
      const r = await change(token, body(DEMO_PASSWORD, weak));
      expect(r.status, weak).toBe(422);
      expect(r.json.errors, weak).toEqual({ password: [PASSWORD_RULE] });
    }
    const mismatch = await change(token, body(DEMO_PASSWORD, NEW_PASSWORD, "Other#Pass9"));
    expect(mismatch.json.errors).toEqual({ password_confirmation: [M.mismatch] });
    const same = await change(token, body(DEMO_PASSWORD, DEMO_PASSWORD));
    expect(same.json.errors).toEqual({ password: [M.sameAsCurrent] });
    const empty = await change(token, {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.json.errors!).sort()).toEqual([
      "current_password",
      "password",
      "password_confirmation",
    ]);
  });

  it("changes it: old password fails, new works, other tokens and every session end, the calling token stays", async () => {
    const id = await userId(adminEmail);
    const caller = await tokenFor(adminEmail);
    const other = await issueApiToken(id);
    const sv = await sessionVersion(id);
    const r = await change(caller, body(DEMO_PASSWORD));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ message: M.changed });

    await expect(
      checkCredentials({ email: adminEmail, password: DEMO_PASSWORD }, "api", true),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      checkCredentials({ email: adminEmail, password: NEW_PASSWORD }, "api", true),
    ).resolves.toMatchObject({
      userId: id,
      sessionVersion: sv + 1,
    });
    expect((await api("GET", "me", { token: other })).status).toBe(401);
    expect((await api("GET", "me", { token: caller })).status).toBe(200);
    // A browser session of the old version is over.
    await expect(resolveContext({ userId: id, via: "session", sessionVersion: sv })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("writes 'password changed' into the user's history, never a hash", async () => {
    const id = await userId(adminEmail);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "users"), eq(auditRecords.entity_id, id)))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(row).toMatchObject({ action: "password_change", actor_id: id });
    expect(JSON.stringify(row)).not.toMatch(/argon2|password_hash|Fresh#Pass9|Demo@1234/);
    // As the history card reads it: the event, with no field changes to show.
    const history = await listAuditRecords(await ctxFor(DEMO_LOGINS[ROLE.SUPER_ADMIN]), {
      entity: "users",
      entity_id: id,
    });
    const entry = history.data.find((e) => e.id === row.id)!;
    expect(entry.action).toBe("password_change");
    expect(JSON.stringify(entry.changes)).not.toMatch(/argon2|hash/);
  });

  it("locks the account for the address after repeated wrong current passwords (429), like login", async () => {
    const email = "admin@wagnation.test";
    const token = await tokenFor(email);
    const sv = await sessionVersion(await userId(email));
    for (let i = 0; i < LOCKOUT.maxFailures; i++)
      expect((await change(token, body(`Wrong#Pass${i}`))).status).toBe(422);
    const locked = await change(token, body(DEMO_PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Try again in/);
    // The password did not change behind the lock: no session ended, the token still works.
    expect(await sessionVersion(await userId(email))).toBe(sv);
    expect((await api("GET", "me", { token })).status).toBe(200);
  });
});

describe("the My Profile action", () => {
  it("changes the password, revokes every token and signs this browser in again with the new one", async () => {
    const email = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];
    const id = await userId(email);
    const token = await tokenFor(email);
    const sv = await sessionVersion(id);
    session.ctx = await resolveContext({ userId: id, via: "session", sessionVersion: sv });

    const wrong = await changePasswordAction(body("Wrong#Pass1"));
    expect(wrong).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { current_password: M.currentWrong },
    });
    const db = await getDb();
    const [attempt] = await db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.email, email))
      .orderBy(desc(loginAttempts.id))
      .limit(1);
    // Counted for the browser's address, like a wrong password at login.
    expect(attempt).toMatchObject({ success: false, ip: "203.0.113.7", kind: "web" });
    expect(signIn).not.toHaveBeenCalled();

    const r = await changePasswordAction(body(DEMO_PASSWORD));
    expect(r).toEqual({ ok: true, data: { message: M.changed, signedIn: true } });
    expect(await sessionVersion(id)).toBe(sv + 1);
    expect(signIn).toHaveBeenCalledWith("credentials", { email, password: NEW_PASSWORD, redirect: false });
    expect((await api("GET", "me", { token })).status).toBe(401);
    const live = await db.select().from(apiTokens).where(eq(apiTokens.user_id, id));
    expect(live.every((t) => t.revoked_at != null)).toBe(true);
  });

  it("answers 401 without a session", async () => {
    session.ctx = null;
    expect(await changePasswordAction(body(DEMO_PASSWORD))).toMatchObject({ ok: false, status: 401 });
  });
});
