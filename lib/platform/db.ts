import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { sql as drizzleSql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "@/db/schema";
import { dataDir } from "./config";
import { getLogger } from "./logger.mjs";
import { PLANNER_SETTINGS } from "./planner";
import { APP_ROLE, settings, settingsStatement } from "./rls";

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

/** `url`: the PostgreSQL server's, for a worker that opens its own connection (PGlite has none to share). */
type Holder = {
  db: Promise<Db>;
  close: () => Promise<void>;
  url?: string;
  /** Runs statements as the owning role (the server serves as portal_app, which may not change the schema). */
  asOwner: (statements: SQL[]) => Promise<void>;
};
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
  // lib/platform/db.ts: a statement (or the wait for a connection) outlived the client's deadline.
  "DB_DEADLINE",
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

/**
 * Schema work a test or a tool does beside the app (creating its own tables): as the role that owns the schema,
 * since the server's role (portal_app) owns nothing and may create nothing.
 */
export async function asOwner(...statements: SQL[]): Promise<void> {
  await getDb();
  await g.__portalDb!.asOwner(statements);
}

/** Closes the process's database (tests, shutdown). */
export async function closeDb(): Promise<void> {
  const h = g.__portalDb;
  g.__portalDb = undefined;
  g.__portalDbRetry = undefined;
  if (h) await h.close();
}

/** Who is watching the statements this process sends (tests and the benchmark's query-shape checks). */
const watchers = new Set<{ statements: string[]; params: unknown[][] }>();
const logger = {
  logQuery(query: string, params: unknown[]) {
    for (const w of watchers) {
      w.statements.push(query);
      w.params.push(params);
    }
  },
};
/**
 * A statement sent with planner settings of its own (withPlannerSettings), as the watchers see it: the settings
 * right before it and its RESETs right after, whatever ran beside it meanwhile (drizzle logged the statement itself
 * just before sending it).
 */
function logTuned(query: string, t: Tuning) {
  for (const w of watchers) {
    const at = w.statements.lastIndexOf(query);
    if (at < 0) continue;
    w.statements.splice(at, 0, t.set);
    w.params.splice(at, 0, t.values);
    w.statements.splice(at + 2, 0, ...t.reset);
    w.params.splice(at + 2, 0, ...t.reset.map(() => []));
  }
}

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

/** Planner settings for the statements of a scope (withPlannerSettings), as boundPostgres pipelines them. */
type Tuning = { set: string; values: string[]; reset: string[] };
// One for the process, as the pool is (g.__portalDb): the bundler may load this module more than once (the pages'
// and the route handlers' bundles), and a scope opened through one copy must reach the pool another copy opened.
const TUNED = Symbol.for("portal.db.tuned");
const tunedHolder = globalThis as unknown as Record<symbol, AsyncLocalStorage<Tuning> | undefined>;
const tuned: AsyncLocalStorage<Tuning> = (tunedHolder[TUNED] ??= new AsyncLocalStorage<Tuning>());

/**
 * Runs `read` with planner settings of its own (lib/platform/list.ts inJoinOrder: the joins in written order), for
 * its statements only.
 *
 * On PostgreSQL, outside a transaction, each statement `read` sends carries them on its pooled connection, pipelined
 * with it in one round trip: the settings set (`set_config(…, false)`), the statement, then each setting RESET to the
 * connection's own value. A transaction with `set_config(…, true)` did the same in four round trips (BEGIN, the
 * settings, the statement, COMMIT): 3 more waits, each a wake-up of the database's process and ours, on every page
 * of a list of 6+ joins. A connection whose RESET did not answer is ended, never reused with the settings on.
 * Elsewhere (PGlite, or inside a transaction): for a transaction of its own, as before.
 */
export async function withPlannerSettings<T>(
  db: Executor,
  settings: Record<string, string>,
  read: (ex: Executor) => Promise<T>,
): Promise<T> {
  const names = Object.keys(settings);
  if (names.some((n) => !/^[a-z_]+$/.test(n))) throw new Error(`not a setting: ${names.join(", ")}`);
  if (!names.length) return read(db);
  const values = names.map((n) => settings[n]);
  if (postgresClient(db)) {
    const tuning: Tuning = {
      set: `select ${names.map((n, i) => `set_config('${n}', $${i + 1}, false)`).join(", ")}`,
      values,
      reset: names.map((n) => `reset ${n}`),
    };
    // Awaited inside the scope: a drizzle query is a lazy thenable that runs (and reads the scope) when awaited.
    return tuned.run(tuning, async () => await read(db));
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      drizzleSql`select ${drizzleSql.join(
        names.map((n, i) => drizzleSql`set_config(${drizzleSql.raw(`'${n}'`)}, ${values[i]}, true)`),
        drizzleSql`, `,
      )}`,
    );
    return read(tx);
  });
}

