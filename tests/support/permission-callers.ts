import { and, inArray, isNull } from "drizzle-orm";
import { permissions, rolePermissions, roles, users } from "@/db/schema";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { resolveContext, type Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { ALL_PERMISSIONS, type Permission } from "@/lib/platform/permissions";

/** A test user holding every registry permission except `lacks`, with a bearer token and its resolved context. */
export type TestCaller = {
  userId: number;
  token: string;
  lacks: readonly Permission[];
  /** The caller's context as a handler (via token) or a server action (via session) sees it; resolved once each. */
  ctx: (via?: Ctx["via"]) => Promise<Ctx>;
};

/** The key of a set of permissions a caller lacks ("" for the caller holding them all). */
export const lackKey = (lacks: readonly Permission[]): string => [...new Set(lacks)].sort().join(" ");

/**
 * Makes one caller per set of permissions: a test role granting every registry permission except that set, and a
 * user of that role whose home company is `companyId`. A role (not a position) because only a role grants the
 * PLATFORM_ONLY permissions, and the role is never SUPER ADMIN, whose name alone holds everything; so the caller
 * lacks exactly the set and acts for the company like its admin would. Pass [] for a caller holding everything.
 * Everything is inserted in a few statements, once per test file.
 */
export async function callersLacking(
  db: Db,
  companyId: number,
  sets: readonly (readonly Permission[])[],
): Promise<Map<string, TestCaller>> {
  const keys = [...new Set(sets.map(lackKey))];
  const tag = Math.random().toString(36).slice(2, 8);
  const ids = new Map(
    (
      await db
        .select({ id: permissions.id, name: permissions.permission_name })
        .from(permissions)
        .where(and(inArray(permissions.permission_name, ALL_PERMISSIONS), isNull(permissions.deleted_at)))
    ).map((p) => [p.name, p.id]),
  );
  const missing = ALL_PERMISSIONS.filter((p) => !ids.has(p));
  if (missing.length) throw new Error(`permissions not seeded: ${missing.join(", ")}`);

  const made = await db
    .insert(roles)
    .values(keys.map((k, i) => ({ name: `Contract ${tag} ${i} all but ${k || "nothing"}`.slice(0, 100) })))
    .returning({ id: roles.id });
  const lacks = keys.map((k) => (k ? (k.split(" ") as Permission[]) : []));
  const grants = made.flatMap((r, i) =>
    ALL_PERMISSIONS.filter((p) => !lacks[i].includes(p)).map((p) => ({
      role_id: r.id,
      permission_id: ids.get(p)!,
    })),
  );
  // A statement carries at most 65,535 parameters: ~200 roles × ~250 permissions take several.
  for (let i = 0; i < grants.length; i += 20_000)
    await db.insert(rolePermissions).values(grants.slice(i, i + 20_000));
  const people = await db
    .insert(users)
    .values(
      made.map((r, i) => ({
        company_id: companyId,
        role_id: r.id,
        first_name: "Contract",
        last_name: `Caller ${i}`,
        email: `contract.${tag}.${i}@callers.test`,
        // Not an argon2 hash: nobody signs in with it; the token below is the way in.
        password_hash: `!unset:contract-${tag}`,
      })),
    )
    .returning({ id: users.id });
  const tokens = await Promise.all(people.map((u) => issueApiToken(u.id)));

  const out = new Map<string, TestCaller>();
  keys.forEach((k, i) => {
    const userId = people[i].id;
    const resolved = new Map<Ctx["via"], Promise<Ctx>>();
    out.set(k, {
      userId,
      token: tokens[i],
      lacks: lacks[i],
      ctx: (via = "token") => {
        // A session or token of its own, as the real callers have (export links are bound to it).
        const binding = via === "token" ? `t:test-${userId}` : `s:test-${userId}`;
        if (!resolved.has(via)) resolved.set(via, resolveContext({ userId, via, binding }));
        return resolved.get(via)!;
      },
    });
  });
  return out;
}
