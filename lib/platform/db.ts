import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "@/db/schema";
import { dataDir } from "./config";
import { PLANNER_SETTINGS } from "./planner";

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

/** `url`: the PostgreSQL server's, for a worker that opens its own connection (PGlite has none to share). */
type Holder = { db: Promise<Db>; close: () => Promise<void>; url?: string };
const g = globalThis as unknown as {
  __portalDb?: Holder;
  __portalDbRetry?: { at: number; failures: number; error: unknown };
  __portalIsDbUnavailable?: (e: unknown) => boolean;
};

const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** The one database of this process, migrated on first use. PGlite unless DATABASE_URL is set. */
export function getDb(): Promise<Db> {
  if (!g.__portalDb) {
    // After a failed open, calls within the backoff fail at once with its error (a request answers 503 at once
    // instead of each waiting on a connect of its own); the next call after it opens again.
    const retry = g.__portalDbRetry;
    if (retry && Date.now() < retry.at) return Promise.reject(retry.error);
    const h = open();
    g.__portalDb = h;
    // A failed open (the database down at start, a migration that failed) is not kept: the next call opens again,
    // so an instance recovers when the database does instead of answering errors until restarted (issue 24).
    h.db.then(
      () => {
        if (g.__portalDb === h) g.__portalDbRetry = undefined;
      },
      (error) => {
        if (g.__portalDb === h) {
          g.__portalDb = undefined;
          const failures = (g.__portalDbRetry?.failures ?? 0) + 1;
          g.__portalDbRetry = { at: Date.now() + reconnectDelayMs(failures), failures, error };
        }
        void h.close().catch(() => {});
      },
    );
  }
  return g.__portalDb.db;
}

/** Seconds from the environment, or the default when unset or not a number. */
function seconds(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(v) && v >= 0 ? v : fallback;
}

/**
 * The wait before opening again after the n-th failed open in a row: 250 ms doubling, at most
 * DB_RECONNECT_MAX_SECONDS (5), so an instance is back within seconds of its database.
 */
export function reconnectDelayMs(failures: number): number {
  return Math.min(250 * 2 ** Math.max(0, failures - 1), seconds("DB_RECONNECT_MAX_SECONDS", 5) * 1000);
}

/** The PostgreSQL server this process's database is on, or null on PGlite (a worker cannot reach it). */
export async function postgresUrl(): Promise<string | null> {
  await getDb();
  return g.__portalDb?.url ?? null;
}

const UNAVAILABLE_CODES = new Set([
  // The network: nothing listens, the connection dropped, the host is unreachable.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  // postgres.js.
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // PostgreSQL: shutting down or starting, crashed, too many connections, connection exceptions (class 08).
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/**
 * Whether an error means the database cannot be reached just now (down, restarting, unreachable), rather than a
 * fault of the request or the code: such a request answers 503 with Retry-After (issue 24). Looks through wrapped
 * causes (drizzle's query errors) and aggregated ones (a host with several addresses).
 */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 5) return false;
  const err = e as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof err.code === "string" && UNAVAILABLE_CODES.has(err.code)) return true;
  if (Array.isArray(err.errors) && err.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}
// For instrumentation.ts onRequestError, which must mark the request before its answer is written (no await).
g.__portalIsDbUnavailable = isDatabaseUnavailable;

/** Closes the process's database (tests, shutdown). */
export async function closeDb(): Promise<void> {
  const h = g.__portalDb;
  g.__portalDb = undefined;
  g.__portalDbRetry = undefined;
  if (h) await h.close();
}

/** Who is watching the statements this process sends (tests and the benchmark's query-shape checks). */
const watchers = new Set<(statement: string, params: unknown[]) => void>();
const logger = {
  logQuery(query: string, params: unknown[]) {
    for (const w of watchers) w(query, params);
  },
};

/**
 * Runs a built select and answers its rows as arrays, in the selection's order, for a hot path that maps rows
 * itself (an export's batches: drizzle's per-field, per-row mapping cost more than the query). On PostgreSQL
 * only, outside a transaction; elsewhere null, and the caller runs the query through drizzle.
 */
export async function selectArrays(
  db: Executor,
  query: { toSQL(): { sql: string; params: unknown[] } },
): Promise<unknown[][] | null> {
  const client = postgresClient(db);
  if (!client) return null;
  const { sql, params } = query.toSQL();
  logger.logQuery(sql, params);
  return await client.unsafe(sql, params).values();
}

type RawClient = {
  unsafe(
    q: string,
    p: unknown[],
    o?: { prepare: boolean },
  ): Promise<unknown> & { values(): Promise<unknown[][]> };
};
/** postgres.js under a drizzle database (not a transaction's, not PGlite): null where there is none. */
function postgresClient(db: Executor): RawClient | null {
  const client = (db as { $client?: { unsafe?: unknown } }).$client;
  return client && typeof client.unsafe === "function" ? (client as RawClient) : null;
}

const dialect = new PgDialect();

/**
 * Runs a statement every request sends (the caller's) as a named prepared statement on PostgreSQL: parsed once
 * per connection, and planned once its generic plan proves as good (primary-key lookups). Elsewhere (PGlite, a
 * transaction) as db.execute. Answers what db.execute answers (rowsOf reads both).
 */
