import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { modules, outlets, pjpOutlets, pjps, positions, roles, services, users, values } from "@/db/schema";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import type { Env } from "./types";
import { serviceTypeOf } from "./services";
import { stateId } from "./state-holidays";
import { freeState } from "./state-gsts";
import { planTierOf } from "./plans";
import { spareBlog } from "./blogs";
import { kycActionSamples } from "./kyc";
import { dailyJobPlanActionSamples } from "./daily-job-plans";
import { zoneOf } from "./franchisees";
import { careerActionSamples } from "./career-requests";
import { customerWalkRequestActionSamples } from "./customer-walk-requests";
import { leaveRequestActionSamples } from "./leave-requests";
import { monthlyRequestActionSamples } from "./monthly-requests";

/** What an action sample may use. */
export type ActionEnv = Pick<Env, "db" | "happyId" | "wagId">;

/**
 * The records the server-action contract (../actions-contract.test.ts) calls an entity's actions with. Each
 * registered entity with actions needs an entry, keyed by its name. `own` and `foreign` default to the table's first
 * live row of Happy Paws and of Wag Nation (any live row for a global entity); give them where that row is not one
 * the entity's screens manage (e.g. users: role USER only), or where the scope is unusual (companies).
 */
export type ActionSample = {
  /** A valid create body; called once per create, so give each call a fresh name. */
  create?: (e: ActionEnv) => unknown;
  /** Valid update values for the record `id` (default `{}`: only the stamps change). */
  update?: (e: ActionEnv, id: number) => unknown;
  /** A live record of Happy Paws (any live record for a global entity) that Happy Paws' admin may edit. */
  own?: (e: ActionEnv) => Promise<number>;
  /**
   * A live record of Wag Nation, of the same kind as `own`. Entities whose scope kind is not "global" get the
   * 404 check anyway; give it to have a "global" one checked (a scope of its own, like companies').
   */
  foreign?: (e: ActionEnv) => Promise<number>;
  /** Who creates, updates, deletes and restores a fresh record: default a Happy Paws caller holding everything. */
  lifecycleAs?: "super";
};

let n = 0;
const fresh = (what: string) => `Contract Action ${what} ${++n}`;

/** The newest live role-USER user of a company (the users screens manage no other role). */
async function customerOf(e: ActionEnv, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)))
    .orderBy(desc(users.id))
    .limit(1);
  return u.id;
}

/** A user and an outlet PJPs may name: live, active, role USER / of the company. */
async function pjpPartsOf(e: ActionEnv, companyId: number) {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const [o] = await e.db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.company_id, companyId), isNull(outlets.deleted_at), eq(outlets.is_active, 1)))
    .orderBy(asc(outlets.id))
    .limit(1);
  return { user_id: u.id, outlet_id: o.id };
}

/** A PJP of a company (none are seeded for a fixed month), with one outlet. */
async function pjpOf(e: ActionEnv, companyId: number): Promise<number> {
  const { user_id, outlet_id } = await pjpPartsOf(e, companyId);
  const [p] = await e.db
    .insert(pjps)
    .values({ company_id: companyId, name: fresh("Pjp"), user_id, date: "2031-08-01" })
    .returning({ id: pjps.id });
  await e.db.insert(pjpOutlets).values({ pjp_id: p.id, outlet_id });
  return p.id;
}

