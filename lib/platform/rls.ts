import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Row-level security's side in the app (db/migrations/0017_row_level_security.sql holds the policies): which
 * company each statement runs for. Every company-owned table lets the server's role (portal_app, which owns nothing
 * and cannot bypass RLS) see and write only the rows of `app.company_id`, unless `app.platform` is 'on'. lib/platform/db.ts
 * sets both (and `app.user_id`) on every statement from the binding of the code that sends it:
 *
 * - a caller's binding: their acting company and user. An /api call is a binding of its own (`inRequest`) that
 *   `resolveContext` fills in once the caller is known; the kernel's built operations (lib/platform/entity.ts) and
 *   mutations (lib/platform/mutations.ts) run bound to the context they are handed (`withCaller`), so their
 *   statements run for that caller whoever calls them;
 * - platform work (`asPlatform(reason, fn)`): reading users before any company is known (login, the caller's own
 *   row), password resets, rate limits, seeding, system jobs, notices to other companies. Each names its reason,
 *   and the first use of a reason is logged; so is a SUPER ADMIN acting for no company (the context chose platform).
 *
 * A statement with no binding at all (a page's hand-written loader, a script) runs as `RLS_UNBOUND` says:
 * `platform` (the default: the kernel's scopes alone, as before) or `closed` (sees no company's rows).
 */
export type Binding = {
  companyId: number | null;
  userId: number | null;
  /** Why this work crosses companies; null for a caller's work. */
  platform: string | null;
};

const store = new AsyncLocalStorage<Binding>();

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
  return store.run({ companyId: null, userId: null, platform: reason }, async () => await fn());
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

/**
 * Binds the rest of the current async flow to the caller (their company). Called by the kernel wherever it is
 * handed a context; cheap (a map lookup), so it can run on every check.
 */
export function bindCaller(ctx: Caller): void {
  const b = bindingOf(ctx);
  if (store.getStore() !== b) store.enterWith(b);
}

const requests = new WeakSet<Binding>();

/** Fills in the current request's binding (`inRequest`) with the caller, once known; elsewhere nothing. */
export function bindRequest(ctx: Caller): void {
  const b = store.getStore();
  if (b && requests.has(b)) Object.assign(b, bindingOf(ctx));
}

/** Runs `fn` (a request) under a binding of its own: no company's rows until the caller is known. */
export function inRequest<T>(fn: () => T): T {
  const b: Binding = { companyId: null, userId: null, platform: null };
  requests.add(b);
  return store.run(b, fn);
}

/** Runs `fn` bound to the caller. */
export function withCaller<T>(ctx: Caller, fn: () => T | PromiseLike<T>): Promise<T> {
  return store.run(bindingOf(ctx), async () => await fn());
}

/** The binding statements are running under now, if any. */
export function currentBinding(): Binding | undefined {
  return store.getStore();
}

const CLOSED = ["", "", ""] as const;
const PLATFORM = ["", "", "on"] as const;

/** The settings for the next statement: [app.company_id, app.user_id, app.platform]. */
export function settings(): readonly [string, string, string] {
  const b = store.getStore();
  if (!b) return process.env.RLS_UNBOUND === "closed" ? CLOSED : PLATFORM;
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

/** The role the server runs statements as (db/migrations/0017_row_level_security.sql). */
export const APP_ROLE = "portal_app";
