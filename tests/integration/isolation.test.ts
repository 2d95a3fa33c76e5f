import { and, eq, getTableColumns, getTableName, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  franchisees,
  kycDocumentTypes,
  plans,
  positions,
  states,
  userAddresses,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
  values,
} from "@/db/schema";
import { masters } from "@/lib/registry";
import { apiRoutes } from "@/lib/api/routes";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { rowsOf } from "@/lib/platform/db";
import { ROLE } from "@/lib/platform/permissions";
import { registry } from "@/lib/registry";
import { DEMO_LOGINS, api, ctxFor, seeded, userId } from "../support/fixtures";

// Tenant isolation, generated from the route table, the registry and the masters contexts (issue 21): every list and
// every masters lookup, called by every kind of caller (a company admin, a MASTER FRANCHISEE, a FRANCHISEE ADMIN, a
// customer and a walker of the app), plain and with other users', franchisees' and zones' ids, answers no row outside
// the caller's scope. The scope is judged here from the rows' own columns (company, franchisee, zone, user), not
// from the kernel's scopes, so a list or lookup added without its scope fails without anyone adding a case.

type Db = Awaited<ReturnType<typeof seeded>>["db"];
type Caller = {
  name: string;
  token: string;
  companyId: number;
  userId: number;
  role: string;
  franchiseeId: number | null;
  zoneIds: number[] | null;
};

let db: Db;
let happyId: number;
let wagId: number;
const callers: Caller[] = [];
/** Ids outside some callers' scopes, sent as filters and lookups' parameters. */
const foreign = {
  customer: 0, // a customer of the company other than the app caller (outside a customer's own rows)
  wagCustomer: 0, // another company's customer
  outFranchisee: 0, // a franchisee outside the master franchisee's zones and not the franchisee admin's own
  wagFranchisee: 0,
  outZone: 0, // a zone outside the master franchisee's
};

async function callerFor(name: string, id: number, companyId: number): Promise<Caller> {
  const ctx = await ctxFor((await db.select().from(users).where(eq(users.id, id)))[0].email, companyId);
  return {
    name,
    token: await issueApiToken(id),
    companyId,
    userId: id,
    role: ctx.roleName,
    franchiseeId: ctx.franchiseeId,
    zoneIds: ctx.zoneIds,
  };
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  const customersWithPets = await db
    .selectDistinct({ id: users.id, company: users.company_id })
    .from(users)
    .innerJoin(userPets, and(eq(userPets.user_id, users.id), isNull(userPets.deleted_at)))
    .where(
      and(
        eq(users.role_id, 4),
        isNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(users.id);
  const happyCustomers = customersWithPets.filter((c) => c.company === happyId);
  const [walker] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, happyId),
        eq(users.role_id, 4),
        isNotNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .limit(1);
  expect(happyCustomers.length).toBeGreaterThan(1);
  callers.push(
    await callerFor("ADMIN", await userId(DEMO_LOGINS[ROLE.ADMIN]), happyId),
    await callerFor("MASTER FRANCHISEE", await userId(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]), happyId),
    await callerFor("FRANCHISEE ADMIN", await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]), happyId),
    await callerFor("customer", happyCustomers[0].id, happyId),
    await callerFor("walker", walker.id, happyId),
  );
  foreign.customer = happyCustomers[1].id;
  foreign.wagCustomer = customersWithPets.find((c) => c.company === wagId)!.id;
  const mf = callers[1];
  const fa = callers[2];
  expect(mf.zoneIds?.length).toBeGreaterThan(0);
  const [out] = await db
    .select({ id: franchisees.id, zone: franchisees.zone_id })
    .from(franchisees)
    .where(
      and(
        eq(franchisees.company_id, happyId),
        isNull(franchisees.deleted_at),
        eq(franchisees.is_active, 1),
        ne(franchisees.id, fa.franchiseeId!),
        sql`${franchisees.zone_id} is not null and ${franchisees.zone_id} not in (${sql.join(
          mf.zoneIds!.map((z) => sql`${z}::int`),
          sql`, `,
        )})`,
      ),
    )
    .limit(1);
  foreign.outFranchisee = out.id;
  foreign.outZone = out.zone!;
  const [wf] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(eq(franchisees.company_id, wagId));
  foreign.wagFranchisee = wf.id;
  // The out-of-zone franchisee has a walker and a customer with a request there, so a leak would show.
  const [req] = await db
    .select({ id: userMonthlyJobRequests.id })
    .from(userMonthlyJobRequests)
    .where(and(eq(userMonthlyJobRequests.company_id, happyId), eq(userMonthlyJobRequests.zone_id, out.zone!)))
    .limit(1);
  expect(req, "demo data: a monthly request outside the master franchisee's zones").toBeDefined();
});

