import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { companies as companiesTable, type companies } from "@/db/schema";
import { companiesCrud } from "@/lib/admin/companies";
import { diffRecords, listAuditRecords } from "@/lib/history";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { DEMO_LOGINS, adminEmail, api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";

// The history card's 'Show more' action reads the browser session; here it answers a chosen user.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const { AuditHistory } = await import("@/components/audit/audit-history");
const { loadAuditHistoryAction } = await import("@/components/audit/actions");
const { encodeId } = await import("@/lib/platform/ids");

type Entry = {
  action: string;
  actor: { id: number; name: string } | null;
  created_at: string;
  changes: { field: string; before: unknown; after: unknown }[];
};

let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let wagAdmin: Ctx;
let adminToken: string;

/** A city change that sends the company's flags as they are, as the form does. */
async function moveTo(ctx: Ctx, id: number, city: string) {
  const db = await getDb();
  const [c] = await db.select().from(companiesTable).where(eq(companiesTable.id, id));
  await companiesCrud.update(ctx, {
    id,
    city,
    is_active: c.is_active,
    is_location_tracking_enabled: c.is_location_tracking_enabled,
    is_SUSP_enabled: c.is_SUSP_enabled,
    is_SUSL_enabled: c.is_SUSL_enabled,
  });
}

const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e) => (e instanceof AppError ? e.status : 500),
  );

