import "server-only";
import { inArray } from "drizzle-orm";
import { storedFiles } from "@/db/schema";
import { getDb, type Executor } from "./db";
import { getLogger } from "./logger.mjs";
import { getStorage, type ListedObject, type Storage } from "./storage";

/**
 * Orphan files (issue 24). A record's files are stored before its transaction commits their stored_files rows
 * (lib/platform/files.ts withFiles): a process killed between the two, or a save whose cleanup failed, leaves an
 * object no row names, which nothing else would ever remove. This sweep, an hourly job of the scheduler, removes
 * objects older than a grace period that have no row. The grace period covers any save still in flight (an upload
 * is received within 5 minutes, scripts/server.mjs); an object is never judged before it.
 *
 * Deleting a record (soft) keeps its stored_files rows, so its files stay for a restore. Purging a record, or a
 * company (its rows go by cascade), removes the rows, and the sweep then removes the objects.
 */

/**
 * How old an object without a row must be before it is removed (FILE_SWEEP_GRACE_HOURS, default 24; keep it well
 * above the longest upload, 5 minutes, and above the time between a database backup and the bucket's copy).
 */
export function orphanGraceMs(): number {
  const hours = Number(process.env.FILE_SWEEP_GRACE_HOURS ?? 24);
  return (Number.isFinite(hours) && hours > 0 ? hours : 24) * 60 * 60_000;
}

export type OrphanSweep = { listed: number; removed: string[] };

const BATCH = 500;

export async function sweepOrphanFiles(
  o: { graceMs?: number; now?: Date; storage?: Storage; db?: Executor } = {},
): Promise<OrphanSweep> {
  const storage = o.storage ?? getStorage();
  const result: OrphanSweep = { listed: 0, removed: [] };
  if (!storage.list) return result;
  const db = o.db ?? (await getDb());
  const before = (o.now ?? new Date()).getTime() - (o.graceMs ?? orphanGraceMs());
  let batch: ListedObject[] = [];
  const settle = async () => {
    if (!batch.length) return;
    const keys = batch.map((b) => b.key);
    batch = [];
    const rows = await db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(inArray(storedFiles.key, keys));
    const owned = new Set(rows.map((r) => r.key));
    for (const key of keys) {
      if (owned.has(key)) continue;
      try {
        await storage.delete(key);
        result.removed.push(key);
      } catch (err) {
        getLogger().error({ err, key }, "orphan file sweep: could not remove");
      }
    }
  };
  for await (const obj of storage.list()) {
    result.listed++;
    if (obj.modifiedAt.getTime() > before) continue;
    batch.push(obj);
    if (batch.length >= BATCH) await settle();
  }
  await settle();
  if (result.removed.length)
    getLogger().info({ removed: result.removed.length, listed: result.listed }, "orphan files removed");
  return result;
}