/** Records every statement sent through drizzle until `stop()`: to prove a query's shape and its round trips. */
export function watchStatements(): {
  statements: string[];
  params: unknown[][];
  stop: () => void;
} {
  const w = { statements: [] as string[], params: [] as unknown[][] };
  watchers.add(w);
  return { statements: w.statements, params: w.params, stop: () => void watchers.delete(w) };
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
  // DATABASE_APP_URL (optional): the pool signs in as a role of its own that holds portal_app (so a statement
  // cannot RESET ROLE back to the owner); by default it signs in as DATABASE_URL's role and takes portal_app.
  const appUrl = process.env.DATABASE_APP_URL || url;
  let client: import("postgres").Sql | undefined;
  const db = (async () => {
    const { default: postgres } = await import("postgres");
    // Migrations run as the connecting (owning) role on a connection of their own, under the startup lock and
    // without the pool's statement timeout (an index built on a large table may take minutes); the pool serves as
    // portal_app, which owns nothing and cannot bypass row-level security (lib/platform/rls.ts).
    const connect_timeout = seconds("DB_CONNECT_TIMEOUT_SECONDS", 5);
    await underStartupLock(url, async () => {
      const owner = postgres(url, { max: 1, connect_timeout, onnotice: () => {} });
      try {
        const { migrate } = await import("drizzle-orm/postgres-js/migrator");
        await migrate(drizzlePg(owner), { migrationsFolder });
      } finally {
        await owner.end({ timeout: 5 });
      }
    });
    client = postgres(appUrl, {
      max: Number(process.env.DB_POOL_MAX ?? 10),
      // A server that does not answer fails the request within seconds (503), not after postgres.js's 30 s.
      connect_timeout,
      // Pool connections idle this long are closed (a restarted or failed-over server leaves none stale for long).
      idle_timeout: seconds("DB_IDLE_TIMEOUT_SECONDS", 60),
      // A connection is replaced after this long (postgres.js's default: 30 to 60 minutes, spread).
      ...(process.env.DB_MAX_LIFETIME_SECONDS
        ? { max_lifetime: seconds("DB_MAX_LIFETIME_SECONDS", 1800) }
        : {}),
      connection: {
        // Statements run as portal_app, which owns nothing and cannot bypass row-level security.
        role: APP_ROLE,
        // A statement running longer is cancelled by the server, and a transaction left idle is ended: neither
        // holds a connection (and its locks) for ever. 0 turns either off.
        statement_timeout: Math.round(seconds("DB_STATEMENT_TIMEOUT_SECONDS", 30) * 1000),
        idle_in_transaction_session_timeout: Math.round(seconds("DB_IDLE_IN_TRANSACTION_SECONDS", 60) * 1000),
        // jit, memoize and parallel workers chosen for short statements (lib/platform/planner.ts).
        ...PLANNER_SETTINGS,
      },
      onnotice: () => {},
    });
    return drizzlePg(boundPostgres(client) as unknown as import("postgres").Sql, { schema, logger });
  })();
  const asOwner = async (statements: SQL[]) => {
    const { default: postgres } = await import("postgres");
    const owner = postgres(url, { max: 1, onnotice: () => {} });
    try {
      for (const q of statements) {
        const { sql, params } = dialect.sqlToQuery(q);
        await owner.unsafe(sql, params as never[]);
      }
    } finally {
      await owner.end({ timeout: 5 });
    }
  };
  return { db, close: async () => void (await client?.end({ timeout: 5 })), url: appUrl, asOwner };
}

type PgQuery = Promise<unknown> & { values(): Promise<unknown[][]> };
type Pg = import("postgres").Sql;
type Query = Promise<unknown> & {
  execute(): Query;
  values(): Query;
  /** postgres.js's canceller (the pool's `cancel`), cleared once used. */
  canceller?: ((q: Query) => Promise<void>) | null;
};
type Reserved = Pg & { release(): void; terminate(): void };
const SET_SESSION = settingsStatement(false);
const SET_LOCAL = settingsStatement(true);
const noop = () => {};
// The settings statements are named prepared statements: parsed once per connection, not with every statement.
const PREPARED = { prepare: true };

