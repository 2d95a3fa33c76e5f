import { and, eq } from "drizzle-orm";
import { franchisees, users, valueLists } from "@/db/schema";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import type { seeded } from "./fixtures";

// Callers' fixtures the inbox's and the homes' tests share: plain users made on the fly (walkers, customers,
// askers), and the demo company's zones (WEST holds no demo franchisee; Powai's zone is the master franchisee's
// other one).

type Db = Awaited<ReturnType<typeof seeded>>["db"];

/** A maker of plain users (role USER) named `<Prefix> <tag> <n>`, each with its own e-mail; answers their id. */
export function userMaker(db: Db, prefix: string, tag: string) {
  let n = 0;
  return async (companyId: number, franchiseeId: number | null): Promise<number> => {
    n += 1;
    const [u] = await db
      .insert(users)
      .values({
        company_id: companyId,
        role_id: ROLE_IDS[ROLE.USER],
        franchisee_id: franchiseeId,
        first_name: prefix,
        last_name: tag,
        user_name: `${prefix} ${tag} ${n}`,
        email: `${prefix.toLowerCase()}.${tag}.${n}@${prefix.toLowerCase()}.test`,
        password_hash: "!unset",
      })
      .returning({ id: users.id });
    return u.id;
  };
}

/** The demo company's WEST zone and the Happy Paws Powai franchisee (its id and zone). */
export async function demoZones(db: Db, companyId: number) {
  const [west] = await db
    .select({ id: valueLists.id })
    .from(valueLists)
    .where(and(eq(valueLists.company_id, companyId), eq(valueLists.description, "WEST")));
  const [powai] = await db
    .select({ id: franchisees.id, zone: franchisees.zone_id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, companyId), eq(franchisees.name, "Happy Paws Powai")));
  return { west: west.id, powai };
}
