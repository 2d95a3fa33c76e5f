import "server-only";
import { sql } from "drizzle-orm";
import { getDb, rowsOf, type Db } from "./db";
import { getLogger } from "./logger.mjs";
import { asPlatform } from "./rls";

/**
 * The one scheduler of the portal's periodic jobs (issue 24). Jobs are registered by name with a period; every
 * instance ticks (SCHEDULER_TICK_SECONDS, 60), and a job runs when its period has passed since its last start as the
 * scheduled_jobs table records it, whichever instance started it. On PostgreSQL each job also runs under its own
 * advisory lock (try-lock, on a connection of its own): with N instances a job runs once per period and never twice
 * at the same time (a run longer than its period is not overlapped); an instance that finds the lock taken moves on.
 * On PGlite one process owns the database: the job just runs when due.
 */

export type Job = {
  /** A stable name: the row and the lock are keyed by it. */
  name: string;
  /** How often it runs. */
  everyMs: number;
  run: () => Promise<unknown>;
};

/** The advisory locks' first key ("JOB" in ASCII); the second is the hash of the job's name. */
const JOB_LOCK_SPACE = 0x4a4f42;

type Reserved = {
  <T = unknown[]>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T>;
  release(): void;
};
type PgClient = { reserve(): Promise<Reserved> };

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<string[]>;

  constructor(private readonly database: () => Promise<Db> = getDb) {}

  /** Adds a job (a name registered again replaces the earlier one). */
  register(job: Job): this {
    this.jobs.set(job.name, job);
    return this;
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs every job that is due and not running elsewhere; answers the names of those this instance ran. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) if (await this.runIfDue(job)) ran.push(job.name);
    return ran;
  }

  private async runIfDue(job: Job): Promise<boolean> {
    const log = getLogger();
    const db = await this.database();
    const client = (db as unknown as { $client?: Partial<PgClient> }).$client;
    const conn = typeof client?.reserve === "function" ? await client.reserve() : null;
    try {
      if (conn) {
        const [row] = await conn<{ ok: boolean }[]>`
          select pg_try_advisory_lock(${JOB_LOCK_SPACE}, hashtext(${job.name})) as ok`;
        if (!row?.ok) return false;
      }
      try {
        // Claims the period: one statement, so of instances that passed the lock one after another, the first wins.
        const claimed = rowsOf(
          await db.execute(sql`
            insert into scheduled_jobs (name, last_started_at) values (${job.name}, now())
            on conflict (name) do update set last_started_at = now()
              where scheduled_jobs.last_started_at <= now() - make_interval(secs => ${job.everyMs / 1000})
            returning name`),
        );
        if (!claimed.length) return false;
        const started = Date.now();
        let ok = true;
        try {
          // Every company's rows: platform work (row-level security, lib/platform/rls.ts).
          await asPlatform(`scheduled job ${job.name}`, () => job.run());
          log.info({ job: job.name, ms: Date.now() - started }, "job done");
        } catch (err) {
          ok = false;
          log.error({ err, job: job.name }, "job failed");
        }
        await db.execute(sql`
          update scheduled_jobs set last_finished_at = now(), last_ok = ${ok} where name = ${job.name}`);
        return true;
      } finally {
        if (conn) await conn`select pg_advisory_unlock(${JOB_LOCK_SPACE}, hashtext(${job.name}))`;
      }
    } finally {
      conn?.release();
    }
  }

  /** Ticks now and every `tickMs` until stop(); a tick that fails (the database down) is logged and retried. */
  start(tickMs = Number(process.env.SCHEDULER_TICK_SECONDS ?? 60) * 1000): void {
    if (this.timer) return;
    const tick = () => {
      if (this.ticking) return;
      this.ticking = this.runDue()
        .catch((err) => {
          getLogger().warn({ err }, "scheduler tick failed");
          return [];
        })
        .finally(() => (this.ticking = undefined));
    };
    tick();
    this.timer = setInterval(tick, Math.max(1000, tickMs));
    this.timer.unref();
  }

  /** Stops ticking and waits for a tick in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }
}

const g = globalThis as unknown as { __portalScheduler?: Scheduler };

/** The process's scheduler (instrumentation.ts registers the jobs and starts it). */
export function scheduler(): Scheduler {
  g.__portalScheduler ??= new Scheduler();
  return g.__portalScheduler;
}