/**
 * How long the client waits for a statement (and for a pool connection to run it on) before it gives up:
 * DB_CLIENT_TIMEOUT_SECONDS, by default DB_STATEMENT_TIMEOUT_SECONDS (30) plus 5 s, so PostgreSQL's own timeout
 * normally answers first; 0 turns it off. A backstop for a server (or a connection) that never answers: the request
 * answers 503 instead of waiting for ever (issue 24: a request that never ended).
 */
export function clientTimeoutMs(): number {
  const statement = seconds("DB_STATEMENT_TIMEOUT_SECONDS", 30);
  return Math.round(seconds("DB_CLIENT_TIMEOUT_SECONDS", (statement || 30) + 5) * 1000);
}
/** After a cancel, how long a statement may take to answer before its connection is ended instead. */
const CANCEL_GRACE_MS = 2000;

/** The error a statement past its deadline fails with: code DB_DEADLINE, answered 503 (isDatabaseUnavailable). */
export class DatabaseDeadline extends Error {
  code = "DB_DEADLINE";
  constructor(what: string, ms: number) {
    super(`The database did not answer ${what} within ${Math.round(ms / 100) / 10} s`);
  }
}

/** `p`, or a rejection with `onLate()`'s error once `ms` have passed (ms 0: no deadline). */
function withDeadline<T>(p: Promise<T>, ms: number, onLate: () => Error): Promise<T> {
  if (!ms) return p;
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onLate()), Math.max(0, ms));
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Asks PostgreSQL to cancel a query (never throws: with the server gone, the cancel's own connection fails). */
function cancelQuery(q: Query): void {
  const cancel = q.canceller;
  if (!cancel) return;
  q.canceller = null;
  void Promise.resolve()
    .then(() => cancel(q))
    .catch(noop);
}

/**
 * postgres.js as drizzle and the hot paths use it (`unsafe`, `begin`), with every statement bound to the binding of
 * the code that sends it (lib/platform/rls.ts), and spread over the pool as it was without row-level security:
 *
 * - a statement outside a transaction runs on a pooled connection reserved for it, with the settings pipelined
 *   before it (`set_config(…, false)`, the same round trip). Every statement sets its own, so what a connection
 *   last ran for never matters;
 * - a transaction sets them for itself (`set_config(…, true)`), pipelined before its first statement.
 *
 * Measured against a connection pinned per request with its settings cached (the first design, docs/rls/README.md):
 * cheaper, since a request's statements (a list page and its count) run side by side again.
 *
 * Every statement has a deadline on the client's side (`clientTimeoutMs`). Past it the caller gets a
 * DatabaseDeadline (503) at once, the statement is cancelled, and its connection goes back to the pool only if
 * the cancel is answered; otherwise the connection is ended, never reused.
 */
function boundPostgres(client: Pg) {
  const run = async (q: string, p: unknown[], o: { prepare?: boolean } | undefined, values: boolean) => {
    const s = settings();
    const limit = clientTimeoutMs();
    const start = Date.now();
    const reserving = client.reserve() as Promise<Reserved>;
    const r = await withDeadline(reserving, limit, () => {
      // The connection, when it comes, goes straight back.
      reserving.then((late) => late.release(), noop);
      return new DatabaseDeadline("with a free connection", limit);
    });
    const t = tuned.getStore();
    const sent: Query[] = [(r.unsafe(SET_SESSION, [...s], PREPARED) as unknown as Query).execute()];
    // Planner settings of the scope (withPlannerSettings): set before the statement, reset after it.
    if (t) {
      sent.push((r.unsafe(t.set, t.values, PREPARED) as unknown as Query).execute());
      // What the statements' watchers see (the benchmark's floors replay it): the settings, the statement, the resets.
      if (watchers.size) logTuned(q, t);
    }
    const main = r.unsafe(q, p as never[], o) as unknown as Query;
    if (values) main.values();
    const at = sent.push(main.execute()) - 1;
    const resets = t ? t.reset.map((x) => (r.unsafe(x, [], PREPARED) as unknown as Query).execute()) : [];
    sent.push(...resets);
    // The connection goes back to the pool only once nothing sent on it is outstanding: released while a statement
    // was still in flight, the next user's statements would be pipelined behind it on a connection whose state
    // this caller no longer follows. One whose settings were not reset is ended instead.
    let late = false;
    const settled = Promise.allSettled(sent);
    void settled.then((out) => {
      if (late) return;
      if (
        t &&
        out.slice(-resets.length).some((x) => x.status === "rejected") &&
        typeof r.terminate === "function"
      )
        r.terminate();
      else r.release();
    });
    const all = Promise.all(sent);
    all.catch(noop); // the answer below reports it
    return (
      await withDeadline(all, limit && Math.max(1, limit - (Date.now() - start)), () => {
        late = true;
        abandon(r, sent, settled, !!t);
        return new DatabaseDeadline("a statement", limit);
      })
    )[at];
  };

  /**
   * A statement past its deadline: cancel it; if its connection answers within the grace, the connection is sound
   * and goes back to the pool, else it is ended (its queries fail, and the pool opens a new one when needed).
   */
  const abandon = (r: Reserved, queries: Query[], settled: Promise<unknown>, tunedScope = false) => {
    getLogger().error("database statement past its deadline: cancelled");
    for (const q of queries) cancelQuery(q);
    void withDeadline(settled, CANCEL_GRACE_MS, () => new Error("cancel unanswered")).then(
      // A cancel may have hit a RESET of the scope's planner settings: such a connection is not reused.
      () => (tunedScope && typeof r.terminate === "function" ? r.terminate() : r.release()),
      // Without scripts/patch-postgres.mjs's terminate, the connection stays reserved: lost to the pool, never reused.
      () => (typeof r.terminate === "function" ? r.terminate() : undefined),
    );
  };

  /**
   * A transaction's statements have the same deadline each. Past it the statement is cancelled and fails (the
   * transaction rolls back); if the cancel is not answered either, the transaction itself fails at once: its
   * connection is left to close (postgres.js gives no handle on it), and the caller is not kept waiting.
   */
  const guardTx = (tx: Pg, abandoned: { reject?: (e: Error) => void }): Pg =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === "unsafe")
          return (q: string, p?: unknown[], o?: object) =>
            guardQuery(target.unsafe(q, p as never[], o) as unknown as Query, abandoned);
        if (prop === "savepoint")
          return (...args: unknown[]) => {
            const fn = args[args.length - 1] as (sp: Pg) => unknown;
            return (target as unknown as { savepoint: (...a: unknown[]) => Promise<unknown> }).savepoint(
              ...args.slice(0, -1),
              (sp: Pg) => fn(guardTx(sp, abandoned)),
            );
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });

  const guardQuery = (query: Query, abandoned: { reject?: (e: Error) => void }): Query => {
    const limit = clientTimeoutMs();
    let guarded: Promise<unknown> | undefined;
    const once = () =>
      (guarded ??= withDeadline(query.execute(), limit, () => {
        cancelQuery(query);
        void withDeadline(
          Promise.allSettled([query]),
          CANCEL_GRACE_MS,
          () => new Error("cancel unanswered"),
        ).catch(() => abandoned.reject?.(new DatabaseDeadline("a statement in a transaction", limit)));
        return new DatabaseDeadline("a statement in a transaction", limit);
      }));
    const wrapper = {
      then: (a?: (v: unknown) => unknown, b?: (e: unknown) => unknown) => once().then(a, b),
      catch: (b?: (e: unknown) => unknown) => once().catch(b),
      finally: (f?: () => void) => once().finally(f),
      execute: () => (once().catch(noop), wrapper),
      values: () => (query.values(), wrapper),
      [Symbol.toStringTag]: "Promise",
    };
    return wrapper as unknown as Query;
  };

  const begin = (options: string, fn: (tx: unknown) => unknown) => {
    const s = settings();
    const limit = clientTimeoutMs();
    const abandoned: { reject?: (e: Error) => void; done?: boolean } = {};
    const gaveUp = new Promise<never>((_, reject) => {
      abandoned.reject = (e) => {
        abandoned.done = true;
        reject(e);
      };
    });
    // The transaction must start (a connection, BEGIN answered) within the deadline too; one that starts after the
    // caller was answered rolls back at once instead of writing for nobody.
    let started = false;
    const timer = limit
      ? setTimeout(() => {
          if (!started) abandoned.reject?.(new DatabaseDeadline("starting a transaction", limit));
        }, limit)
      : undefined;
    const tx = client.begin(options, (tx) => {
      started = true;
      clearTimeout(timer);
      if (abandoned.done) throw new DatabaseDeadline("starting a transaction", limit);
      // Sent now, ahead of the transaction's first statement (no round trip of its own); a failure aborts the
      // transaction, and postgres.js rolls it back and reports it.
      (tx.unsafe(SET_LOCAL, [...s], PREPARED) as unknown as Query).execute();
      return fn(guardTx(tx as unknown as Pg, abandoned)) as Promise<unknown>;
    });
    tx.catch(noop); // the race below reports it; a transaction given up on may fail later
    return Promise.race([tx, gaveUp]).finally(() => clearTimeout(timer));
  };

  return {
    options: client.options,
    unsafe(q: string, p: unknown[] = [], o?: { prepare?: boolean }): PgQuery {
      let plain: Promise<unknown> | undefined;
      const once = () => (plain ??= run(q, p, o, false));
      return {
        then: (a, b) => once().then(a, b),
        catch: (b) => once().catch(b),
        finally: (f) => once().finally(f),
        values: () => run(q, p, o, true) as Promise<unknown[][]>,
        [Symbol.toStringTag]: "Promise",
      } as PgQuery;
    },
    begin(...args: unknown[]) {
      const fn = args[args.length - 1] as (tx: unknown) => unknown;
      return begin(args.length > 1 ? String(args[0]) : "", fn);
    },
    /**
     * A connection of the pool held by the caller (the scheduler's advisory locks), with the current binding's
     * settings applied first: it never runs under what its last statement left.
     */
    async reserve() {
      const r = await client.reserve();
      try {
        await r.unsafe(SET_SESSION, [...settings()], PREPARED);
      } catch (e) {
        r.release();
        throw e;
      }
      return r;
    },
    end: (o?: { timeout?: number }) => client.end(o),
  };
}

