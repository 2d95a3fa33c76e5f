import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "@/lib/platform/context";
import { ownsRows, type AnyEntity } from "@/lib/platform/entity";
import { positionsCrud } from "@/lib/admin/positions";
import { entityActions, type EntityActions } from "@/lib/platform/entity-actions";
import { decodeId, encodeId } from "@/lib/platform/ids";
import type { ActionResult } from "@/lib/platform/mutations";
import type { Permission } from "@/lib/platform/permissions";
import { registry } from "@/lib/registry";
import { ctxFor, seeded, superEmail } from "../support/fixtures";
import { callersLacking, lackKey, type TestCaller } from "../support/permission-callers";
import { actionSamples, type ActionEnv, type ActionSample } from "./contract/actions";

/**
 * The contract of every registered entity's server actions (lib/registry.ts), the way the portal's forms and lists
 * call them: no session → 401; a session holding every permission but the action's → 403; another company's record,
 * an id that is not an opaque id, or garbage → 404; and with every permission, create → update → delete → restore
 * of a fresh record and the export succeed. Records come from ./contract/actions.ts. Besides, every function of
 * every actions.ts under app/(portal) answers 401 without a session.
 */
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

type Kind = "create" | "update" | "delete" | "restore" | "export";
type Entry = { def: AnyEntity; actions: EntityActions };
const entries = registry.filter((r): r is Entry => !!r.actions);
const kindsOf = (a: EntityActions) =>
  (["create", "update", "delete", "restore", "export"] as const).filter((k) => a[k]);

/** The permissions an action needs (any of them): its domain function's, read from the actions' meta. */
function permissionsOf(e: Entry, kind: Kind): Permission[] {
  if (kind === "export") return [e.def.permission("export")];
  return e.actions.meta[kind]?.permissions ?? [];
}

let env: ActionEnv;
let callers: Map<string, TestCaller>;

/** Calls one action with an opaque (or any) id and values, as the browser would. */
function run(a: EntityActions, kind: Kind, id: string, values: unknown = {}): Promise<ActionResult<unknown>> {
  switch (kind) {
    case "create":
      return a.create!(values);
    case "update":
      return a.update!(id, values);
    case "delete":
      return a.delete!(id);
    case "restore":
      return a.restore!(id);
    case "export":
      return a.export!({});
  }
}

const as = async (who: TestCaller | null) => {
  session.ctx = who ? await who.ctx("session") : null;
};
const full = () => callers.get("")!;
const refusal = (r: ActionResult<unknown>) => (r.ok ? { ok: true } : { ok: false, status: r.status });

/** The first live row of a company (or any live row of a global entity): the default `own`/`foreign` record. */
async function firstLive(def: AnyEntity, companyId: number | null): Promise<number> {
  const t = def.table as PgTable & { id: AnyPgColumn; deleted_at: AnyPgColumn; company_id?: AnyPgColumn };
  const where: SQL[] = [isNull(t.deleted_at)];
  if (companyId != null) {
    if (!t.company_id) throw new Error(`${def.name}: no company_id; give own/foreign in contract/actions.ts`);
    where.push(eq(t.company_id, companyId));
  }
  const [row] = await env.db
    .select({ id: t.id })
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.id))
    .limit(1);
  if (!row) throw new Error(`${def.name}: no live row${companyId ? ` of company ${companyId}` : ""}`);
  return row.id as number;
}

const scoped = (def: AnyEntity) => ownsRows(def.scope);
const ownOf = (e: Entry, s: ActionSample) =>
  s.own ? s.own(env) : firstLive(e.def, scoped(e.def) ? env.happyId : null);
/** The values an update of `id` sends (the sample's, else none). */
const valuesFor = async (s: ActionSample, id: number) => (s.update ? await s.update(env, id) : {});
const foreignOf = (e: Entry, s: ActionSample) => (s.foreign ? s.foreign(env) : firstLive(e.def, env.wagId));