const call = (c: Caller, path: string) => api("GET", path, { token: c.token, companyId: c.companyId });

/** The columns a row's scope is judged by, read straight from its table. */
async function scopeColumns(table: PgTable, ids: number[]) {
  const cols = getTableColumns(table) as Record<string, { name: string }>;
  const pick = ["company_id", "franchisee_id", "user_id", "zone_id"].filter((c) => cols[c]);
  if (!ids.length) return [];
  const res = await db.execute(
    sql`select id${sql.raw(pick.map((c) => `, ${c}`).join(""))} from ${sql.identifier(getTableName(table))}
        where id in (${sql.join(
          ids.map((i) => sql`${i}::int`),
          sql`, `,
        )})`,
  );
  return rowsOf<{
    id: number;
    company_id?: number | null;
    franchisee_id?: number | null;
    user_id?: number | null;
    zone_id?: number | null;
  }>(res);
}

async function zoneOfFranchisee(id: number | null | undefined): Promise<number | null> {
  if (id == null) return null;
  const [f] = await db.select({ zone: franchisees.zone_id }).from(franchisees).where(eq(franchisees.id, id));
  return f?.zone ?? null;
}

/**
 * What a company publishes to its apps (issue 22): an app user reads its live, active rows, which have no user of
 * their own; an inactive or deleted one is outside their scope.
 */
const APP_CONTENT: ReadonlySet<string> = new Set(["banners", "plans", "blogs"]);

async function unpublished(name: string, id: number): Promise<string | null> {
  const [r] = rowsOf<{ is_active: number; deleted_at: unknown }>(
    await db.execute(sql`select is_active, deleted_at from ${sql.identifier(name)} where id = ${id}`),
  );
  return r?.is_active === 1 && r.deleted_at == null ? null : `an inactive or deleted ${name} row`;
}

/** Why a row of `table` is outside the caller's scope, or null when it is inside. */
async function outside(
  c: Caller,
  table: PgTable,
  row: Awaited<ReturnType<typeof scopeColumns>>[number],
): Promise<string | null> {
  const name = getTableName(table);
  if ("company_id" in row && row.company_id !== c.companyId) return `company ${row.company_id}`;
  if (c.role === ROLE.USER) {
    if (name === "users") return row.id === c.userId ? null : `user ${row.id}`;
    if (APP_CONTENT.has(name)) return unpublished(name, row.id);
    if ("user_id" in row) return row.user_id === c.userId ? null : `another user's (${row.user_id})`;
    return `a ${name} row an app user has no own column for`;
  }
  if (c.franchiseeId != null) {
    if (name === "franchisees") return row.id === c.franchiseeId ? null : `franchisee ${row.id}`;
    if ("franchisee_id" in row && row.franchisee_id !== c.franchiseeId && name !== "users")
      return `franchisee ${row.franchisee_id}`;
    if (name === "users") {
      const [u] = await db.select({ f: users.franchisee_id }).from(users).where(eq(users.id, row.id));
      // A franchisee's admin sees their own staff, and customers only as the people their work is for.
      if (u.f != null && u.f !== c.franchiseeId) return `staff of franchisee ${u.f}`;
    }
  }
  if (c.zoneIds != null) {
    const inZones = (z: number | null) => z != null && c.zoneIds!.includes(z);
    if (name === "franchisees") {
      const z = await zoneOfFranchisee(row.id);
      return inZones(z) ? null : `franchisee ${row.id} in zone ${z}`;
    }
    if (name === "value_lists") return null; // zones are judged by their key (zonesOutside)
    if (name === "users") {
      const [u] = await db.select({ f: users.franchisee_id }).from(users).where(eq(users.id, row.id));
      if (u.f != null) {
        const z = await zoneOfFranchisee(u.f);
        return inZones(z) ? null : `staff of franchisee ${u.f} (zone ${z})`;
      }
      const [r] = await db
        .select({ id: userMonthlyJobRequests.id })
        .from(userMonthlyJobRequests)
        .where(
          and(
            eq(userMonthlyJobRequests.user_id, row.id),
            isNull(userMonthlyJobRequests.deleted_at),
            inArray(userMonthlyJobRequests.zone_id, c.zoneIds.length ? c.zoneIds : [-1]),
          ),
        )
        .limit(1);
      return r ? null : `customer ${row.id} with no request in the zones`;
    }
    if ("zone_id" in row) return inZones(row.zone_id ?? null) ? null : `zone ${row.zone_id}`;
    if ("franchisee_id" in row) {
      const z = await zoneOfFranchisee(row.franchisee_id);
      return inZones(z) ? null : `franchisee ${row.franchisee_id} (zone ${z})`;
    }
  }
  return null;
}

