import type { Env } from "./types";

/** What an action sample may use. */
export type ActionEnv = Pick<Env, "db" | "happyId" | "wagId">;

/**
 * The records the server-action contract (../actions-contract.test.ts) calls an entity's actions with. Each
 * registered entity with actions needs an entry, keyed by its name. `own` and `foreign` default to the table's first
 * live row of Happy Paws and of Wag Nation (any live row for a global entity); give them where that row is not one
 * the entity's screens manage (e.g. users: role USER only).
 */
export type ActionSample = {
  /** A valid create body; called once per create, so give each call a fresh name. */
  create?: (e: ActionEnv) => unknown;
  /** Valid update values for `own` and the created record (default `{}`: only the stamps change). */
  update?: (e: ActionEnv) => unknown;
  /** A live record of Happy Paws (any live record for a global entity) that Happy Paws' admin may edit. */
  own?: (e: ActionEnv) => Promise<number>;
  /** A live record of Wag Nation, of the same kind as `own`. */
  foreign?: (e: ActionEnv) => Promise<number>;
};

let n = 0;
const fresh = (what: string) => `Contract Action ${what} ${++n}`;

export const actionSamples: Record<string, ActionSample> = {
  modules: { create: () => ({ name: fresh("Module") }) },
  positions: { create: () => ({ name: fresh("Position"), is_active: 1, position_permissions: [] }) },
};