export async function executePrepared(db: Executor, query: SQL): Promise<unknown> {
  const client = postgresClient(db);
  if (!client) return db.execute(query);
  const { sql, params } = dialect.sqlToQuery(query);
  logger.logQuery(sql, params);
  return await client.unsafe(sql, params, { prepare: true });
}

/** Records every statement sent through drizzle until `stop()`: to prove a query's shape and its round trips. */
export function watchStatements(): {
  statements: string[];
  params: unknown[][];
  stop: () => void;
} {
  const statements: string[] = [];
  const params: unknown[][] = [];
  const w = (q: string, p: unknown[]) => {
    statements.push(q);
    params.push(p);
  };
  watchers.add(w);
  return { statements, params, stop: () => void watchers.delete(w) };
}

function open(): Holder {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  return openPglite(
    url?.startsWith("memory://") ? "memory://" : (process.env.PGLITE_DIR ?? path.join(dataDir(), "pglite")),
  );
}

/** The advisory lock instances starting on one PostgreSQL take in turn to migrate and seed ("PORTAL" in ASCII). */
const STARTUP_LOCK = 0x504f5254414c;

/**
 * Runs `fn` holding the startup lock of the PostgreSQL server at `url` (a connection of its own, so the pool is free
 * for `fn`): instances started together migrate and seed one after another, and none fails on the other's rows
 * (issue 24). On PGlite (`url` null) one process owns the data folder: no lock is needed.
 */
async function underStartupLock<T>(url: string | null | undefined, fn: () => Promise<T>): Promise<T> {
  if (!url) return fn();
  const { default: postgres } = await import("postgres");
  const locker = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await locker`select pg_advisory_lock(${STARTUP_LOCK})`;
    return await fn();
  } finally {
    await locker`select pg_advisory_unlock(${STARTUP_LOCK})`.catch(() => {});
    await locker.end({ timeout: 5 });
  }
}

/** Runs `fn` (the seed of system rows and demo data) one instance at a time on a shared PostgreSQL. */
export async function withStartupLock<T>(fn: () => Promise<T>): Promise<T> {
  return underStartupLock(await postgresUrl(), fn);
}

function openPostgres(url: string): Holder {
  let client: import("postgres").Sql | undefined;
  const db = (async () => {
    const { default: postgres } = await import("postgres");
    client = postgres(url, {
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // A server that does not answer fails the request within seconds (503), not after postgres.js's 30 s.
      connect_timeout: seconds("DB_CONNECT_TIMEOUT_SECONDS", 5),
      // Pool connections idle this long are closed (a restarted or failed-over server leaves none stale for long).
      idle_timeout: seconds("DB_IDLE_TIMEOUT_SECONDS", 60),
      connection: {
        // A statement running longer is cancelled by the server, and a transaction left idle is ended: neither
        // holds a connection (and its locks) for ever. 0 turns either off.
        statement_timeout: Math.round(seconds("DB_STATEMENT_TIMEOUT_SECONDS", 30) * 1000),
        idle_in_transaction_session_timeout: Math.round(seconds("DB_IDLE_IN_TRANSACTION_SECONDS", 60) * 1000),
        // jit, memoize and parallel workers chosen for short statements (lib/platform/planner.ts).
        ...PLANNER_SETTINGS,
      },
      onnotice: () => {},
    });
    const d = drizzlePg(client, { schema, logger });
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // On a connection of its own, without the pool's statement timeout: an index built on a large table may take
    // minutes.
    await underStartupLock(url, async () => {
      const m = postgres(url, {
        max: 1,
        connect_timeout: seconds("DB_CONNECT_TIMEOUT_SECONDS", 5),
        onnotice: () => {},
      });
      try {
        await migrate(drizzlePg(m), { migrationsFolder });
      } finally {
        await m.end({ timeout: 5 });
      }
    });
    return d;
  })();
  return { db, close: async () => void (await client?.end({ timeout: 5 })), url };
}

function openPglite(dir: string): Holder {
  let pg: import("@electric-sql/pglite").PGlite | undefined;
  let lockFile: string | undefined;
  const db = (async () => {
    // Imported here so a DATABASE_URL deployment never loads the WASM.
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    if (dir !== "memory://") {
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      lockFile = takeLock(dir);
    }
    // Tests: an in-memory database starts from a migrated template (tests/support/global-setup.ts) instead of
    // creating a cluster per test file (initdb is ~7 s on 2 cores; loading the template ~1.5 s).
    const template = dir === "memory://" ? process.env.PGLITE_TEMPLATE : undefined;
    pg = await PGlite.create(dir === "memory://" ? undefined : dir, {
      extensions: { pg_trgm },
      ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
    });
    const { drizzle } = await import("drizzle-orm/pglite");
    const d = drizzle(pg, { schema, logger });
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(d, { migrationsFolder });
    return d as unknown as Db;
  })();
  return {
    db,
    close: async () => {
      await pg?.close();
      if (lockFile) fs.rmSync(lockFile, { force: true });
    },
  };
}

/** Two processes on one PGlite folder corrupt it: refuse to open a folder another live process holds. */
function takeLock(dir: string): string {
  const file = `${dir}.lock`;
  try {
    const pid = Number(fs.readFileSync(file, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `PGlite data folder ${dir} is in use by process ${pid}; set DATABASE_URL to share a database`,
      );
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  fs.writeFileSync(file, String(process.pid));
  return file;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw query, whichever driver ran it (PGlite answers {rows}, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
