import { and, asc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, outlets, outletUsers, users } from "@/db/schema";
import { OUTLET_USER_MESSAGES, outletUsersCrud } from "@/lib/operations/outlet-users";
import { outletsCrud } from "@/lib/operations/outlets";
import { checkUserOfCompany, userOptions } from "@/lib/operations/users-lookup";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/outlet-users/actions");

const { create, update, get, delete: remove } = outletUsersCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let staff: number[];
let wagStaff: number;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
const fieldErrors = async (p: Promise<unknown>) => {
  const e = await failure(p);
  expect(e.status).toBe(422);
  return e.fieldErrors;
};

async function staffOf(companyId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.company_id, companyId), eq(users.role_id, ROLE_IDS.USER), isNotNull(users.employee_code)),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

let n = 0;
const newOutlet = async () => (await outletsCrud.create(admin, { name: `Outlet Users Test ${++n}` })).id;

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
  staff = await staffOf(happy.id);
  [wagStaff] = await staffOf(wag.id);
});

describe("an outlet's users list", () => {
  it("lists the outlet's live assignments with the user's name, searches, filters by status and pages", async () => {
    const outlet = await newOutlet();
    await create(admin, {
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2026-01-01",
      end_date: "2026-01-31",
    });
    const second = await create(admin, { outlet_id: outlet, user_id: staff[1], start_date: "2026-02-01" });
    await create(admin, {
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2026-03-01",
      is_active: 0,
    });
    const r = await api("GET", `outlets/${outlet}/outlet_users`, { token });
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(3);
    const rows = r.json.data as {
      user_id: number;
      user_name: string;
      start_date: string;
      end_date: string | null;
    }[];
    // Oldest start first.
    expect(rows.map((x) => x.start_date)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(rows[0]).toMatchObject({ user_id: staff[0], end_date: "2026-01-31" });
    expect(rows[0].user_name.length).toBeGreaterThan(0);

    const name = rows[1].user_name;
    const search = await api(
      "GET",
      `outlets/${outlet}/outlet_users?search_keyword=${encodeURIComponent(name)}`,
      {
        token,
      },
    );
    expect((search.json.data as { id: number }[]).map((x) => x.id)).toContain(second.id);
    expect((await api("GET", `outlets/${outlet}/outlet_users?is_active=0`, { token })).json.count).toBe(1);
    const page = await api("GET", `outlets/${outlet}/outlet_users?page=2&rowsPerPage=2`, { token });
    expect([page.json.count, (page.json.data as unknown[]).length]).toEqual([3, 1]);

    // Deleted assignments leave the list (no trash view), with the spec's text.
    const del = await api("POST", `outlet_users/delete/${second.id}`, { token });
    expect([del.status, del.json.message]).toEqual([200, "Outlet deleted successfully."]);
    expect((await api("GET", `outlets/${outlet}/outlet_users?show_deleted=1`, { token })).json.count).toBe(2);
    expect((await api("POST", `outlet_users/restore/${second.id}`, { token })).status).toBe(404);
  });

  it("answers 404 for another company's outlet and for a deleted one", async () => {
    const [theirs] = await db.select().from(outlets).where(eq(outlets.company_id, wag.id)).limit(1);
    expect((await api("GET", `outlets/${theirs.id}/outlet_users`, { token })).status).toBe(404);
    const gone = await newOutlet();
    await outletsCrud.delete(admin, { id: gone });
    expect((await api("GET", `outlets/${gone}/outlet_users`, { token })).status).toBe(404);
  });

  it("exports one outlet's users", async () => {
    const outlet = await newOutlet();
    const r = await api("GET", `outlet_user_exports?outlet_id=${outlet}`, { token });
    expect(r.status).toBe(200);
    expect(String(r.json.data)).toMatch(/^\/api\/download\?/);
  });
});

describe("the users picker", () => {
  it("offers live, active users (role USER) of the acting company only, by name", async () => {
    const r = await api("GET", "outlet_users/masters", { token });
    expect(r.status).toBe(200);
    const offered = (r.json.data as { users: { id: number; user_name: string }[] }).users;
    const names = offered.map((u) => u.user_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ids = new Set(offered.map((u) => u.id));
    expect(ids.has(staff[0])).toBe(true);
    expect(ids.has(wagStaff)).toBe(false);
    // No admin (role ADMIN) is offered.
    const adminId = admin.userId;
    expect(ids.has(adminId)).toBe(false);

    await db.update(users).set({ is_active: 0 }).where(eq(users.id, staff[3]));
    expect((await userOptions(admin)).some((u) => u.id === staff[3])).toBe(false);
    await expect(checkUserOfCompany(db, admin, staff[3], "user_id")).rejects.toMatchObject({
      status: 422,
      fieldErrors: { user_id: OUTLET_USER_MESSAGES.userInvalid },
    });
    await db.update(users).set({ is_active: 1 }).where(eq(users.id, staff[3]));
    await expect(checkUserOfCompany(db, admin, staff[3], "user_id")).resolves.toBeUndefined();
  });
});

describe("outlet user saves", () => {
  it("creates through POST outlet_users with the spec's body and answers the nested user", async () => {
    const outlet = await newOutlet();
    const r = await api("POST", "outlet_users", {
      token,
      body: { user_id: staff[0], outlet_id: outlet, start_date: "2026-05-01", end_date: "" },
    });
    expect(r.status).toBe(200);
    const data = r.json.data as Record<string, unknown> & { user: { id: number; user_name: string } };
    expect(data).toMatchObject({
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2026-05-01",
      end_date: null,
      is_active: 1,
    });
    expect(data.user.id).toBe(staff[0]);
  });

  it("requires user and start date, checks dates, and refuses users outside the company", async () => {
    const outlet = await newOutlet();
    expect(await fieldErrors(create(admin, { outlet_id: outlet }))).toEqual({
      user_id: "The user field is required.",
      start_date: "The start date field is required.",
    });
    expect(
      await fieldErrors(create(admin, { outlet_id: outlet, user_id: staff[0], start_date: "2026-02-30" })),
    ).toEqual({ start_date: "The start date is not a valid date." });
    expect(
      await fieldErrors(
        create(admin, {
          outlet_id: outlet,
          user_id: staff[0],
          start_date: "2026-03-10",
          end_date: "2026-03-09",
        }),
      ),
    ).toEqual({ end_date: OUTLET_USER_MESSAGES.endBeforeStart });
    // Another company's user, an admin and a deleted user: 422 on user_id.
    for (const user_id of [wagStaff, admin.userId])
      expect(
        await fieldErrors(create(admin, { outlet_id: outlet, user_id, start_date: "2026-03-10" })),
      ).toEqual({
        user_id: OUTLET_USER_MESSAGES.userInvalid,
      });
    // The same start and end day is a one-day assignment.
    expect(
      (
        await create(admin, {
          outlet_id: outlet,
          user_id: staff[0],
          start_date: "2026-03-10",
          end_date: "2026-03-10",
        })
      ).end_date,
    ).toBe("2026-03-10");
  });

  it("answers 404 for an outlet of another company or a deleted one, in the body", async () => {
    const [theirs] = await db.select().from(outlets).where(eq(outlets.company_id, wag.id)).limit(1);
    expect(
      (await failure(create(admin, { outlet_id: theirs.id, user_id: staff[0], start_date: "2026-01-01" })))
        .status,
    ).toBe(404);
    const r = await api("POST", "outlet_users", {
      token,
      body: { outlet_id: theirs.id, user_id: staff[0], start_date: "2026-01-01" },
    });
    expect(r.status).toBe(404);
  });

  it("refuses overlapping active assignments of one user at one outlet (422 on start_date)", async () => {
    const outlet = await newOutlet();
    await create(admin, {
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2026-01-01",
      end_date: "2026-01-31",
    });
    const open = await create(admin, { outlet_id: outlet, user_id: staff[0], start_date: "2026-03-01" });
    for (const [start_date, end_date] of [
      ["2026-01-31", "2026-02-10"],
      ["2025-12-01", null],
      ["2027-01-01", null],
    ] as const)
      expect(
        await fieldErrors(create(admin, { outlet_id: outlet, user_id: staff[0], start_date, end_date })),
      ).toEqual({
        start_date: OUTLET_USER_MESSAGES.overlap,
      });
    // Between the two, another user, another outlet, or an inactive assignment: fine.
    await create(admin, {
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2026-02-01",
      end_date: "2026-02-28",
    });
    await create(admin, { outlet_id: outlet, user_id: staff[1], start_date: "2026-01-15" });
    await create(admin, { outlet_id: await newOutlet(), user_id: staff[0], start_date: "2026-01-15" });
    const idle = await create(admin, {
      outlet_id: outlet,
      user_id: staff[0],
      start_date: "2027-06-01",
      is_active: 0,
    });
    // Switching it on would overlap the open one; closing the open one first makes room.
    expect(await fieldErrors(update(admin, { id: idle.id, is_active: 1 }))).toEqual({
      start_date: OUTLET_USER_MESSAGES.overlap,
    });
    await update(admin, { id: open.id, end_date: "2027-05-31" });
    expect((await update(admin, { id: idle.id, is_active: 1 })).is_active).toBe(1);
    // A deleted assignment frees its period.
    await remove(admin, { id: idle.id });
    expect(
      (await create(admin, { outlet_id: outlet, user_id: staff[0], start_date: "2027-06-01" })).id,
    ).toBeGreaterThan(0);
  });

  it("edits user, dates and the switch through PATCH; the outlet stays; end before start is refused", async () => {
    const outlet = await newOutlet();
    const row = await create(admin, { outlet_id: outlet, user_id: staff[0], start_date: "2026-04-01" });
    const other = await newOutlet();
    const r = await api("PATCH", `outlet_users/${row.id}`, {
      token,
      body: { user_id: staff[1], end_date: "2026-04-30", is_active: 0, outlet_id: other },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      outlet_id: outlet,
      user_id: staff[1],
      start_date: "2026-04-01",
      end_date: "2026-04-30",
      is_active: 0,
    });
    expect(await fieldErrors(update(admin, { id: row.id, start_date: "2026-05-01" }))).toEqual({
      end_date: OUTLET_USER_MESSAGES.endBeforeStart,
    });
    expect(await fieldErrors(update(admin, { id: row.id, user_id: wagStaff }))).toEqual({
      user_id: OUTLET_USER_MESSAGES.userInvalid,
    });
    const g = await get(admin, row.id);
    expect(g).toMatchObject({ user_id: staff[1], end_date: "2026-04-30", outlet: { id: outlet } });
  });

  it("keeps a user who has since been deactivated on their assignment", async () => {
    const outlet = await newOutlet();
    const row = await create(admin, { outlet_id: outlet, user_id: staff[2], start_date: "2026-04-01" });
    await db.update(users).set({ is_active: 0 }).where(eq(users.id, staff[2]));
    try {
      expect((await update(admin, { id: row.id, user_id: staff[2], end_date: "2026-06-30" })).end_date).toBe(
        "2026-06-30",
      );
    } finally {
      await db.update(users).set({ is_active: 1 }).where(eq(users.id, staff[2]));
    }
  });

  it("answers 404 for another company's assignment on every call", async () => {
    const [theirs] = await db.select().from(outletUsers).where(eq(outletUsers.company_id, wag.id)).limit(1);
    for (const [m, p] of [
      ["GET", `outlet_users/${theirs.id}`],
      ["PATCH", `outlet_users/${theirs.id}`],
      ["POST", `outlet_users/delete/${theirs.id}`],
    ] as const)
      expect(
        (await api(m, p, { token, body: m === "GET" ? undefined : { end_date: "2030-01-01" } })).status,
      ).toBe(404);
    session.ctx = admin;
    expect(await actions.deleteOutletUserAction(encodeId(theirs.id))).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
