import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords, loginAttempts, mailOutbox, users } from "@/db/schema";
import { GET as download } from "@/app/api/download/route";
import { BODY_LIMIT } from "@/lib/api/dispatch";
import { DELIVERED } from "@/lib/platform/mail";
import { LOCKOUT, pruneLoginAttempts } from "@/lib/platform/passwords";
import { resolveClientAddress, trustedProxies } from "../../scripts/client-address.mjs";
import { DEMO_LOGINS, DEMO_PASSWORD, api, linkRequest, seeded, tokenFor, userId } from "../support/fixtures";
import { startSmtp } from "../support/smtp";

// Mail in this file goes through a real SMTP conversation (a small server on a local socket).
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String(smtp.port);
  process.env.SMTP_SECURE = "false";
  await seeded();
});
afterAll(async () => {
  delete process.env.SMTP_HOST;
  await smtp.close();
});

const from = (address: string) => ({ "x-client-address": address });
const login = (email: string, password: string, address: string, isWeb = true) =>
  api("POST", "login", { body: { email, password, is_web: isWeb }, headers: from(address) });

/** Emails of customers (role USER) of the demo data: app users who may sign in through /api. */
async function customers(n: number): Promise<string[]> {
  const { db } = await seeded();
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role_id, 4)).limit(n);
  return rows.map((r) => r.email);
}

async function codeMailedTo(email: string): Promise<string> {
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(email));
  return /\b(\d{10})\b/.exec(mail!.data)![1];
}

describe("the lockout cannot be raced", () => {
  it("a burst of wrong passwords with the right one last returns no token", async () => {
    const email = DEMO_LOGINS["ADMIN"].replace("happypaws", "wagnation");
    const burst = [...Array.from({ length: 19 }, (_, i) => `Wrong#${i}xx`), DEMO_PASSWORD];
    const answers = await Promise.all(burst.map((p) => login(email, p, "198.51.100.1")));
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    // Only the lockout's few were verified (401); every later one was refused unverified (429).
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LOCKOUT.maxFailures);
    expect(answers.at(-1)!.status).toBe(429);
  });

  it("a burst of wrong reset codes with the right one last does not verify", async () => {
    const email = DEMO_LOGINS["BACKEND ADMIN"];
    expect(
      (await api("POST", "forgot_password", { body: { email }, headers: from("198.51.100.2") })).status,
    ).toBe(200);
    const code = await codeMailedTo(email);
    const wrong = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 10_000_000_000).padStart(10, "0"),
    );
    const answers = await Promise.all(
      [...wrong, code].map((otp) =>
        api("POST", "forgot_password", { body: { email, otp }, headers: from("198.51.100.2") }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.json.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  });
});

