import type { Db } from "@/lib/platform/db";

/** What every sample can use: the seeded companies, the database, and tokens of the demo logins. */
export type Env = {
  db: Db;
  happyId: number;
  wagId: number;
  /** A third company the SUPER ADMIN may delete and restore. */
  spareId: number;
  tokens: { admin: string; super: string; customer: string };
};

/**
 * One route's contract sample. `path` is a valid call for the ADMIN of Happy Paws (or `as`); `foreign` the same
 * call with another company's record, which must answer 404. `valid` replaces the default 2xx-and-shape check
 * where a call needs more (multipart, a state to set up first).
 */
export type Sample = {
  path: (e: Env) => string | Promise<string>;
  body?: (e: Env) => unknown;
  foreign?: (e: Env) => string | Promise<string>;
  as?: "admin" | "super";
  /**
   * For routes whose permission depends on the call (permission null in the route table, e.g. one POST that
   * creates or updates): a customer's token must still get 403.
   */
  customerDenied?: boolean;
  before?: (e: Env) => Promise<void>;
  after?: (e: Env) => Promise<void>;
  valid?: (e: Env) => Promise<void>;
};
