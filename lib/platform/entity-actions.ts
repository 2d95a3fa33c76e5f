import "server-only";
import type { Ctx } from "./context";
import { authorize } from "./context";
import type { AnyEntity, CreateOptions, OpMeta, UpdateOptions } from "./entity";
import { exportLink } from "./exports";
import { encodeId } from "./ids";
import { idempotencyKeyOf } from "./idempotency";
import { toActionResult, type ActionResult } from "./mutations";
import { IDEMPOTENCY_FIELD, VERSION_FIELD } from "./write-fields";

// The browser session (next-auth, next/navigation) loads when an action runs, not when a domain module builds its
// actions: scripts such as the benchmark import the domain modules outside Next.
const session = () => import("./session");
const actionContext = async () => (await session()).actionContext();
const caller = async (opaqueId: string) => {
  const s = await session();
  return { ctx: await s.actionContext(), id: s.actionId(opaqueId) };
};

/**
 * A server action on one record beyond the entity's usual ones (approve, reassign, details): the session's caller
 * and the record's opaque id decoded (404 when it is not one), then `fn`; its answer, or the error, as an
 * ActionResult. `decodeId` turns further opaque ids of its arguments (a walk, a walker) into numbers the same way.
 */
export function recordAction<A extends unknown[], T>(
  fn: (ctx: Ctx, id: number, ...args: A) => Promise<T>,
): (opaqueId: string, ...args: A) => Promise<ActionResult<T>> {
  return (opaqueId, ...args) =>
    toActionResult(async () => {
      const { ctx, id } = await caller(opaqueId);
      return fn(ctx, id, ...args);
    });
}

/** An opaque id of an action's argument as its number (404 when it is not one); blank → null. */
export async function decodeActionId(opaqueId: string | null | undefined): Promise<number | null> {
  if (opaqueId == null || opaqueId === "") return null;
  return (await session()).actionId(opaqueId);
}

type Fn<A, O = undefined> = ((ctx: Ctx, input: A, o?: O) => Promise<unknown>) & { meta: OpMeta };

/** The server actions of an entity, as every form and list calls them (each: session → domain function → result). */
export type EntityActions = {
  create?: (values: unknown) => Promise<ActionResult<{ id: string }>>;
  update?: (opaqueId: string, values: unknown) => Promise<ActionResult<{ id: string }>>;
  delete?: (opaqueId: string) => Promise<ActionResult<unknown>>;
  restore?: (opaqueId: string) => Promise<ActionResult<unknown>>;
  /** The list's export: a short-lived download link for the toolbar's filters. */
  export?: (params: Record<string, string>) => Promise<ActionResult<{ url: string }>>;
  /** Which built functions they call (the contract suite reads it). */
  meta: { create?: OpMeta; update?: OpMeta; delete?: OpMeta; restore?: OpMeta };
};

const idOf = (r: unknown) => encodeId((r as { id: number }).id);

/** The form's values without the write fields (write-fields.ts), and those fields when they are strings. */
function writeFields(values: unknown) {
  const all: Record<string, unknown> = values && typeof values === "object" ? { ...values } : {};
  const version = all[VERSION_FIELD];
  const key = all[IDEMPOTENCY_FIELD];
  delete all[VERSION_FIELD];
  delete all[IDEMPOTENCY_FIELD];
  return {
    values: all,
    version: typeof version === "string" && version ? version : undefined,
    idempotencyKey: typeof key === "string" ? idempotencyKeyOf(key) : undefined,
  };
}

/**
 * Builds an entity's server actions from its domain functions. Each checks the session itself (401), takes ids
 * only as opaque ids (anything else answers 404), and answers `{ ok, data } | { ok: false, status, message,
 * fieldErrors }`; the domain function checks permission, scope and input. The app's actions.ts re-exports them.
 */
export function entityActions(fns: {
  create?: Fn<unknown, CreateOptions>;
  update?: Fn<unknown, UpdateOptions>;
  delete?: Fn<{ id: unknown }>;
  restore?: Fn<{ id: unknown }>;
  /** The entity whose list the toolbar exports (permission `<name>.export`). */
  exportOf?: AnyEntity;
  /** From `crudOf`: its entity, exported when it has an export. */
  def?: AnyEntity;
  export?: unknown;
}): EntityActions {
  // A `crudOf` bundle builds every operation; only those the entity offers become actions.
  const offers = (op: "create" | "update" | "delete" | "restore") => !fns.def || fns.def.ops.includes(op);
  const [create, update, del, restore] = [
    offers("create") ? fns.create : undefined,
    offers("update") ? fns.update : undefined,
    offers("delete") ? fns.delete : undefined,
    offers("restore") ? fns.restore : undefined,
  ];
  const exportOf = fns.exportOf ?? (fns.export && fns.def?.ops.includes("export") ? fns.def : undefined);
  return {
    create:
      create &&
      ((raw) =>
        toActionResult(async () => {
          const { values, idempotencyKey } = writeFields(raw);
          return { id: idOf(await create(await actionContext(), values, { idempotencyKey })) };
        })),
    update:
      update &&
      ((opaqueId, raw) =>
        toActionResult(async () => {
          const { ctx, id } = await caller(opaqueId);
          const { values, version } = writeFields(raw);
          return { id: idOf(await update(ctx, { ...values, id }, { version })) };
        })),
    delete:
      del &&
      ((opaqueId) =>
        toActionResult(async () => {
          const { ctx, id } = await caller(opaqueId);
          return del(ctx, { id });
        })),
    restore:
      restore &&
      ((opaqueId) =>
        toActionResult(async () => {
          const { ctx, id } = await caller(opaqueId);
          return restore(ctx, { id });
        })),
    export:
      exportOf &&
      ((params) =>
        toActionResult(async () => {
          const ctx = await actionContext();
          authorize(ctx, exportOf.permission("export"));
          return { url: exportLink(ctx, exportOf.name, new URLSearchParams(params)) };
        })),
    meta: { create: create?.meta, update: update?.meta, delete: del?.meta, restore: restore?.meta },
  };
}
