import { and, desc, eq, isNull } from "drizzle-orm";
import { positions, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { api } from "../../support/fixtures";
import type { Env, Sample } from "./types";

/** The newest live customer/staff of a company: never the customer whose token the suite uses (it takes the first). */
async function newestUser(e: Env, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)))
    .orderBy(desc(users.id))
    .limit(1);
  return u.id;
}

let positionId = 0;

/** The newest customer/staff of Happy Paws, deleted or not: the one the delete and restore samples move around. */
async function target(e: Env): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, e.happyId), eq(users.role_id, ROLE_IDS.USER)))
    .orderBy(desc(users.id))
    .limit(1);
  return u.id;
}

export const usersSamples: Record<string, Sample> = {
  "GET users": { path: () => "users?page=1&rowsPerPage=5&role_id=4" },
  "GET users/excel_export": { path: () => "users/excel_export?is_active=1" },
  "GET users/:id": {
    path: async (e) => `users/${await newestUser(e, e.happyId)}`,
    foreign: async (e) => `users/${await newestUser(e, e.wagId)}`,
  },
  "POST users": {
    customerDenied: true,
    path: () => "users",
    before: async (e) => {
      const [p] = await e.db
        .select({ id: positions.id })
        .from(positions)
        .where(eq(positions.company_id, e.happyId))
        .limit(1);
      positionId = p.id;
    },
    body: () => ({
      first_name: "Contract",
      last_name: "User",
      email: "contract.user@happypaws.test",
      position_id: positionId,
    }),
  },
  "POST users/delete/:id": {
    path: async (e) => `users/delete/${await target(e)}`,
    foreign: async (e) => `users/delete/${await newestUser(e, e.wagId)}`,
    after: async (e) =>
      void (await api("POST", `users/restore/${await target(e)}`, { token: e.tokens.admin })),
  },
  "POST users/restore/:id": {
    path: async (e) => `users/restore/${await target(e)}`,
    foreign: (e) => `users/restore/${e.trash.user}`,
    before: async (e) =>
      void (await api("POST", `users/delete/${await target(e)}`, { token: e.tokens.admin })),
  },
};
