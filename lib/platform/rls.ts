import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Row-level security's side in the app (db/migrations/0026_row_level_security.sql holds the policies): which
 * company each statement runs for. Every company-owned table lets the server's role (portal_app, which owns nothing
 * and cannot bypass RLS) see and write only the rows of `app.company_id`, unless `app.platform` is 'on'.
 * lib/platform/db.ts applies both (and `app.user_id`) from the binding of the code that sends a statement:
 *
 * - a caller's binding: their acting company and user. An HTTP request (scripts/server.mjs) and an /api call
 *   (`inRequest`) are a scope of their own that `resolveContext` fills in once the caller is known; the kernel's
 *   built operations (lib/platform/entity.ts) and mutations (lib/platform/mutations.ts) run bound to the context
 *   they are handed (`withCaller`), so their statements run for that caller whoever calls them;
 * - platform work (`asPlatform(reason, fn)`): reading users before any company is known (login, the caller's own
 *   row), password resets, rate limits, seeding, system jobs. Each names its reason, and the first use of a reason
 *   is logged; so is a SUPER ADMIN acting for no company (the context chose platform).
 *
 * lib/platform/db.ts sends the settings with every statement, pipelined before it on the pooled connection it runs
 * on (one round trip), or once at the start of a transaction (`set_config(…, true)`).
 *
 * A statement with no binding at all (a script, a job, a test's own setup) runs as `RLS_UNBOUND` says: `platform`
 * (the default: the kernel's scopes alone, as before) or `closed` (sees no company's rows).
 */
export type Binding = {
  companyId: number | null;
  userId: number | null;
  /** Why this work crosses companies; null for a caller's work. */
  platform: string | null;
  /**
   * An HTTP request's scope before its caller is known (scripts/server.mjs): its statements run as unbound ones do
   * (`RLS_UNBOUND`), as a page's did before requests had scopes. An /api call starts closed instead (`inRequest`).
   */
  unbound?: boolean;
};

/**
 * One HTTP request's (or /api call's) binding, filled in once its caller is known (`bindRequest`). scripts/server.mjs
 * makes one per request (same shape).
 */
export type Request = {
  binding: Binding;
  /** The caller has been bound (resolveContext): later contexts resolved in the request do not rebind it. */
  bound?: boolean;
};

type Scope = { b: Binding; req?: Request };

// Shared with scripts/server.mjs (outside the bundle), which opens each HTTP request's scope.
const KEY = Symbol.for("portal.rls.scope");
const g = globalThis as unknown as Record<symbol, AsyncLocalStorage<Scope> | undefined>;
const store: AsyncLocalStorage<Scope> = (g[KEY] ??= new AsyncLocalStorage<Scope>());

const seen = new Set<string>();
/** Logs platform work's reason, once per reason (cheap enough for every statement's path). */
export function audit(reason: string): void {
  if (seen.has(reason)) return;
  seen.add(reason);
  if (process.env.RLS_LOG !== "off") console.info(`[rls] platform: ${reason}`);
}

/**
 * Runs `fn` as platform work (every company's rows), for the reason given. Awaits `fn`'s answer inside the binding:
 * a drizzle query is a lazy thenable that runs when awaited.
 */
export function asPlatform<T>(reason: string, fn: () => T | PromiseLike<T>): Promise<T> {
  audit(reason);
  return store.run(
    { b: { companyId: null, userId: null, platform: reason }, req: store.getStore()?.req },
    async () => await fn(),
  );
}

type Caller = { userId: number; companyId: number | null; roleName: string };
const bindings = new WeakMap<object, Binding>();

const PLATFORM_ROLES = new Set(["SUPER ADMIN", "BACKEND ADMIN"]);

/** The binding of a caller's context: their acting company, or platform for a platform admin acting for none. */
export function bindingOf(ctx: Caller): Binding {
  let b = bindings.get(ctx);
  if (!b) {
    const platform =
      ctx.companyId == null && PLATFORM_ROLES.has(ctx.roleName)
        ? `${ctx.roleName} acting for no company`
        : null;
    if (platform) audit(platform);
    b = { companyId: ctx.companyId, userId: ctx.userId, platform };
    bindings.set(ctx, b);
  }
  return b;
}

/** Fills in the current request's binding (`inRequest`, scripts/server.mjs) with the caller, once known. */
export function bindRequest(ctx: Caller): void {
  const req = store.getStore()?.req;
  if (!req || req.bound) return;
  Object.assign(req.binding, bindingOf(ctx), { unbound: false });
  req.bound = true;
}

/** A request's scope, bound to nothing until its caller is known. */
export function newRequest(): Request {
  return { binding: { companyId: null, userId: null, platform: null } };
}

/**
 * Runs `fn` (an /api call) in a request scope: no company's rows until the caller is known. Inside an HTTP request's
 * scope (scripts/server.mjs) it is that one.
 */
export async function inRequest<T>(fn: () => Promise<T>): Promise<T> {
  const outer = store.getStore()?.req;
  if (outer) {
    outer.binding.unbound = false;
    return fn();
  }
  const req = newRequest();
  return store.run({ b: req.binding, req }, fn);
}

/** Runs `fn` bound to the caller. */
export function withCaller<T>(ctx: Caller, fn: () => T | PromiseLike<T>): Promise<T> {
  const cur = store.getStore();
  const b = bindingOf(ctx);
  if (cur?.b === b) return (async () => await fn())();
  return store.run({ b, req: cur?.req }, async () => await fn());
}

const CLOSED = ["", "", ""] as const;
const PLATFORM = ["", "", "on"] as const;

/** The settings for the next statement: [app.company_id, app.user_id, app.platform]. */
export function settings(): readonly [string, string, string] {
  const b = store.getStore()?.b;
  if (!b || b.unbound) return process.env.RLS_UNBOUND === "closed" ? CLOSED : PLATFORM;
  return [
    b.companyId == null ? "" : String(b.companyId),
    b.userId == null ? "" : String(b.userId),
    b.platform ? "on" : "",
  ];
}

/** The settings a caller's statements run with (for a connection of its own: an export's worker). */
export function settingsFor(ctx: Caller): [string, string, string] {
  const b = bindingOf(ctx);
  return [
    b.companyId == null ? "" : String(b.companyId),
    b.userId == null ? "" : String(b.userId),
    b.platform ? "on" : "",
  ];
}

/** One statement that applies the settings; `local` for the current transaction only. */
export function settingsStatement(local: boolean): string {
  return `select set_config('app.company_id', $1, ${local}), set_config('app.user_id', $2, ${local}), set_config('app.platform', $3, ${local})`;
}

/** The role the server runs statements as (db/migrations/0026_row_level_security.sql). */
export const APP_ROLE = "portal_app";
