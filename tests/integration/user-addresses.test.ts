import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { positions, states, userAddresses, userMonthlyJobRequests, users } from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { CUSTOMER_DATA_MESSAGES } from "@/lib/jobs/customer-data";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, DEMO_LOGINS, seeded, userId } from "../support/fixtures";

// Customers' addresses through /api (issue 22): own rows only, staff within reach, coordinates, state and pin code,
// one default per customer (the first is the default; making one default clears the other; deleting the default
// promotes another), delete refused while a live monthly request uses the address, restore.

type Db = Awaited<ReturnType<typeof seeded>>["db"];
let db: Db;
let happyId: number;
let adminToken: string;
let faToken: string;
let faFranchisee: number;
let customer: { id: number; token: string };
let stranger: { id: number; token: string };
let walkerToken: string;
let stateId: number;

const as = (token: string) => ({ token, companyId: happyId });
type Address = {
  id: number;
  user_id: number;
  is_default: boolean;
  latitude: number | null;
  lat: number | null;
};

async function defaults(userIdOf: number) {
  return (
    await db
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(
        and(
          eq(userAddresses.user_id, userIdOf),
          eq(userAddresses.is_default, true),
          isNull(userAddresses.deleted_at),
        ),
      )
  ).map((r) => r.id);
}

/** A fresh customer (CUSTOMER position, no address yet) of Happy Paws, made through the admin's /api. */
async function freshCustomer(tag: string) {
  const [pos] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happyId), sql`upper(${positions.name}) = 'CUSTOMER'`))
    .limit(1);
  const [u] = await db
    .insert(users)
    .values({
      company_id: happyId,
      role_id: ROLE_IDS[ROLE.USER],
      position_id: pos.id,
      first_name: "Fresh",
      last_name: tag,
      email: `fresh-${tag}-${Date.now()}@example.test`,
      phone: `9${String(Date.now()).slice(-9)}`,
      password_hash: "x",
    })
    .returning({ id: users.id });
  return { id: u.id, token: await issueApiToken(u.id) };
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  adminToken = await issueApiToken(await userId(adminEmail));
  const faId = await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  faToken = await issueApiToken(faId);
  const [fa] = await db.select({ f: users.franchisee_id }).from(users).where(eq(users.id, faId));
  faFranchisee = fa.f!;
  customer = await freshCustomer("a");
  stranger = await freshCustomer("b");
  const [w] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, happyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNotNull(users.franchisee_id),
      ),
    )
    .limit(1);
  walkerToken = await issueApiToken(w.id);
  const [st] = await db.select({ id: states.id }).from(states).orderBy(asc(states.id)).limit(1);
  stateId = st.id;
});

