import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies } from "@/db/schema";
import { memberCompanyIds, resolveContext, type Ctx } from "@/lib/platform/context";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { ACTING_COMPANY_COOKIE } from "@/lib/platform/session";
import { DEMO_LOGINS, api, ctxFor, seeded, tokenFor, userId } from "../support/fixtures";

// The actions read the browser session and set a cookie: the session answers a chosen user; the jar is a map.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
  headers: async () => new Headers(),
}));
// Outside a request there is no page cache to revalidate.
vi.mock("next/cache", async (orig) => ({
  ...(await orig<typeof import("next/cache")>()),
  revalidatePath: () => {},
}));
const { searchCompaniesAction, switchCompanyAction } = await import("@/components/shell/shell-actions");

const mfEmail = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];

let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let third: typeof companies.$inferSelect;
let mfId: number;

/** The context the next request of this browser gets: the session's user, the company the cookie names. */
async function nextRequest(): Promise<Ctx> {
  const chosen = jar.get(ACTING_COMPANY_COOKIE);
  return resolveContext({
    userId: mfId,
    via: "session",
    requestedCompanyId: chosen ? decodeId(chosen) : null,
  });
}

beforeAll(async () => {
  const s = await seeded();
  ({ happy, wag } = s);
  [third] = await s.db.select().from(companies).where(eq(companies.name, "Bark Buddies Mumbai 1"));
  mfId = await userId(mfEmail);
});

describe("a MASTER FRANCHISEE who belongs to two companies", () => {
  it("is offered exactly their own companies, the acting one marked current", async () => {
    expect(await memberCompanyIds(mfId)).toEqual([happy.id, wag.id].sort((a, b) => a - b));
    session.ctx = await nextRequest();
    expect(session.ctx.companyId).toBe(happy.id);
    const r = await searchCompaniesAction("");
    if (!r.ok) throw new Error(r.message);
    // By name: Happy Paws, then Wag Nation.
    expect(r.data.map((c) => [decodeId(c.id), c.current])).toEqual([
      [happy.id, true],
      [wag.id, false],
    ]);
    // Searching never reaches beyond them.
    const other = await searchCompaniesAction(third.name);
    expect(other.ok && other.data).toEqual([]);
  });

  it("switches to each of them and back, like a BACKEND ADMIN", async () => {
    session.ctx = await nextRequest();
    expect(await switchCompanyAction(encodeId(wag.id))).toEqual({ ok: true, data: null });
    const inWag = await nextRequest();
    expect(inWag).toMatchObject({ companyId: wag.id, companyName: wag.name, actingAsAdmin: false });
    session.ctx = inWag;
    const listed = await searchCompaniesAction("");
    expect(listed.ok && listed.data.find((c) => c.current)?.name).toBe(wag.name);

    expect(await switchCompanyAction(encodeId(happy.id))).toEqual({ ok: true, data: null });
    expect((await nextRequest()).companyId).toBe(happy.id);
    // Clearing the choice goes back to the home company.
    await switchCompanyAction(encodeId(wag.id));
    expect(await switchCompanyAction(null)).toEqual({ ok: true, data: null });
    expect(jar.has(ACTING_COMPANY_COOKIE)).toBe(false);
    expect((await nextRequest()).companyId).toBe(happy.id);
  });

  it("cannot switch to a third company: 404, and the choice stays", async () => {
    session.ctx = await nextRequest();
    await switchCompanyAction(encodeId(wag.id));
    expect(await switchCompanyAction(encodeId(third.id))).toMatchObject({ ok: false, status: 404 });
    expect(decodeId(jar.get(ACTING_COMPANY_COOKIE)!)).toBe(wag.id);
    expect((await nextRequest()).companyId).toBe(wag.id);
    // A forged cookie naming the third company is not honoured either: the home company answers.
    jar.set(ACTING_COMPANY_COOKIE, encodeId(third.id));
    expect((await nextRequest()).companyId).toBe(happy.id);
    jar.delete(ACTING_COMPANY_COOKIE);
  });

  it("uses the company-id header on /api for either company, and 403 for a third", async () => {
    const token = await tokenFor(mfEmail);
    for (const c of [happy, wag]) {
      const r = await api("GET", "me", { token, companyId: c.id });
      expect(r.status).toBe(200);
      expect((r.json.data as { company: { id: number } }).company.id).toBe(c.id);
    }
    expect((await api("GET", "me", { token, companyId: third.id })).status).toBe(403);
  });
});

describe("the company switch", () => {
  it("is refused (403) to a user of one company", async () => {
    session.ctx = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    expect(await searchCompaniesAction("")).toMatchObject({ ok: false, status: 403 });
    expect(await switchCompanyAction(encodeId(wag.id))).toMatchObject({ ok: false, status: 403 });
  });

  it("still offers a BACKEND ADMIN every live company", async () => {
    session.ctx = await ctxFor(DEMO_LOGINS[ROLE.BACKEND_ADMIN]);
    const r = await searchCompaniesAction(third.name);
    expect(r.ok && r.data.map((c) => decodeId(c.id))).toEqual([third.id]);
    expect(await switchCompanyAction(encodeId(third.id))).toEqual({ ok: true, data: null });
    jar.delete(ACTING_COMPANY_COOKIE);
  });

  it("answers 401 without a session", async () => {
    session.ctx = null;
    expect(await searchCompaniesAction("")).toMatchObject({ ok: false, status: 401 });
    expect(await switchCompanyAction(encodeId(wag.id))).toMatchObject({ ok: false, status: 401 });
  });
});
