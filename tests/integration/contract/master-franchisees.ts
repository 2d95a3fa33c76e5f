import { masterFranchisees, masterFranchiseeZones, users } from "@/db/schema";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { zoneOf } from "./franchisees";
import type { Env, Sample } from "./types";

let n = 0;
/** A fresh MASTER FRANCHISEE user of a company. */
async function masterUser(e: Env, companyId: number): Promise<number> {
  const [u] = await e.db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.MASTER_FRANCHISEE],
      first_name: "Contract",
      last_name: `Master ${++n}`,
      email: `contract.master.${Date.now()}.${n}@franchise.test`,
      password_hash: "!unset:contract",
    })
    .returning({ id: users.id });
  return u.id;
}

/** A fresh master franchisee record of a company with one zone (deleted when `deleted`). */
async function spareMaster(e: Env, companyId: number, deleted = false): Promise<number> {
  const [m] = await e.db
    .insert(masterFranchisees)
    .values({
      company_id: companyId,
      user_id: await masterUser(e, companyId),
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: masterFranchisees.id });
  await e.db
    .insert(masterFranchiseeZones)
    .values({ master_franchisee_id: m.id, zone_id: await zoneOf(e, companyId) });
  return m.id;
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, user: 0, zone: 0 };

export const masterFranchiseesSamples: Record<string, Sample> = {
  "GET master_franchisees": {
    path: () => "master_franchisees?page=1&rowsPerPage=5&is_active=1&search_keyword=a",
  },
  "GET master_franchisee_exports": { path: () => "master_franchisee_exports?search_keyword=a" },
  "POST master_franchisees": {
    before: async (e) => {
      spare.user = await masterUser(e, e.happyId);
      spare.zone = await zoneOf(e, e.happyId);
    },
    path: () => "master_franchisees",
    body: () => ({ user_id: spare.user, zone_ids: [spare.zone] }),
  },
  "GET master_franchisees/:id": {
    before: async (e) => void (spare.get = await spareMaster(e, e.happyId)),
    path: () => `master_franchisees/${spare.get || 1}`,
    foreign: async (e) => `master_franchisees/${await spareMaster(e, e.wagId)}`,
  },
  "PATCH master_franchisees/:id": {
    before: async (e) => {
      spare.patch = await spareMaster(e, e.happyId);
      spare.zone = await zoneOf(e, e.happyId);
    },
    path: () => `master_franchisees/${spare.patch || 1}`,
    body: () => ({ zone_ids: [spare.zone], is_active: 0 }),
    foreign: async (e) => `master_franchisees/${await spareMaster(e, e.wagId)}`,
  },
  "POST master_franchisees/delete/:id": {
    before: async (e) => void (spare.del = await spareMaster(e, e.happyId)),
    path: () => `master_franchisees/delete/${spare.del || 1}`,
    foreign: async (e) => `master_franchisees/delete/${await spareMaster(e, e.wagId)}`,
  },
  "POST master_franchisees/restore/:id": {
    before: async (e) => void (spare.restore = await spareMaster(e, e.happyId, true)),
    path: () => `master_franchisees/restore/${spare.restore || 1}`,
    foreign: (e) => `master_franchisees/restore/${e.trash.master_franchisee}`,
  },
};