function openPglite(dir: string): Holder {
  let pg: import("@electric-sql/pglite").PGlite | undefined;
  let bound: ReturnType<typeof boundPglite> | undefined;
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
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(drizzle(pg), { migrationsFolder });
    // Migrated as the owner; from here on the one connection serves as portal_app (lib/platform/rls.ts).
    await pg.exec(`set role ${APP_ROLE}`);
    bound = boundPglite(pg);
    return drizzle(bound.client as unknown as typeof pg, { schema, logger }) as unknown as Db;
  })();
  return {
    db,
    asOwner: async (statements) => {
      await db;
      await bound!.locked(async () => {
        await pg!.exec("reset role");
        try {
          for (const q of statements) {
            const { sql, params } = dialect.sqlToQuery(q);
            await pg!.query(sql, params);
          }
        } finally {
          await pg!.exec(`set role ${APP_ROLE}`);
        }
      });
    },
    close: async () => {
      await pg?.close();
      if (lockFile) fs.rmSync(lockFile, { force: true });
    },
  };
}

/**
 * PGlite as drizzle uses it, with every statement bound to the current caller's company (lib/platform/rls.ts).
 * One connection shared by concurrent requests: the settings and the statement run under one lock, and the
 * settings are sent (session-wide) only when they differ from the last ones; a transaction sets them locally first.
 */
function boundPglite(pg: import("@electric-sql/pglite").PGlite) {
  let applied = "";
  let tail: Promise<unknown> = Promise.resolve();
  const locked = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = tail.then(fn, fn);
    tail = next.catch(() => {});
    return next;
  };
  const apply = async () => {
    const s = settings();
    const key = s.join("|");
    if (key === applied) return;
    await pg.query(settingsStatement(false), [...s]);
    applied = key;
  };
  const client = new Proxy(pg, {
    get(target, prop, receiver) {
      if (prop === "query")
        return (q: string, p?: unknown[], o?: object) =>
          locked(async () => {
            await apply();
            return target.query(q, p, o);
          });
      if (prop === "exec")
        return (q: string, o?: object) =>
          locked(async () => {
            await apply();
            return target.exec(q, o);
          });
      if (prop === "transaction")
        return <T>(fn: (tx: import("@electric-sql/pglite").Transaction) => Promise<T>) => {
          const s = settings();
          return locked(() =>
            target.transaction(async (tx) => {
              await tx.query(settingsStatement(true), [...s]);
              return fn(tx);
            }),
          );
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { client, locked };
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
