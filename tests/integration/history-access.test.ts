import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditRecords,
  franchisees,
  permissions,
  positions,
  rolePermissions,
  users,
  type companies,
} from "@/db/schema";
import { listAuditRecords } from "@/lib/history";
import { positionsCrud } from "@/lib/admin/positions";
import type { Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { DEMO_LOGINS, adminEmail, api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";

// A record's history is read only by whoever may view the record itself: another company's or another
// franchisee's record answers like a record without history (as its other calls answer 404).

let db: Db;
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let ownStaffId: number;
let otherStaffId: number;
let positionId: number;

const NONE = { data: [], count: 0 };

/** An edit of a user as the users screen records it (the history is what is read here). */
async function recordUserEdit(userId: number, before: string, after: string) {
  await db.insert(auditRecords).values({
    company_id: happy.id,
    actor_id: admin.userId,
    entity: "users",
    entity_id: userId,
    action: "update",
    old_json: { id: userId, city: before },
    new_json: { id: userId, city: after },
  });
}

async function grant(roleId: number, name: string) {
  const [p] = await db.select().from(permissions).where(eq(permissions.permission_name, name));
  await db.insert(rolePermissions).values({ role_id: roleId, permission_id: p.id }).onConflictDoNothing();
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  // The FRANCHISEE ADMIN gets audit.view (not a default): only the record scope stands in the way.
  await grant(ROLE_IDS[ROLE.FRANCHISEE_ADMIN], "audit.view");

  const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  const [other] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(eq(franchisees.company_id, happy.id))
    .orderBy(franchisees.id)
    .then((rows) => rows.filter((f) => f.id !== fa.franchiseeId));
  const staffOf = async (franchiseeId: number) => {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.franchisee_id, franchiseeId),
          eq(users.role_id, ROLE_IDS[ROLE.USER]),
          isNull(users.deleted_at),
        ),
      )
      .limit(1);
    return u.id;
  };
  ownStaffId = await staffOf(fa.franchiseeId!);
  // The demo's staff all work for the first franchisee: one more, of another franchisee of the same company.
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      franchisee_id: other.id,
      role_id: ROLE_IDS[ROLE.USER],
      first_name: "Other",
      last_name: "Staff",
      email: "other.staff@happypaws.test",
      password_hash: "x",
    })
    .returning({ id: users.id });
  otherStaffId = u.id;
  await recordUserEdit(ownStaffId, "Pune", "Thane");
  await recordUserEdit(otherStaffId, "Pune", "Goa");

  // A real edit of a Happy Paws position, through its entity.
  const [pos] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, "CUSTOMER")));
  positionId = pos.id;
  await positionsCrud.update(admin, { id: positionId, name: "CUSTOMERS" });
});

describe("a franchisee admin with audit.view", () => {
  it("reads their own staff's history", async () => {
    const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const r = await listAuditRecords(fa, { entity: "users", entity_id: ownStaffId });
    expect(r.count).toBe(1);
    expect(r.data[0].changes).toEqual([{ field: "city", before: "Pune", after: "Thane" }]);
  });

  it("does not read another franchisee's user's history, by the domain function or /api", async () => {
    const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    expect(await listAuditRecords(fa, { entity: "users", entity_id: otherStaffId })).toEqual(NONE);
    const token = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const r = await api("GET", `audit_records?entity=users&entity_id=${otherStaffId}`, { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(NONE);
    // Their company's admin reads it.
    expect((await listAuditRecords(admin, { entity: "users", entity_id: otherStaffId })).count).toBe(1);
  });

  it("does not read the history of a record of their company they may not view (positions.view)", async () => {
    const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    expect(await listAuditRecords(fa, { entity: "positions", entity_id: positionId })).toEqual(NONE);
  });
});

describe("another company's admin", () => {
  it("does not read Happy Paws' position history; Happy Paws' admin and the SUPER ADMIN do", async () => {
    const wagAdmin = await ctxFor("admin@wagnation.test", wag.id);
    expect(await listAuditRecords(wagAdmin, { entity: "positions", entity_id: positionId })).toEqual(NONE);
    const token = await tokenFor("admin@wagnation.test");
    const r = await api("GET", `audit_records?entity=positions&entity_id=${positionId}`, {
      token,
      companyId: wag.id,
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(NONE);

    const mine = await listAuditRecords(admin, { entity: "positions", entity_id: positionId });
    expect(mine.data[0].changes).toEqual([{ field: "name", before: "CUSTOMER", after: "CUSTOMERS" }]);
    const superAdmin = await ctxFor(superEmail);
    expect((await listAuditRecords(superAdmin, { entity: "positions", entity_id: positionId })).count).toBe(
      mine.count,
    );
    expect((await listAuditRecords(superAdmin, { entity: "users", entity_id: otherStaffId })).count).toBe(1);
  });

  it("reads nothing of an entity the registry does not know, nor of an id that cannot exist", async () => {
    await db.insert(auditRecords).values({
      company_id: happy.id,
      actor_id: admin.userId,
      entity: "kennels",
      entity_id: 1,
      action: "update",
      new_json: { name: "x" },
    });
    expect(await listAuditRecords(admin, { entity: "kennels", entity_id: 1 })).toEqual(NONE);
    expect(
      (await listAuditRecords(await ctxFor(superEmail), { entity: "kennels", entity_id: 1 })).count,
    ).toBe(1);
    const r = await api("GET", "audit_records?entity=users&entity_id=99999999999", {
      token: await tokenFor(adminEmail),
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ entity_id: ["The selected entity id is invalid."] });
  });
});