/**
 * The tables behind the keys of masters answers. A key missing here fails the test: a new lookup says what its rows
 * are, and so what scope they are judged by.
 */
const MASTER_KEYS: Record<string, PgTable> = {
  customers: users,
  walkers: users,
  users,
  franchisees,
  zones: valueLists,
  pets: userPets,
  addresses: userAddresses,
  positions,
  plans,
  values,
  service_types: valueLists,
  plan_tiers: valueLists,
  document_types: kycDocumentTypes,
  states,
};

async function mastersLeaks(c: Caller, data: Record<string, unknown>): Promise<string[]> {
  const leaks: string[] = [];
  for (const [key, v] of Object.entries(data)) {
    if (!Array.isArray(v) || !v.length) continue;
    const table = MASTER_KEYS[key];
    if (!table) {
      leaks.push(`${key}: not classified in MASTER_KEYS`);
      continue;
    }
    const ids = v.map((x) => (x as { id: number }).id);
    const rows = await scopeColumns(table, ids);
    // A customer's and a walker's app never gets a list of people or businesses beyond their own rows.
    if (c.role === ROLE.USER && (table === users || table === franchisees) && key !== "franchisees") {
      for (const id of ids) if (id !== c.userId) leaks.push(`${key}: person ${id}`);
      continue;
    }
    if (c.role !== ROLE.USER || table === userPets || table === userAddresses)
      for (const r of rows) {
        const why = await outside(c, table, r);
        if (why) leaks.push(`${key}: ${why}`);
      }
    else
      for (const r of rows)
        if ("company_id" in r && r.company_id !== c.companyId) leaks.push(`${key}: company ${r.company_id}`);
    if (key === "zones" && c.zoneIds != null)
      for (const id of ids) if (!c.zoneIds.includes(id)) leaks.push(`zones: ${id} outside the zones`);
  }
  return leaks;
}

/** The probes: lookups and filters with ids outside the caller's scope. */
function probes(c: Caller): Record<string, string>[] {
  const p: Record<string, string>[] = [
    { user_id: String(foreign.wagCustomer) },
    { franchisee_id: String(foreign.wagFranchisee) },
  ];
  if (c.role === ROLE.USER) p.push({ user_id: String(foreign.customer) });
  if (c.franchiseeId != null || c.zoneIds != null) {
    p.push({ franchisee_id: String(foreign.outFranchisee) });
    if (c.zoneIds != null) p.push({ zone_id: String(foreign.outZone) });
  }
  return p;
}

describe("every masters context, for every caller", () => {
  it("answers only rows in the caller's scope, and 404 (or its plain answer) for ids outside it", async () => {
    const leaks: string[] = [];
    let opened = 0;
    for (const context of masters.names) {
      for (const c of callers) {
        const plain = await call(c, `masters?context=${context}`);
        if (plain.status === 403) continue;
        expect(plain.status, `${c.name} ${context}`).toBe(200);
        opened++;
        const data = plain.json.data as Record<string, unknown>;
        for (const l of await mastersLeaks(c, data)) leaks.push(`${c.name} ${context}: ${l}`);
        for (const probe of probes(c)) {
          const q = new URLSearchParams({ context, ...probe });
          const r = await call(c, `masters?${q}`);
          const label = `${c.name} ${context} ${JSON.stringify(probe)}`;
          if (r.status === 404) continue;
          expect(r.status, label).toBe(200);
          // A context that does not read the parameter answers what it answers without it.
          if (JSON.stringify(r.json.data) !== JSON.stringify(data)) leaks.push(`${label}: answered with it`);
        }
      }
    }
    expect(opened).toBeGreaterThan(masters.names.length);
    expect(leaks).toEqual([]);
  });

  it("gives a customer only their own pets and addresses, and no list of customers or staff", async () => {
    const customer = callers.find((c) => c.name === "customer")!;
    const r = await call(customer, "masters?context=user_monthly_job_requests");
    expect(r.status).toBe(200);
    const data = r.json.data as { customers: { id: number }[]; walkers: unknown[]; pets: { id: number }[] };
    expect(data.customers.map((u) => u.id)).toEqual([customer.userId]);
    expect(data.walkers).toEqual([]);
    expect(data.pets.length).toBeGreaterThan(0);
    const other = await call(
      customer,
      `masters?context=user_monthly_job_requests&user_id=${foreign.customer}&search=a`,
    );
    expect(other.status).toBe(404);
  });
});