/** Soft-deletes a record for the length of `fn` (a restore needs a deleted record to be refused for scope alone). */
async function whileDeleted<T>(def: AnyEntity, id: number, fn: () => Promise<T>): Promise<T> {
  const t = def.table as PgTable & { id: AnyPgColumn };
  await env.db
    .update(t)
    .set({ deleted_at: new Date() } as never)
    .where(eq(t.id, id));
  try {
    return await fn();
  } finally {
    await env.db
      .update(t)
      .set({ deleted_at: null } as never)
      .where(eq(t.id, id));
  }
}

/**
 * 403 for a session holding every permission but the ones the action's meta names (its domain function's). A
 * function answering problems, so the suite can show it catches meta naming another permission than is checked.
 */
async function forbiddenProblems(
  e: Entry,
  kind: Kind,
  call: (kind: Kind) => Promise<ActionResult<unknown>>,
): Promise<string[]> {
  const lacks = permissionsOf(e, kind);
  if (!lacks.length) return [`${kind}: its meta names no permission`];
  const who = callers.get(lackKey(lacks));
  if (!who) return [`${kind}: no test caller lacking ${lacks.join(", ")}`];
  await as(who);
  const r = await call(kind);
  return r.ok || r.status !== 403
    ? [
        `${kind}, called without ${lacks.join(", ")}, answered ${JSON.stringify(r).slice(0, 200)} instead of 403`,
      ]
    : [];
}

beforeAll(async () => {
  const { db, happy, wag } = await seeded();
  env = { db, happyId: happy.id, wagId: wag.id };
  // Everything, each action's permissions, and roles.create for "the 403 check".
  const sets: Permission[][] = [[], ["roles.create"]];
  for (const e of entries) for (const k of kindsOf(e.actions)) sets.push(permissionsOf(e, k));
  callers = await callersLacking(db, happy.id, sets);
});

describe("the registry", () => {
  it("has an action sample for every entity with actions", () => {
    expect(entries.map((e) => e.def.name).filter((n) => !actionSamples[n])).toEqual([]);
  });

  it("names, in each action's meta, a domain function of the same entity", () => {
    for (const e of entries)
      for (const k of kindsOf(e.actions).filter((k) => k !== "export")) {
        const meta = e.actions.meta[k as Exclude<Kind, "export">];
        expect(meta?.entity.name, `${e.def.name}.${k}`).toBe(e.def.name);
        expect(meta?.permissions.length, `${e.def.name}.${k}`).toBeGreaterThan(0);
      }
  });
});

describe("the 403 check", () => {
  it("catches an action whose meta names another permission than its domain function checks", async () => {
    const positions = entries.find((x) => x.def.name === "positions")!;
    const create = Object.assign((ctx: Ctx, raw: unknown) => positionsCrud.create(ctx, raw), {
      meta: { ...positionsCrud.create.meta, permissions: ["roles.create"] as Permission[] },
    });
    const wrong: Entry = { def: positions.def, actions: entityActions({ create }) };
    const body = { name: "Contract Wrong Meta", position_permissions: [] };
    const problems = await forbiddenProblems(wrong, "create", () => wrong.actions.create!(body));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^create, called without roles\.create, answered \{"ok":true/);
  });
});