describe("a customer's addresses", () => {
  it("makes the first address the default, and a new default clears the other", async () => {
    const first = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: {
        address: "Flat 1, Sea View, Juhu",
        lat: 19.1,
        long: 72.83,
        state_id: stateId,
        pin_code: "400049",
      },
    });
    expect(first.status).toBe(200);
    const a1 = first.json.data as Address & { state: { id: number } };
    expect(a1).toMatchObject({ user_id: customer.id, is_default: true, latitude: 19.1, lat: 19.1 });
    expect(a1.state.id).toBe(stateId);

    const second = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: { address: "Office, BKC", latitude: 19.06, longitude: 72.86 },
    });
    const a2 = second.json.data as Address;
    expect(a2.is_default).toBe(false);
    expect(await defaults(customer.id)).toEqual([a1.id]);

    const third = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: { address: "Parents, Pune", is_default: true },
    });
    const a3 = third.json.data as Address;
    expect(a3.is_default).toBe(true);
    expect(await defaults(customer.id)).toEqual([a3.id]);

    const patched = await api("PATCH", `user_addresses/${a2.id}`, {
      ...as(customer.token),
      body: { is_default: 1 },
    });
    expect(patched.status).toBe(200);
    expect(await defaults(customer.id)).toEqual([a2.id]);
    // The default cannot just be unset: another address is made the default instead.
    const unset = await api("PATCH", `user_addresses/${a2.id}`, {
      ...as(customer.token),
      body: { is_default: false },
    });
    expect(unset.status).toBe(422);
    expect(unset.json.errors).toEqual({ is_default: [CUSTOMER_DATA_MESSAGES.keepDefault] });

    // Deleting the default makes the newest other address the default; restoring it leaves that one the default.
    const del = await api("POST", `user_addresses/delete/${a2.id}`, as(customer.token));
    expect(del.json.message).toBe("Address deleted successfully.");
    expect(await defaults(customer.id)).toEqual([a3.id]);
    const back = await api("POST", `user_addresses/restore/${a2.id}`, as(customer.token));
    expect(back.status).toBe(200);
    expect(await defaults(customer.id)).toEqual([a3.id]);
    const list = await api("GET", "user_addresses?rowsPerPage=50", as(customer.token));
    const rows = list.json.data as Address[];
    expect(rows.map((r) => r.id).sort()).toEqual([a1.id, a2.id, a3.id].sort());
    expect(rows.filter((r) => r.is_default).map((r) => r.id)).toEqual([a3.id]);
  });

  it("refuses bad coordinates, pin codes and states (422)", async () => {
    const r = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: { address: " ", latitude: 91, longitude: -181, pin_code: "12345", state_id: 999999 },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toMatchObject({
      address: ["The address field is required."],
      latitude: [expect.stringContaining("latitude")],
      longitude: [expect.stringContaining("longitude")],
      pin_code: [CUSTOMER_DATA_MESSAGES.pinCode],
    });
    const st = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: { address: "Somewhere", state_id: 999999 },
    });
    expect(st.json.errors).toEqual({ state_id: ["The selected state is invalid."] });
  });

  it("answers 404 for another customer's address on get, patch, delete and restore", async () => {
    const mine = await api("POST", "user_addresses", {
      ...as(stranger.token),
      body: { address: "Stranger's flat" },
    });
    const id = (mine.json.data as Address).id;
    expect((mine.json.data as Address).is_default).toBe(true);
    for (const [method, path, body] of [
      ["GET", `user_addresses/${id}`, undefined],
      ["PATCH", `user_addresses/${id}`, { address: "Mine now" }],
      ["POST", `user_addresses/delete/${id}`, undefined],
      ["POST", `user_addresses/restore/${id}`, undefined],
    ] as const)
      expect((await api(method, path, { ...as(customer.token), body })).status, `${method} ${path}`).toBe(
        404,
      );
    const list = await api("GET", `user_addresses?user_id=${stranger.id}`, as(customer.token));
    expect(list.json.data).toEqual([]);
    // A walker has no addresses to keep.
    expect(
      (await api("POST", "user_addresses", { ...as(walkerToken), body: { address: "Walker's" } })).status,
    ).toBe(403);
  });

  it("refuses to delete an address a live monthly request uses (409), then allows it after the request is deleted", async () => {
    const made = await api("POST", "user_addresses", {
      ...as(customer.token),
      body: { address: "Held flat" },
    });
    const id = (made.json.data as Address).id;
    const today = indiaNow().date;
    const [req] = await db
      .insert(userMonthlyJobRequests)
      .values({
        company_id: happyId,
        user_id: customer.id,
        franchisee_id: faFranchisee,
        user_address_id: id,
        month: Number(today.slice(5, 7)),
        year: Number(today.slice(0, 4)),
        start_date: today,
        end_date: today,
      })
      .returning({ id: userMonthlyJobRequests.id });
    const r = await api("POST", `user_addresses/delete/${id}`, as(customer.token));
    expect(r.status).toBe(409);
    expect(r.json.message).toContain(`monthly job request #${req.id}`);

    // The request puts the customer within the franchisee admin's reach: they may correct the address.
    const fix = await api("PATCH", `user_addresses/${id}`, { ...as(faToken), body: { pin_code: 400050 } });
    expect(fix.status).toBe(200);
    expect((fix.json.data as { pin_code: string }).pin_code).toBe("400050");
    expect((await api("GET", `user_addresses/${id}`, as(faToken))).status).toBe(200);
    // The stranger has no request of theirs: out of reach.
    const [strangers] = await db
      .select({ id: userAddresses.id })
      .from(userAddresses)
      .where(eq(userAddresses.user_id, stranger.id));
    expect((await api("GET", `user_addresses/${strangers.id}`, as(faToken))).status).toBe(404);
    expect(
      (await api("POST", "user_addresses", { ...as(faToken), body: { address: "x", user_id: stranger.id } }))
        .status,
    ).toBe(404);
    const staffMade = await api("POST", "user_addresses", {
      ...as(faToken),
      body: { address: "Phoned in", user_id: customer.id },
    });
    expect(staffMade.status).toBe(200);
    expect((staffMade.json.data as Address).user_id).toBe(customer.id);

    expect((await api("POST", `user_monthly_job_requests/delete/${req.id}`, as(adminToken))).status).toBe(
      200,
    );
    const ok = await api("POST", `user_addresses/delete/${id}`, as(customer.token));
    expect(ok.status).toBe(200);
    const back = await api("POST", `user_addresses/restore/${id}`, as(customer.token));
    expect(back.json.message).toBe("Address restored successfully.");
  });

  it("lets the admin add an address for any customer of the company, and not for staff", async () => {
    const r = await api("POST", "user_addresses", {
      ...as(adminToken),
      body: { address: "Admin typed", user_id: stranger.id },
    });
    expect(r.status).toBe(200);
    const adminId = await userId(adminEmail);
    const staff = await api("POST", "user_addresses", {
      ...as(adminToken),
      body: { address: "Admin typed", user_id: adminId },
    });
    expect(staff.status).toBe(404);
  });
});
