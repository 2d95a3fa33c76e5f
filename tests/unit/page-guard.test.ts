import { beforeAll, describe, expect, it } from "vitest";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { AppError, forbidden, notFound } from "@/lib/platform/errors";
import { authorizePage, guardPage, pageCompanyId } from "@/lib/platform/page-guard";

// next.config.ts turns authInterrupts on; the build inlines this flag, the tests set it themselves.
beforeAll(() => {
  process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";
});

const ctx = (over: Partial<Ctx> = {}): Ctx => ({
  userId: 7,
  user: { id: 7, email: "backend@petportal.test", first_name: "B", last_name: "A", user_name: null },
  roleId: 3,
  roleName: "BACKEND ADMIN",
  positionName: null,
  permissions: new Set(["users.list"]),
  companyId: null,
  companyName: null,
  franchiseeId: null,
  zoneIds: null,
  actingAsAdmin: false,
  via: "session",
  ...over,
});

/** The digest Next reads to choose a boundary (not-found, forbidden, unauthorized, redirect). */
async function digestOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    return String((e as { digest?: unknown }).digest);
  }
  throw new Error("expected the guard to throw");
}

describe("guardPage", () => {
  it("returns what the loader returns", async () => {
    await expect(guardPage(async () => ({ rows: 3 }))).resolves.toEqual({ rows: 3 });
  });

  it("sends a lost session to /auth/login", async () => {
    const d = await digestOf(() => guardPage(() => Promise.reject(new AppError(401, "Unauthenticated."))));
    expect(d).toMatch(/^NEXT_REDIRECT;[a-z]+;\/auth\/login;/);
  });

  it("shows a 404 as the not-found card", async () => {
    expect(await digestOf(() => guardPage(() => Promise.reject(notFound())))).toBe(
      "NEXT_HTTP_ERROR_FALLBACK;404",
    );
  });

  it("shows a missing permission as access denied (forbidden)", async () => {
    expect(await digestOf(() => guardPage(() => Promise.reject(forbidden())))).toBe(
      "NEXT_HTTP_ERROR_FALLBACK;403",
    );
  });

  it("shows requireCompany's refusal as the choose-company card (unauthorized), not access denied", async () => {
    // Loaders throw synchronously too: the guard catches both.
    const d = await digestOf(() => guardPage(() => requireCompany(ctx())));
    expect(d).toBe("NEXT_HTTP_ERROR_FALLBACK;401");
  });

  it("lets anything else through to the retry card", async () => {
    const boom = new Error("database down");
    await expect(guardPage(() => Promise.reject(boom))).rejects.toBe(boom);
    const conflict = new AppError(409, "This position is assigned to users.");
    await expect(guardPage(() => Promise.reject(conflict))).rejects.toBe(conflict);
  });
});

describe("pageCompanyId and authorizePage", () => {
  it("answer the acting company, or the choose-company card without one", async () => {
    expect(pageCompanyId(ctx({ companyId: 12 }))).toBe(12);
    expect(await digestOf(async () => pageCompanyId(ctx()))).toBe("NEXT_HTTP_ERROR_FALLBACK;401");
  });

  it("let a holder of the permission through and show access denied to anyone else", async () => {
    expect(() => authorizePage(ctx(), "users.list")).not.toThrow();
    expect(await digestOf(async () => authorizePage(ctx(), "roles.create"))).toBe(
      "NEXT_HTTP_ERROR_FALLBACK;403",
    );
  });
});