/** GET list routes of the route table (no path parameters), with the registered entity behind each, if any. */
function listRoutes() {
  return apiRoutes
    .filter((r) => r.method === "GET" && r.auth === "user" && r.shape === "list" && !r.path.includes(":"))
    .map((r) => ({
      route: r,
      def: registry.find(
        (e) =>
          e.def.ops.includes("list") &&
          r.auth === "user" &&
          r.permission != null &&
          e.def.permission("list") === r.permission,
      )?.def,
    }));
}

describe("every list, for every caller", () => {
  it("answers only rows in the caller's scope, plain and filtered by ids outside it", async () => {
    const leaks: string[] = [];
    const unjudged: string[] = [];
    const judged = new Map<string, number>();
    for (const { route, def } of listRoutes()) {
      for (const c of callers) {
        for (const probe of [{}, ...probes(c)]) {
          const q = new URLSearchParams({ rowsPerPage: "100", ...probe });
          const r = await call(c, `${route.path}?${q}`);
          const label = `${c.name} GET ${route.path}?${q}`;
          if (r.status === 403) break;
          expect([200, 404, 422], label).toContain(r.status);
          if (r.status !== 200) continue;
          const rows = (r.json.data as { id?: number; user_id?: number }[]) ?? [];
          if (!def) {
            // Lists without a registered table (history, notifications, timestamps): an app user's rows are theirs.
            if (c.role === ROLE.USER)
              for (const row of rows)
                if (row.user_id != null && row.user_id !== c.userId)
                  leaks.push(`${label}: user ${row.user_id}`);
            if (rows.length) unjudged.push(route.path);
            continue;
          }
          const ids = rows.map((x) => x.id).filter((x): x is number => typeof x === "number");
          judged.set(c.name, (judged.get(c.name) ?? 0) + ids.length);
          for (const row of await scopeColumns(def.table as PgTable, ids)) {
            const why = await outside(c, def.table as PgTable, row);
            if (why) leaks.push(`${label}: ${why}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // Each kind of caller saw rows of its own to judge (the test is not vacuous).
    for (const c of callers) expect(judged.get(c.name) ?? 0, c.name).toBeGreaterThan(0);
    // Every list but the few hand-built ones is judged by its table.
    expect([...new Set(unjudged)].length).toBeLessThanOrEqual(4);
    // Every list route × every kind of caller × its probes, one after another: a minute on a busy machine.
  }, 180_000);

  it("answers 404 to an app user for another user's record on every item route", async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const route of apiRoutes) {
      if (route.method !== "GET" || route.auth !== "user" || !route.owned) continue;
      const def = registry.find(
        (e) => e.def.ops.includes("view") && e.def.permission("view") === route.permission,
      )?.def;
      if (!def) continue;
      const cols = getTableColumns(def.table as PgTable) as Record<string, unknown>;
      if (!cols.company_id) continue;
      for (const c of callers.filter((x) => x.role === ROLE.USER)) {
        const res = await db.execute(
          sql`select id from ${sql.identifier(getTableName(def.table as PgTable))}
              where company_id = ${c.companyId} and deleted_at is null
              ${cols.user_id ? sql`and user_id <> ${c.userId}` : getTableName(def.table as PgTable) === "users" ? sql`and id <> ${c.userId}` : sql``}
              ${APP_CONTENT.has(getTableName(def.table as PgTable)) ? sql`and is_active <> 1` : sql``}
              limit 1`,
        );
        const [row] = rowsOf<{ id: number }>(res);
        if (!row) continue;
        tried++;
        const r = await call(c, route.path.replace(`:${route.owned}`, String(row.id)));
        if (![403, 404].includes(r.status)) wrong.push(`${c.name} GET ${route.path} ${row.id}: ${r.status}`);
      }
    }
    expect(tried).toBeGreaterThan(5);
    expect(wrong).toEqual([]);
  });
});
