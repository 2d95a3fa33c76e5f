import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { getDb, type Db } from "@/lib/platform/db";
import { Scheduler } from "@/lib/platform/scheduler";

// One scheduler for the periodic jobs (issue 24). Before, every instance ran each hourly job on its own timer: with N
// instances a job ran N times an hour. Now a job runs once per period whichever instance ticks, and never twice at
// once; on PGlite (one process) it simply runs when due.

const onPostgres = !!process.env.TEST_DATABASE_URL;
const clients: postgres.Sql[] = [];

/** A second instance's database: its own pool on the same PostgreSQL database. */
async function anotherInstance(): Promise<Db> {
  await getDb();
  const client = postgres(process.env.DATABASE_URL!, { max: 3, onnotice: () => {} });
  clients.push(client);
  return drizzle(client, { schema }) as unknown as Db;
}

afterAll(async () => {
  for (const c of clients) await c.end({ timeout: 5 });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the scheduler", () => {
  it("runs a job when due, then not again within its period, then again after it", async () => {
    let runs = 0;
    const s = new Scheduler().register({ name: "t-period", everyMs: 1500, run: async () => void runs++ });
    expect(await s.runDue()).toEqual(["t-period"]);
    expect(await s.runDue()).toEqual([]);
    expect(runs).toBe(1);
    await sleep(1600);
    expect(await s.runDue()).toEqual(["t-period"]);
    expect(runs).toBe(2);
  });

  it("records a failed run and goes on with the other jobs", async () => {
    let other = 0;
    const s = new Scheduler()
      .register({
        name: "t-fails",
        everyMs: 60_000,
        run: async () => {
          throw new Error("boom");
        },
      })
      .register({ name: "t-after", everyMs: 60_000, run: async () => void other++ });
    expect(await s.runDue()).toEqual(["t-fails", "t-after"]);
    expect(other).toBe(1);
    const db = await getDb();
    const rows = await db.select().from(schema.scheduledJobs);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.last_ok]));
    expect(byName["t-fails"]).toBe(false);
    expect(byName["t-after"]).toBe(true);
  });

  it.skipIf(!onPostgres)(
    "with two instances on one PostgreSQL, a job runs once per period",
    { timeout: 60_000 },
    async () => {
      let runs = 0;
      const job = {
        name: "t-two-instances",
        everyMs: 60 * 60_000,
        run: async () => {
          runs++;
          await sleep(300);
        },
      };
      const a = new Scheduler().register(job);
      const other = await anotherInstance();
      const b = new Scheduler(async () => other).register(job);
      // Both tick at once, and again and again within the period.
      for (let i = 0; i < 5; i++) await Promise.all([a.runDue(), b.runDue()]);
      expect(runs).toBe(1);
    },
  );

  it.skipIf(!onPostgres)(
    "a job still running is not started again elsewhere",
    { timeout: 60_000 },
    async () => {
      let running = 0;
      let most = 0;
      let runs = 0;
      const job = {
        name: "t-no-overlap",
        // A period shorter than the run: only the advisory lock keeps a second start out.
        everyMs: 100,
        run: async () => {
          runs++;
          most = Math.max(most, ++running);
          await sleep(800);
          running--;
        },
      };
      const a = new Scheduler().register(job);
      const b = new Scheduler(async () => anotherInstance()).register(job);
      const first = a.runDue();
      await sleep(300);
      expect(await b.runDue()).toEqual([]);
      await first;
      expect(runs).toBe(1);
      expect(most).toBe(1);
    },
  );
});
