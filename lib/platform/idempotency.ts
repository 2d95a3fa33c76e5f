import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import type { Ctx } from "./context";
import { getDb, type Tx } from "./db";
import { AppError } from "./errors";

/*
 * Idempotency-Key (the IETF draft's header, as Stripe answers it): a create sent again with the same key by the same
 * caller within 24 hours answers the first create's answer and writes nothing. The key row is inserted first, in the
 * create's own transaction: a concurrent duplicate's insert waits on the primary key (user_id, key) until the first
 * commits, then finds it and answers what it stored; if the first rolls back (a refusal), the duplicate goes on as
 * the create. Only a create that succeeded leaves its key, so a refused create may be corrected and sent again under
 * the same key. The same key with another body (or for another entity or company) is refused with 422.
 */

/** How long a key answers its first create. */
export const IDEMPOTENCY_HOURS = 24;

export const KEY_MESSAGE = "The Idempotency-Key header must be 1 to 255 visible characters.";
export const REUSED_MESSAGE =
  "This Idempotency-Key was already used for a different request. Use a new key for a new request.";

/** The key of a request: 1-255 visible ASCII characters (a UUID is usual); undefined when none was sent. */
export function idempotencyKeyOf(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const key = value.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new AppError(400, KEY_MESSAGE);
  return key;
}

/** A stable hash of what a create asks: the entity, the acting company and the body (files by name, type and bytes). */
export async function requestHash(entity: string, ctx: Ctx, raw: unknown): Promise<string> {
  const h = createHash("sha256");
  h.update(`${entity}\n${ctx.companyId ?? ""}\n`);
  const files: File[] = [];
  h.update(
    JSON.stringify(raw ?? null, (_k, v) => {
      if (v instanceof File) {
        files.push(v);
        return { file: v.name, type: v.type, size: v.size };
      }
      if (v && typeof v === "object" && !Array.isArray(v))
        return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      return v;
    }),
  );
  for (const f of files) h.update(new Uint8Array(await f.arrayBuffer()));
  return h.digest("hex");
}

/** Answers of a replayed create, told apart from fresh ones (the /api row says `Idempotent-Replayed: true`). */
const replays = new WeakSet<object>();
export const isReplay = (answer: unknown) =>
  !!answer && typeof answer === "object" && replays.has(answer as object);

type Stored = { request_hash: string; response: string | null; record_id: number | null; created_at: Date };

/**
 * The first answer of a stored key, or the refusal of a key used for another request. A create that settled with
 * no answer of its own (an action answering its record as read after commit) answers `replay(recordId)`.
 */
async function replayOf(
  row: Stored,
  hash: string,
  replay?: (recordId: number | null) => Promise<unknown>,
): Promise<unknown> {
  if (row.request_hash !== hash) throw new AppError(422, REUSED_MESSAGE);
  if (row.response == null && replay) return replay(row.record_id);
  const answer = JSON.parse(row.response ?? "null") as unknown;
  if (answer && typeof answer === "object") replays.add(answer);
  return answer;
}

const fresh = () => sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`;

/** Thrown inside the create's transaction when the key turned out to be taken: rolls it back, then replays. */
class KeyTaken extends Error {}

/**
 * Runs a create once per (caller, key): `create(claim)` runs the create's transaction and calls `claim(tx)` first
 * thing in it, and `settle(tx, id, answer)` last. Without a key it just runs the create.
 *
 * Beyond creates, any write that must happen once per key (a walk's start, a batch save) runs the same way; one
 * whose answer is read after its transaction settles with `answer` undefined and passes `replay`, which answers a
 * repeat from the record as it is now (the first write's effect; the write does not run again).
 */
export async function oncePerKey<R>(
  ctx: Ctx,
  o: {
    key?: string;
    entity: string;
    raw: unknown;
    replay?: (recordId: number | null) => Promise<R>;
  },
  create: (hooks: {
    claim: (tx: Tx) => Promise<void>;
    settle: (tx: Tx, recordId: number, answer: unknown) => Promise<void>;
    /** Gives the claimed key back within the transaction: a write that commits a refusal (a staged upload's row
     * errors) and then answers 422 is not remembered, so the repeat runs again. */
    release: (tx: Tx) => Promise<void>;
  }) => Promise<R>,
): Promise<R> {
  const noop = { claim: async () => {}, settle: async () => {}, release: async () => {} };
  if (!o.key) return create(noop);
  const key = o.key;
  const hash = await requestHash(o.entity, ctx, o.raw);
  const db = await getDb();
  const mine = and(eq(idempotencyKeys.user_id, ctx.userId), eq(idempotencyKeys.key, key));
  const stored = async () =>
    (
      await db
        .select({
          request_hash: idempotencyKeys.request_hash,
          response: idempotencyKeys.response,
          record_id: idempotencyKeys.record_id,
          created_at: idempotencyKeys.created_at,
        })
        .from(idempotencyKeys)
        .where(mine)
        .limit(1)
    )[0] as Stored | undefined;
  // The caller's keys past their 24 hours are free again (the hourly prune removes everyone's).
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, ctx.userId), lt(idempotencyKeys.created_at, fresh())));
  const before = await stored();
  if (before) return (await replayOf(before, hash, o.replay)) as R;
  try {
    return await create({
      async claim(tx) {
        const [won] = await tx
          .insert(idempotencyKeys)
          .values({
            user_id: ctx.userId,
            key,
            company_id: ctx.companyId,
            request_hash: hash,
            entity: o.entity,
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (!won) throw new KeyTaken();
      },
      async settle(tx, recordId, answer) {
        await tx
          .update(idempotencyKeys)
          .set({ record_id: recordId, response: answer === undefined ? null : JSON.stringify(answer) })
          .where(mine);
      },
      async release(tx) {
        await tx.delete(idempotencyKeys).where(mine);
      },
    });
  } catch (e) {
    if (!(e instanceof KeyTaken)) throw e;
    const after = await stored();
    if (!after)
      throw new AppError(409, "A request with this Idempotency-Key is in progress. Please try again.");
    return (await replayOf(after, hash, o.replay)) as R;
  }
}

/** Removes keys past their 24 hours (the hourly prune). */
export async function pruneIdempotencyKeys(): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, fresh()));
}