export const actionSamples: Record<string, ActionSample> = {
  companies: {
    own: async (e) => e.happyId,
    foreign: async (e) => e.wagId,
    // Only a SUPER ADMIN sees a company other than the one they act for.
    lifecycleAs: "super",
    create: () => ({
      name: fresh("Company"),
      email: `contract.action.${n}@company.test`,
      phone: "+91 90000 12345",
      address: "1 Contract Road",
    }),
  },
  modules: { create: () => ({ name: fresh("Module") }) },
  permissions: {
    create: async (e) => {
      const [m] = await e.db.select({ id: modules.id }).from(modules).where(eq(modules.name, "Permissions"));
      return { module_id: m.id, permission_name: `contract.action.${++n}` };
    },
  },
  positions: { create: () => ({ name: fresh("Position"), is_active: 1, position_permissions: [] }) },
  outlets: { create: () => ({ name: fresh("Outlet"), brand: "Contract", role_id: 3 }) },
  // Each assignment on an outlet of its own, so no two periods overlap.
  outlet_users: {
    create: async (e) => {
      const [o] = await e.db
        .insert(outlets)
        .values({ company_id: e.happyId, name: fresh("Outlet") })
        .returning({ id: outlets.id });
      return { outlet_id: o.id, user_id: await customerOf(e, e.happyId), start_date: "2026-01-01" };
    },
  },
  pjps: {
    own: (e) => pjpOf(e, e.happyId),
    foreign: (e) => pjpOf(e, e.wagId),
    create: async (e) => {
      const { user_id, outlet_id } = await pjpPartsOf(e, e.happyId);
      return { name: fresh("Pjp"), user_id, date: "2031-08-02", pjp_outlets: [{ outlet_id }] };
    },
  },
  pjp_references: {
    create: async (e) => {
      const { user_id, outlet_id } = await pjpPartsOf(e, e.happyId);
      return {
        name: fresh("Reference"),
        user_id,
        day: "Monday",
        week: "ODD",
        pjp_reference_outlets: [{ outlet_id }],
      };
    },
  },
  services: {
    create: async (e) => ({ name: fresh("Service"), service_type_id: await serviceTypeOf(e, e.happyId) }),
  },
  banners: { create: () => ({ title: fresh("Banner"), role_id: 4 }) },
  // Each holiday on a day of its own (one live holiday per state and date).
  state_holidays: {
    create: async (e) => ({
      state: await stateId(e, "GA"),
      holiday_date: new Date(Date.UTC(2041, 0, ++n)).toISOString().slice(0, 10),
    }),
  },
  // Each rate on a state without one (one live rate per state).
  state_gsts: { create: async (e) => ({ state: await freeState(e, e.happyId), gst: "18" }) },
  values: { create: () => ({ name: fresh("Value") }) },
  value_lists: {
    create: async (e) => {
      const [v] = await e.db
        .select({ id: values.id })
        .from(values)
        .where(and(eq(values.company_id, e.happyId), isNull(values.deleted_at)))
        .orderBy(asc(values.id))
        .limit(1);
      return { value_id: v.id, description: fresh("Row"), code: `CA${++n}` };
    },
  },
  roles: {
    create: () => ({ name: fresh("Role"), is_active: 1, role_permissions: [] }),
    // The name is required on edit; a built-in role keeps its own.
    update: async (e, id) => {
      const [r] = await e.db.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
      return { name: r?.name ?? "Contract Role" };
    },
  },
  plans: {
    create: async (e) => ({
      no_of_dogs: 1,
      no_of_walks: 1,
      tier: await planTierOf(e, e.happyId),
      original_amount: 100,
    }),
  },
  // The caller's own interest, each in a fresh service (one live interest per user and service).
  user_service_interests: {
    create: async (e) => {
      const [s] = await e.db
        .insert(services)
        .values({ company_id: e.happyId, name: fresh("Interest Service") })
        .returning({ id: services.id });
      return { service_id: s.id };
    },
  },
  blogs: { create: () => ({ title: fresh("Blog"), description: "<p>Contract</p>" }) },
  blog_details: {
    create: async (e) => ({ blog_id: await spareBlog(e, e.happyId), description: "<p>Contract</p>" }),
  },
  users: {
    own: (e) => customerOf(e, e.happyId),
    foreign: (e) => customerOf(e, e.wagId),
    create: async (e) => {
      const [p] = await e.db
        .select({ id: positions.id })
        .from(positions)
        .where(and(eq(positions.company_id, e.happyId), eq(positions.name, "CUSTOMER")))
        .orderBy(asc(positions.id))
        .limit(1);
      return {
        first_name: "Contract",
        last_name: fresh("User"),
        email: `contract.action.${n}@user.test`,
        position_id: p.id,
      };
    },
    // The spec's edit form sends every required field (phone too): the user's own values.
    update: async (e, id) => {
      const [u] = await e.db.select().from(users).where(eq(users.id, id));
      return u
        ? {
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            phone: u.phone ?? "+91 90000 12345",
            position_id: u.position_id,
          }
        : {};
    },
  },
  // Each franchisee creates its admin user from the email: a fresh one each time.
  franchisees: {
    create: () => ({
      name: fresh("Franchisee"),
      email: `contract.action.franchisee.${++n}@franchise.test`,
      phone: "+91 98200 12345",
      address: "1 Contract Road",
      description: "Contract sample",
    }),
  },
  // One live record per user: each create names a fresh MASTER FRANCHISEE user.
  master_franchisees: {
    create: async (e) => {
      const [u] = await e.db
        .insert(users)
        .values({
          company_id: e.happyId,
          role_id: ROLE_IDS[ROLE.MASTER_FRANCHISEE],
          first_name: "Contract",
          last_name: fresh("Master"),
          email: `contract.action.master.${++n}@franchise.test`,
          password_hash: "!unset:contract",
        })
        .returning({ id: users.id });
      return { user_id: u.id, zone_ids: [await zoneOf(e, e.happyId)] };
    },
    update: async (e) => ({ zone_ids: [await zoneOf(e, e.happyId)] }),
  },
  ...kycActionSamples,
  ...dailyJobPlanActionSamples,
  ...careerActionSamples,
  ...customerWalkRequestActionSamples,
  ...leaveRequestActionSamples,
  ...monthlyRequestActionSamples,
};
