import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { positions, users } from "@/db/schema";
import { masters } from "@/lib/registry";
import { positionsCrud } from "@/lib/admin/positions";
import { isStaffPosition, STAFF_POSITION_ONLY } from "@/lib/admin/users/staff-positions";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_LOGINS, adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

// Server actions read the browser session; here the session lookup answers a chosen user, the rest is real.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/users/actions");

const faEmail = DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN];

let fa: Ctx;
let faToken: string;
let admin: Ctx;
let pos: Record<string, number>;
let walker: number;
let seq = 0;

const staff = (position_id: number, extra: Record<string, unknown> = {}) => ({
  first_name: "Staff",
  last_name: `Member ${++seq}`,
  email: `staff.member.${seq}@staff-positions.test`,
  position_id,
  ...extra,
});

beforeAll(async () => {
  const { happy } = await seeded();
  fa = await ctxFor(faEmail);
  faToken = await tokenFor(faEmail);
  admin = await ctxFor(adminEmail);
  const db = await getDb();
  const rows = await db.select().from(positions).where(eq(positions.company_id, happy.id));
  pos = Object.fromEntries(rows.map((p) => [p.name, p.id]));
  // A position an admin adds for a kind of staff.
  walker = (await positionsCrud.create(admin, { name: "Walker", is_active: 1, position_permissions: [] })).id;
});

describe("staff positions", () => {
  it("are every position but CUSTOMER and those named after a portal role, whatever the spelling", () => {
    expect(isStaffPosition(POSITION.FRANCHISEE_STAFF)).toBe(true);
    expect(isStaffPosition("Walker")).toBe(true);
    expect(isStaffPosition("Trainer")).toBe(true);
    for (const name of [
      POSITION.CUSTOMER,
      POSITION.MASTER_FRANCHISEE,
      POSITION.FRANCHISEE_ADMIN,
      ROLE.ADMIN,
      ROLE.SUPER_ADMIN,
      ROLE.BACKEND_ADMIN,
      "master_franchisee",
      " Franchisee-Admin ",
    ])
      expect(isStaffPosition(name), name).toBe(false);
  });
});

describe("a FRANCHISEE ADMIN", () => {
  it("is offered only staff positions in the user form's picker", async () => {
    const m = (await masters.get(fa, new URLSearchParams("context=user"))) as {
      positions: { id: number; name: string }[];
    };
    expect(m.positions.map((p) => p.name).sort()).toEqual([POSITION.FRANCHISEE_STAFF, "Walker"]);
    // /api answers the app the same list.
    const r = await api("GET", "masters?context=user", { token: faToken });
    expect((r.json.data as { positions: { id: number }[] }).positions.map((p) => p.id).sort()).toEqual(
      [pos[POSITION.FRANCHISEE_STAFF], walker].sort(),
    );
  });

  it.each([POSITION.MASTER_FRANCHISEE, POSITION.FRANCHISEE_ADMIN, POSITION.CUSTOMER])(
    "cannot give staff the %s position: 422 on the field, from the action and /api, and nothing is written",
    async (name) => {
      session.ctx = fa;
      const body = staff(pos[name]);
      expect(await actions.createUserAction(body, true)).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: { position_id: STAFF_POSITION_ONLY },
      });
      const r = await api("POST", "users", { token: faToken, body });
      expect(r.status).toBe(422);
      expect(r.json.errors).toEqual({ position_id: [STAFF_POSITION_ONLY] });
      const db = await getDb();
      expect(await db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    },
  );

  it("gives staff positions, and the user's role is USER whatever the request says", async () => {
    session.ctx = fa;
    const viaAction = await actions.createUserAction(staff(pos[POSITION.FRANCHISEE_STAFF]), true);
    expect(viaAction.ok, JSON.stringify(viaAction)).toBe(true);
    const body = staff(walker, { role_id: ROLE_IDS[ROLE.MASTER_FRANCHISEE] });
    const r = await api("POST", "users", { token: faToken, body });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const db = await getDb();
    const [u] = await db.select().from(users).where(eq(users.email, body.email));
    expect(u).toMatchObject({
      position_id: walker,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: fa.franchiseeId,
    });
  });

  it("cannot move a staff member into a non-staff position, but keeps one an admin gave", async () => {
    // The company's ADMIN made one of the franchisee's staff a MASTER FRANCHISEE (admins may).
    const body = staff(pos[POSITION.MASTER_FRANCHISEE], { franchisee_id: fa.franchiseeId });
    const made = await api("POST", "users", { token: await tokenFor(adminEmail), body });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const id = (made.json.data as { id: number }).id;
    session.ctx = fa;
    const edit = { ...body, phone: "+91 90000 22222" };
    // Unchanged, the position stays acceptable: the FRANCHISEE ADMIN can still correct the phone.
    expect(await actions.updateUserAction(encodeId(id), edit)).toMatchObject({ ok: true });
    const db = await getDb();
    const [plain] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.franchisee_id, fa.franchiseeId!), eq(users.position_id, pos[POSITION.FRANCHISEE_STAFF])),
      )
      .limit(1);
    const promote = await api("POST", "users", {
      token: faToken,
      body: { ...staff(pos[POSITION.FRANCHISEE_ADMIN]), id: plain.id, phone: "+91 90000 33333" },
    });
    expect(promote.status).toBe(422);
    expect(promote.json.errors).toEqual({ position_id: [STAFF_POSITION_ONLY] });
    const [still] = await db.select().from(users).where(eq(users.id, plain.id));
    expect(still.position_id).toBe(pos[POSITION.FRANCHISEE_STAFF]);
  });
});

describe("an ADMIN", () => {
  it("still gives any position of the company", async () => {
    session.ctx = admin;
    const r = await actions.createUserAction(staff(pos[POSITION.MASTER_FRANCHISEE]));
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const m = (await masters.get(admin, new URLSearchParams("context=user"))) as {
      positions: { id: number }[];
    };
    expect(m.positions.map((p) => p.id)).toContain(pos[POSITION.MASTER_FRANCHISEE]);
  });
});