describe.each(entries.map((e) => [e.def.name, e] as const))("%s actions", (name, e) => {
  const s = actionSamples[name] ?? {};
  const kinds = kindsOf(e.actions);
  const byId = kinds.filter((k) => k === "update" || k === "delete" || k === "restore");

  /** A call that would succeed but for the session or the permission: the own record, valid values. */
  const validCall = async (kind: Kind) => {
    const own = await ownOf(e, s);
    const values = kind === "create" ? await s.create?.(env) : await valuesFor(s, own);
    return run(e.actions, kind, encodeId(own), values);
  };

  it.each(kinds)("%s answers 401 without a session", async (kind) => {
    await as(null);
    expect(refusal(await validCall(kind))).toEqual({ ok: false, status: 401 });
  });

  it.each(kinds)("%s answers 403 to a session holding every permission but its own", async (kind) => {
    expect(await forbiddenProblems(e, kind, validCall)).toEqual([]);
  });

  if (byId.length) {
    it.each(byId)("%s answers 404 to garbage and to a plain id", async (kind) => {
      await as(full());
      const own = await ownOf(e, s);
      const values = await valuesFor(s, own);
      for (const id of ["garbage", String(own), "", encodeId(2_147_483_647)])
        expect(refusal(await run(e.actions, kind, id, values)), `id ${JSON.stringify(id)}`).toEqual({
          ok: false,
          status: 404,
        });
    });
  }

  if ((scoped(e.def) || s.foreign) && byId.length) {
    it.each(byId)("%s answers 404 for another company's record", async (kind) => {
      await as(full());
      const id = await foreignOf(e, s);
      const values = await valuesFor(s, id);
      const call = () => run(e.actions, kind, encodeId(id), values);
      const r = kind === "restore" ? await whileDeleted(e.def, id, call) : await call();
      expect(refusal(r)).toEqual({ ok: false, status: 404 });
    });
  }

  if (kinds.includes("update")) {
    // The control of the 404 above: the same call on Happy Paws' own record goes through.
    it("update saves Happy Paws' own record", async () => {
      await as(full());
      const own = await ownOf(e, s);
      const r = await e.actions.update!(encodeId(own), await valuesFor(s, own));
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    });
  }

  if (kinds.includes("create")) {
    it("create, update, delete and restore a fresh record", async () => {
      expect(s.create, `a create body for ${name} in contract/actions.ts`).toBeDefined();
      session.ctx = s.lifecycleAs === "super" ? await ctxFor(superEmail) : await full().ctx("session");
      const made = await e.actions.create!(await s.create!(env));
      expect(made, JSON.stringify(made)).toMatchObject({ ok: true, data: { id: expect.any(String) } });
      const id = (made as { data: { id: string } }).data.id;
      const values = await valuesFor(s, decodeId(id)!);
      for (const kind of byId) {
        const r = await run(e.actions, kind, id, values);
        expect(r, `${kind}: ${JSON.stringify(r)}`).toMatchObject({ ok: true });
      }
    });
  }

  if (kinds.includes("export")) {
    it("export answers a download link", async () => {
      await as(full());
      const r = await e.actions.export!({});
      expect(r, JSON.stringify(r)).toMatchObject({ ok: true, data: { url: expect.any(String) } });
    });
  }
});

/** Every server-action module of the portal (an actions.ts under app/(portal)): each is a public endpoint. */
const PORTAL = path.resolve(import.meta.dirname, "../../app/(portal)");
const actionFiles = (readdirSync(PORTAL, { recursive: true }) as string[])
  .filter((f) => path.basename(f) === "actions.ts")
  .filter((f) => /^["']use server["']/.test(readFileSync(path.join(PORTAL, f), "utf8").trimStart()))
  .sort();

describe("every server action of the portal", () => {
  it("is found", () => expect(actionFiles.length).toBeGreaterThanOrEqual(entries.length));

  it.each(actionFiles)("in %s answers 401 without a session", async (file) => {
    await as(null);
    const mod = (await import(path.join(PORTAL, file))) as Record<string, unknown>;
    const fns = Object.entries(mod).filter(([, v]) => typeof v === "function");
    expect(fns.length).toBeGreaterThan(0);
    for (const [name, fn] of fns) {
      const r = (await (fn as (...a: unknown[]) => Promise<ActionResult<unknown>>)(
        "x",
        {},
      )) as ActionResult<unknown>;
      expect(refusal(r), name).toEqual({ ok: false, status: 401 });
    }
  });
});
