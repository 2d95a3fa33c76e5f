import type { Db } from "@/lib/platform/db";
import type { Trash } from "./trash";

/** What every sample can use: the seeded companies, the database, and tokens of the demo logins. */
export type Env = {
  db: Db;
  happyId: number;
  wagId: number;
  /** A third company the SUPER ADMIN may delete and restore. */
  spareId: number;
  /** Deleted records of another company than Happy Paws (./trash.ts): what the restore samples' `foreign` name. */
  trash: Trash;
  /**
   * `full`: a user of Happy Paws whose (test) role holds every registry permission but who is no SUPER ADMIN, so
   * only the company scope can refuse them: the `foreign` calls use it.
   */
  tokens: { admin: string; super: string; customer: string; full: string };
};

/**
 * One route's contract sample. `path` is a valid call for the ADMIN of Happy Paws (or `as`); `foreign` the same
 * call with another company's record, which must answer 404 (required for every route with `owned`; a restore
 * names a deleted one, from `trash`, else "not in the trash" would answer the 404 whatever the scope). `valid`
 * replaces the default 2xx-and-answer check where a call needs more (multipart, a state to set up first).
 */
export type Sample = {
  path: (e: Env) => string | Promise<string>;
  body?: (e: Env) => unknown;
  foreign?: (e: Env) => string | Promise<string>;
  as?: "admin" | "super";
  /**
   * @deprecated Not read any more: a route whose permission depends on the call declares `variants` in the route
   * table, and the suite refuses a caller holding every permission but those.
   */
  customerDenied?: boolean;
  before?: (e: Env) => Promise<void>;
  after?: (e: Env) => Promise<void>;
  valid?: (e: Env) => Promise<void>;
};