describe("throttling", () => {
  it("locks the account for the guessing address only; its owner still signs in from elsewhere", async () => {
    const email = DEMO_LOGINS["FRANCHISEE ADMIN"];
    for (let i = 0; i < LOCKOUT.maxFailures; i++)
      expect((await login(email, `Wrong#${i}yy`, "203.0.113.66")).status).toBe(401);
    const locked = await login(email, DEMO_PASSWORD, "203.0.113.66");
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(email, DEMO_PASSWORD, "192.0.2.10")).status).toBe(200);
  });

  it("stops password spraying from one address across accounts, not other addresses", async () => {
    const emails = await customers(LOCKOUT.addressMaxFailures + 1);
    const answers = [];
    for (const email of emails)
      answers.push((await login(email, "Spray#2026x", "203.0.113.77", false)).status);
    expect(answers.slice(0, LOCKOUT.addressMaxFailures).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    // Another address is not affected, and a known customer of the sprayed ones signs in from it.
    expect((await login(emails[0], DEMO_PASSWORD, "203.0.113.78", false)).status).toBe(200);
  });

  it("limits requests per address on the public doors, and per token on every /api call, with Retry-After", async () => {
    process.env.RATE_LIMIT_SCALE = "0.1"; // login: 3 a minute per address; /api: 60 a minute per token
    try {
      const email = DEMO_LOGINS["MASTER FRANCHISEE"];
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(email, DEMO_PASSWORD, "203.0.113.90")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const forgot = [];
      for (let i = 0; i < 2; i++)
        forgot.push(
          (
            await api("POST", "forgot_password", {
              body: { email: "x@nowhere.test" },
              headers: from("203.0.113.91"),
            })
          ).status,
        );
      expect(forgot).toEqual([200, 429]);

      const token = await tokenFor(email);
      let last = 0;
      let answer;
      for (let i = 0; i < 61 && last !== 429; i++) {
        answer = await api("GET", "me", { token });
        last = answer.status;
      }
      expect(last).toBe(429);
      expect(Number(answer!.res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(answer!.res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    } finally {
      delete process.env.RATE_LIMIT_SCALE;
    }
  });

  it("prunes old login attempts, keeping recent successes (known addresses)", async () => {
    const { db } = await seeded();
    const old = new Date(Date.now() - 2 * 86_400_000);
    await db.insert(loginAttempts).values([
      { email: "old@prune.test", kind: "web", success: false, ip: "1.1.1.1", created_at: old },
      { email: "old@prune.test", kind: "web", success: true, ip: "1.1.1.1", created_at: old },
      {
        email: "old@prune.test",
        kind: "web",
        success: true,
        ip: "1.1.1.1",
        created_at: new Date(Date.now() - 40 * 86_400_000),
      },
    ]);
    await pruneLoginAttempts();
    const left = await db.select().from(loginAttempts).where(eq(loginAttempts.email, "old@prune.test"));
    expect(left.map((r) => r.success)).toEqual([true]);
  });
});

describe("client address", () => {
  it("follows X-Forwarded-For only through trusted proxies", () => {
    const none = trustedProxies("");
    expect(resolveClientAddress("203.0.113.5", "1.2.3.4", none)).toBe("203.0.113.5");
    const lb = trustedProxies("10.0.0.0/8, 127.0.0.1");
    expect(resolveClientAddress("::ffff:10.1.2.3", "1.2.3.4, 198.51.100.9", lb)).toBe("198.51.100.9");
    expect(resolveClientAddress("10.1.2.3", "1.2.3.4, 10.0.0.7", lb)).toBe("1.2.3.4");
    expect(resolveClientAddress("127.0.0.1", "", lb)).toBe("127.0.0.1");
    expect(() => trustedProxies("not-an-ip")).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("body size", () => {
  it("answers 413 for a body over the cap, declared or streamed, before reading it", async () => {
    const big = JSON.stringify({ email: `${"a".repeat(BODY_LIMIT.default)}@x.test` });
    const declared = await api("POST", "forgot_password", { body: JSON.parse(big) });
    expect(declared.status).toBe(413);
    let sent = 0;
    const stream = new ReadableStream({
      pull(c) {
        sent += 64 * 1024;
        if (sent > 60 * 1024 * 1024) c.close();
        else c.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const { dispatch } = await import("@/lib/api/dispatch");
    const res = await dispatch(
      new Request("http://localhost/api/forgot_password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      ["forgot_password"],
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(4 * 1024 * 1024); // it stopped reading soon after the cap
  });
});

describe("export links are bound to the session or token that asked", () => {
  it("opens only with the asking token, and not after its logout", async () => {
    const admin = await tokenFor(DEMO_LOGINS["ADMIN"]);
    const other = await tokenFor(DEMO_LOGINS["ADMIN"]);
    const link = (await api("GET", "companies/excel_export", { token: admin })).json.data as string;
    expect((await download(new Request(`http://localhost${link}`))).status).toBe(401);
    expect((await download(linkRequest(link, other))).status).toBe(404);
    expect((await download(linkRequest(link, admin))).status).toBe(200);
    expect((await download(linkRequest(link, admin))).status).toBe(200); // within its 5 minutes, again
    expect((await api("POST", "logout", { token: admin })).status).toBe(200);
    expect((await download(linkRequest(link, admin))).status).toBe(401);
  });
});

describe("account events and mail", () => {
  it("writes audit records for a password reset and a logout, and keeps no delivered mail body", async () => {
    const email = DEMO_LOGINS["SUPER ADMIN"];
    const id = await userId(email);
    const { db } = await seeded();
    await api("POST", "forgot_password", { body: { email }, headers: from("192.0.2.44") });
    const code = await codeMailedTo(email);
    const done = await api("POST", "forgot_password", {
      body: { email, otp: code, password: "Fresh#Start1", soft_password: "Fresh#Start1" },
      headers: from("192.0.2.44"),
    });
    expect(done.status).toBe(200);
    const token = await tokenFor(email, "Fresh#Start1");
    await api("POST", "logout", { token, headers: from("192.0.2.44") });
    const events = await db
      .select({ action: auditRecords.action, actor: auditRecords.actor_id, json: auditRecords.new_json })
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "users"), eq(auditRecords.entity_id, id)))
      .orderBy(desc(auditRecords.id))
      .limit(2);
    expect(events).toEqual([
      { action: "logout", actor: id, json: { via: "api", address: "192.0.2.44" } },
      { action: "password_reset", actor: id, json: { address: "192.0.2.44" } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Fresh#Start1|argon/);
    // The code went out through SMTP; the outbox no longer holds it.
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email}`)
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail.sent_at).not.toBeNull();
    expect(mail.text).toBe(DELIVERED);
    expect(mail.text).not.toContain(code);
  });

  it("forgot-password answers an unknown email no faster than a known one", async () => {
    const time = async (email: string) => {
      const t = performance.now();
      const r = await api("POST", "forgot_password", { body: { email }, headers: from("192.0.2.99") });
      expect(r.status).toBe(200);
      return performance.now() - t;
    };
    const known = await time(DEMO_LOGINS["ADMIN"]);
    const unknown = await time("nobody-at-all@nowhere.test");
    // Both wait for the same floor; the real work (a code and a mail row) fits well inside it.
    expect(unknown).toBeGreaterThanOrEqual(290);
    expect(known).toBeGreaterThanOrEqual(290);
    expect(Math.abs(known - unknown)).toBeLessThan(250);
  });
});