beforeAll(async () => {
  ({ happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  wagAdmin = await ctxFor("admin@wagnation.test", wag.id);
  adminToken = await tokenFor(adminEmail);
});

describe("diffRecords", () => {
  it("lists only the changed fields, with before and after", () => {
    expect(
      diffRecords(
        { id: 1, name: "A", city: "Pune", state: null, tags: { b: 1, a: 2 } },
        { id: 1, name: "B", city: "Pune", state: "MH", tags: { a: 2, b: 1 } },
      ),
    ).toEqual([
      { field: "name", before: "A", after: "B" },
      { field: "state", before: null, after: "MH" },
    ]);
  });

  it("ignores bookkeeping columns and treats blank, null and missing alike", () => {
    expect(
      diffRecords(
        { name: "A", tag_line: null, updated_at: "2024-01-01T00:00:00Z", updated_by: 1, password_hash: "x" },
        { name: "A", tag_line: "", updated_at: "2025-01-01T00:00:00Z", updated_by: 2, password_hash: "y" },
      ),
    ).toEqual([]);
  });

  it("lists every filled field of a created record, before null", () => {
    expect(diffRecords(null, { id: 9, name: "New", city: null })).toEqual([
      { field: "name", before: null, after: "New" },
    ]);
  });
});

describe("record history", () => {
  it("records a company update whose diff lists exactly the changed fields and its actor", async () => {
    const before = happy;
    // The flags are sent as they are: the form always sends them (a partial update is another suite's concern).
    await companiesCrud.update(admin, {
      id: happy.id,
      name: before.name,
      city: "Thane",
      tag_line: "Walks & more",
      is_active: before.is_active,
      is_location_tracking_enabled: before.is_location_tracking_enabled,
      is_SUSP_enabled: before.is_SUSP_enabled,
      is_SUSL_enabled: before.is_SUSL_enabled,
    });

    const r = await api("GET", `audit_records?entity=companies&entity_id=${happy.id}`, { token: adminToken });
    expect(r.status).toBe(200);
    const entries = r.json.data as Entry[];
    expect(r.json.count).toBe(entries.length);
    const newest = entries[0];
    expect(newest.action).toBe("update");
    expect(newest.actor).toEqual({ id: admin.userId, name: "Priya Admin" });
    expect(typeof newest.created_at).toBe("string");
    const byField = Object.fromEntries(newest.changes.map((c) => [c.field, c]));
    expect(Object.keys(byField).sort()).toEqual(["city", "tag_line"]);
    expect(byField.city).toEqual({ field: "city", before: before.city, after: "Thane" });
    expect(byField.tag_line).toEqual({ field: "tag_line", before: before.tag_line, after: "Walks & more" });
  });

  it("lists entries newest first and pages", async () => {
    await moveTo(admin, happy.id, "Nashik");
    await moveTo(admin, happy.id, "Nagpur");
    const all = await listAuditRecords(admin, { entity: "companies", entity_id: happy.id, rowsPerPage: 100 });
    expect(all.data[0].changes).toEqual([{ field: "city", before: "Nashik", after: "Nagpur" }]);
    expect(all.data[1].changes).toEqual([{ field: "city", before: "Thane", after: "Nashik" }]);
    const page2 = await listAuditRecords(admin, {
      entity: "companies",
      entity_id: happy.id,
      page: 2,
      rowsPerPage: 1,
    });
    expect(page2.count).toBe(all.count);
    expect(page2.data.map((e) => e.id)).toEqual([all.data[1].id]);
  });

  it("answers 422 without entity or entity_id", async () => {
    const r = await api("GET", "audit_records", { token: adminToken });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({
      entity: ["The entity field is required."],
      entity_id: ["The entity id field is required."],
    });
    const r2 = await api("GET", "audit_records?entity=companies&entity_id=", { token: adminToken });
    expect(r2.status).toBe(422);
    expect(Object.keys(r2.json.errors!)).toEqual(["entity_id"]);
  });

  it("answers 403 without audit.view", async () => {
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    expect(await statusOf(listAuditRecords(franchisee, { entity: "companies", entity_id: happy.id }))).toBe(
      403,
    );
    const token = await tokenFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    const r = await api("GET", `audit_records?entity=companies&entity_id=${happy.id}`, { token });
    expect(r.status).toBe(403);
  });

  it("never shows another company's records", async () => {
    await moveTo(wagAdmin, wag.id, "Goa");
    const mine = await listAuditRecords(admin, { entity: "companies", entity_id: wag.id });
    expect(mine).toEqual({ data: [], count: 0 });
    const theirs = await listAuditRecords(wagAdmin, { entity: "companies", entity_id: wag.id });
    expect(theirs.data[0].changes).toEqual([{ field: "city", before: wag.city, after: "Goa" }]);
    // Nor does Wag Nation read Happy Paws' history.
    expect((await listAuditRecords(wagAdmin, { entity: "companies", entity_id: happy.id })).count).toBe(0);
  });

  it("keeps a company's history with that company even when a SUPER ADMIN acting for another edited it", async () => {
    const superActingForHappy = await ctxFor(superEmail, happy.id);
    await moveTo(superActingForHappy, wag.id, "Panaji");
    const happySees = await listAuditRecords(admin, { entity: "companies", entity_id: wag.id });
    expect(happySees.count).toBe(0);
    const wagSees = await listAuditRecords(wagAdmin, { entity: "companies", entity_id: wag.id });
    expect(wagSees.data[0].actor?.name).toBe("Sanjay Rao");
    expect(wagSees.data[0].changes).toEqual([{ field: "city", before: "Goa", after: "Panaji" }]);
    const superSees = await listAuditRecords(await ctxFor(superEmail), {
      entity: "companies",
      entity_id: wag.id,
    });
    expect(superSees.count).toBe(wagSees.count);
  });
});

describe("the History card", () => {
  it("renders nothing for a caller without audit.view", async () => {
    const franchisee = await ctxFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
    expect(await AuditHistory({ ctx: franchisee, entity: "companies", entityId: happy.id })).toBeNull();
    expect(await AuditHistory({ ctx: admin, entity: "companies", entityId: happy.id })).not.toBeNull();
  });

  it("loads more entries as readable text through its action, within the caller's scope", async () => {
    session.ctx = admin;
    const r = await loadAuditHistoryAction("companies", encodeId(happy.id), 1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const newest = r.data.entries[0];
    expect(newest).toMatchObject({ action: "Updated", actor: "Priya Admin" });
    expect(newest.when).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)$/);
    expect(newest.changes).toEqual([{ field: "City", before: "Nashik", after: "Nagpur" }]);

    const foreign = await loadAuditHistoryAction("companies", encodeId(wag.id), 1);
    expect(foreign).toMatchObject({ ok: true, data: { entries: [], count: 0 } });

    session.ctx = null;
    expect(await loadAuditHistoryAction("companies", encodeId(happy.id), 1)).toMatchObject({
      ok: false,
      status: 401,
    });
  });
});

describe("permission changes in the history", () => {
  it("name the permissions a position gained or lost, not their ids", async () => {
    const { create: createPosition, update: updatePosition } = (await import("@/lib/admin/positions"))
      .positionsCrud;
    const { permissions } = await import("@/db/schema");
    const { inArray } = await import("drizzle-orm");
    const db = await getDb();
    const perms = await db
      .select({ id: permissions.id, name: permissions.permission_name })
      .from(permissions)
      .where(inArray(permissions.permission_name, ["users.list", "users.view", "users.export"]));
    const id = (n: string) => perms.find((p) => p.name === n)!.id;
    const name = `HISTORY ${Date.now()}`;
    const pos = await createPosition(admin, {
      name,
      position_permissions: [id("users.list"), id("users.view")],
    });
    await updatePosition(admin, {
      id: pos.id,
      name,
      position_permissions: [id("users.list"), id("users.export")],
    });
    const { data } = await listAuditRecords(admin, { entity: "positions", entity_id: pos.id });
    expect(data[0].changes).toEqual([
      { field: "position_permissions", before: "removed: users.view", after: "added: users.export" },
    ]);
  });
});
