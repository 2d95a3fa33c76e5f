import { beforeAll, describe, expect, it } from "vitest";
import { callerOf } from "@/lib/api/dispatch";
import { issueApiToken, revokeApiToken } from "@/lib/platform/api-tokens";
import { resolveContext } from "@/lib/platform/context";
import { watchStatements } from "@/lib/platform/db";
import { seeded, userId } from "../support/fixtures";

// Every /api call resolves its caller before its own work: that must cost one round trip, and revoking a token
// or deactivating the user must still take effect on the very next call (nothing cached).
let happy: { id: number };
let wag: { id: number };
beforeAll(async () => ({ happy, wag } = await seeded()));

const call = (token: string, companyId?: number) =>
  new Request("http://x/api/users", {
    headers: { authorization: `Bearer ${token}`, ...(companyId ? { "company-id": String(companyId) } : {}) },
  });

describe("the caller in one statement", () => {
  it("a bearer call: token, rate limit, user, company and permissions in one statement", async () => {
    const token = await issueApiToken(await userId("admin@happypaws.test"));
    const watch = watchStatements();
    const ctx = await callerOf(call(token));
    watch.stop();
    expect(watch.statements).toHaveLength(1);
    expect(ctx).toMatchObject({ companyId: happy.id, companyName: "Happy Paws Pvt Ltd", via: "token" });
    expect(ctx.permissions.size).toBeGreaterThan(10);
  });

  it("a session's caller: one statement", async () => {
    const id = await userId("master@happypaws.test");
    const watch = watchStatements();
    const ctx = await resolveContext({ userId: id, via: "session", requestedCompanyId: wag.id });
    watch.stop();
    expect(watch.statements).toHaveLength(1);
    expect(ctx.companyId).toBe(wag.id);
  });

  it("a revoked token answers 401 on the next call", async () => {
    const token = await issueApiToken(await userId("admin@happypaws.test"));
    await callerOf(call(token));
    await revokeApiToken(token);
    await expect(callerOf(call(token))).rejects.toMatchObject({ status: 401 });
  });

  it("a company the caller may not act for answers 403; a platform admin may act for any", async () => {
    const admin = await issueApiToken(await userId("admin@happypaws.test"));
    await expect(callerOf(call(admin, wag.id))).rejects.toMatchObject({ status: 403 });
    await expect(callerOf(call(admin, 2_000_000))).rejects.toMatchObject({ status: 403 });
    const sup = await issueApiToken(await userId("superadmin@petportal.test"));
    expect((await callerOf(call(sup, wag.id))).companyId).toBe(wag.id);
    expect((await callerOf(call(sup))).companyId).toBeNull();
  });

  it("a franchisee admin keeps their franchisee only in its own company", async () => {
    const id = await userId("franchisee@happypaws.test");
    const own = await resolveContext({ userId: id, via: "session" });
    expect(own.franchiseeId).not.toBeNull();
  });
});
