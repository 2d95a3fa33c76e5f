import { count } from "drizzle-orm";
import { companies } from "@/db/schema";
import { getDb, withStartupLock } from "@/lib/platform/db";
import { seedDemo } from "./demo";
import { seedSystem } from "./system";
import { asPlatform } from "@/lib/platform/rls";

/** At start: migrate (getDb does), make sure the system rows exist, and seed demo data into an empty database. */
async function bootstrapUnbound(opts: { demo?: boolean } = {}): Promise<void> {
  // Migrated first (getDb takes the startup lock for that itself), then seeded under the lock: instances started
  // together on an empty PostgreSQL seed one after another, the later ones finding the rows there.
  const db = await getDb();
  await withStartupLock(async () => {
    await seedSystem(db);
    const demo = opts.demo ?? process.env.SEED_DEMO !== "false";
    if (!demo) return;
    const [{ n }] = await db.select({ n: count() }).from(companies);
    if (n === 0) {
      await db.transaction(async (tx) => seedDemo(tx));
      console.log("[seed] demo data created");
    }
  });
}

/** Bootstrap, as platform work (row-level security, lib/platform/rls.ts). */
export const bootstrap: typeof bootstrapUnbound = (...args) =>
  asPlatform("seed", () => bootstrapUnbound(...args));
