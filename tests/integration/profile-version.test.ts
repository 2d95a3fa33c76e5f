import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "@/db/schema";
import { getProfile } from "@/lib/admin/users/profile";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { VERSION_FIELD } from "@/lib/platform/write-fields";
import { DEMO_LOGINS, ctxFor, seeded } from "../support/fixtures";
import { ROLE } from "@/lib/platform/permissions";

// My Profile is a hand-built edit (not the kernel's entity form): it carries the record's version like every other
// edit (issue 24), so a save over a change made since the page was opened is refused with who and when.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/profile/actions");

let me: Ctx;
const names = (first: string) => ({ first_name: first, last_name: "Versioned", phone: "+91 98200 12345" });

beforeAll(async () => {
  await seeded();
  me = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  session.ctx = me;
});

describe("my profile's version", () => {
  it("a save with the version it was opened on succeeds and answers the next version", async () => {
    const opened = await getProfile(me, me.userId);
    expect(opened.version).toMatch(/^\d{4}-\d\d-\d\dT/);
    const r = await actions.updateProfileAction(encodeId(me.userId), {
      ...names("First"),
      [VERSION_FIELD]: opened.version,
    });
    expect(r).toMatchObject({ ok: true });
    const saved = r.ok ? (r.data as { version: string }).version : null;
    expect(saved).not.toBe(opened.version);
    // The form stays open and sends the saved version with its next save: accepted.
    const again = await actions.updateProfileAction(encodeId(me.userId), {
      ...names("Second"),
      [VERSION_FIELD]: saved,
    });
    expect(again).toMatchObject({ ok: true });
  });

  it("a save from a page opened before another save is refused (409, who and when) and writes nothing", async () => {
    const opened = await getProfile(me, me.userId);
    // Another tab saves first.
    const first = await actions.updateProfileAction(encodeId(me.userId), {
      ...names("OtherTab"),
      [VERSION_FIELD]: opened.version,
    });
    expect(first.ok).toBe(true);
    const stale = await actions.updateProfileAction(encodeId(me.userId), {
      ...names("ThisTab"),
      [VERSION_FIELD]: opened.version,
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    if (stale.ok) return;
    expect(stale.message).toMatch(/^This record was changed by .+ at .+\.$/);
    const current = await getProfile(me, me.userId);
    expect(stale.version).toBe(current.version);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, me.userId));
    expect(row.first_name.toUpperCase()).toBe("OTHERTAB");
    // "Keep mine": the current version sent, the save goes through.
    const mine = await actions.updateProfileAction(encodeId(me.userId), {
      ...names("ThisTab"),
      [VERSION_FIELD]: stale.version,
    });
    expect(mine.ok).toBe(true);
  });

  it("a save without a version is taken (last save wins, as before)", async () => {
    const r = await actions.updateProfileAction(encodeId(me.userId), names("NoVersion"));
    expect(r.ok).toBe(true);
  });
});
