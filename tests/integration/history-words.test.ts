import { and, eq, isNotNull, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  companies,
  franchiseeCareerRequests,
  petWalkieCareerRequests,
  plans,
  userMonthlyJobRequests,
  userPets,
  userAddresses,
  users,
  valueLists,
} from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { writeAudit } from "@/lib/platform/mutations";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";

// The history card in people's words (issue 26): every reference by its name (company, plan, pets, address, user,
// zone), switches as Yes / No, the form's labels in the form's order, and one entry per save. Reference names are
// the caller's company's only.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const { loadAuditHistoryAction } = await import("@/components/audit/actions");
const { encodeId } = await import("@/lib/platform/ids");

type View = { action: string; changes: { field: string; before: string; after: string }[] };

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;

async function card(entity: string, id: number): Promise<{ entries: View[]; count: number }> {
  session.ctx = admin;
  const r = await loadAuditHistoryAction(entity, encodeId(id), 1);
  if (!r.ok) throw new Error(r.message);
  return r.data;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
});

describe("a record's history in people's words", () => {
  it("names every reference of a monthly request and reads its switch as Yes / No, in the form's order", async () => {
    const [request] = await db
      .select()
      .from(userMonthlyJobRequests)
      .where(and(eq(userMonthlyJobRequests.company_id, happy.id), isNotNull(userMonthlyJobRequests.plan_id)))
      .limit(1);
    const [customer] = await db.select().from(users).where(eq(users.id, request.user_id));
    const pets = await db
      .insert(userPets)
      .values(["Bruno", "Alfie"].map((name) => ({ company_id: happy.id, user_id: customer.id, name })))
      .returning({ id: userPets.id, name: userPets.name });
    const [address] = await db
      .insert(userAddresses)
      .values({ company_id: happy.id, user_id: customer.id, address: "12 Hill Road, Bandra" })
      .returning();
    const [zone] = await db
      .select({ id: valueLists.id, name: valueLists.description })
      .from(valueLists)
      .where(eq(valueLists.company_id, happy.id))
      .limit(1);
    const [wagPlan] = await db.select().from(plans).where(eq(plans.company_id, wag.id)).limit(1);
    const [plan] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.company_id, happy.id), ne(plans.id, request.plan_id!)))
      .limit(1);
    // The record as the kernel records it (its row and its pets' ids), before and after a save.
    const before = { ...request, user_pet_ids: [], is_active: 1, zone_id: null, user_address_id: null };
    const after = {
      ...request,
      user_pet_ids: pets.map((p) => p.id),
      user_address_id: address.id,
      plan_id: plan.id,
      zone_id: zone.id,
      is_active: 0,
    };
    await db.transaction((tx) =>
      writeAudit(tx, admin, {
        entity: "user_monthly_job_requests",
        entityId: request.id,
        action: "create",
        before: null,
        after: { ...before, plan_id: wagPlan.id },
      }),
    );
    await db.transaction((tx) =>
      writeAudit(tx, admin, {
        entity: "user_monthly_job_requests",
        entityId: request.id,
        action: "update",
        before,
        after,
      }),
    );

    const { entries } = await card("user_monthly_job_requests", request.id);
    const [updated, created] = entries;
    expect(updated.action).toBe("Updated");
    const byField = Object.fromEntries(updated.changes.map((c) => [c.field, c]));
    expect(byField.Plan.after).toContain(`${plan.no_of_dogs} dog`);
    expect(byField.Pets).toMatchObject({
      before: "-",
      after: "Alfie, Bruno",
    });
    expect(byField.Address).toMatchObject({ before: "-", after: "12 Hill Road, Bandra" });
    expect(byField.Zone).toMatchObject({ before: "-", after: zone.name });
    expect(byField["Is Active"]).toMatchObject({ before: "Yes", after: "No" });
    // The form's order: the customer's choices (plan, pets, address) before the zone, the switch last.
    expect(updated.changes.map((c) => c.field)).toEqual(["Plan", "Pets", "Address", "Zone", "Is Active"]);

    const first = Object.fromEntries(created.changes.map((c) => [c.field, c.after]));
    expect(first.Company).toBe(happy.name);
    expect(first.Customer).toBe(customer.user_name);
    // Another company's plan is never named to this company's admin.
    expect(first.Plan).toBe("Removed record");
    expect(JSON.stringify(entries)).not.toMatch(/ Id\b| Ids\b|_id|\[\d/);
  });

  it("reads a career application's switches as Yes / No under the form's labels", async () => {
    const [application] = await db
      .select()
      .from(petWalkieCareerRequests)
      .where(eq(petWalkieCareerRequests.company_id, happy.id))
      .limit(1);
    await db.transaction((tx) =>
      writeAudit(tx, admin, {
        entity: "pet_walkie_career_requests",
        entityId: application.id,
        action: "update",
        before: { ...application, has_internet_access: 0, is_experienced: 1 },
        after: { ...application, has_internet_access: 1, is_experienced: 0 },
      }),
    );
    const [entry] = (await card("pet_walkie_career_requests", application.id)).entries;
    expect(entry.changes).toEqual([
      { field: "Is Experienced", before: "Yes", after: "No" },
      { field: "Has Internet Access", before: "No", after: "Yes" },
    ]);
  });

  it("reads an application's codes as the edit screen's words", async () => {
    const [application] = await db
      .select()
      .from(franchiseeCareerRequests)
      .where(eq(franchiseeCareerRequests.company_id, happy.id))
      .limit(1);
    await db.transaction((tx) =>
      writeAudit(tx, admin, {
        entity: "franchisee_career_requests",
        entityId: application.id,
        action: "update",
        before: { ...application, gender: 1, applying_as: 0 },
        after: { ...application, gender: 2, applying_as: 2 },
      }),
    );
    const [entry] = (await card("franchisee_career_requests", application.id)).entries;
    expect(entry.changes).toEqual([
      { field: "Gender", before: "Male", after: "Other" },
      { field: "Applying As", before: "Individual", after: "Company" },
    ]);
  });

  it("shows a save that wrote several records as one entry", async () => {
    const [application] = await db
      .select()
      .from(petWalkieCareerRequests)
      .where(eq(petWalkieCareerRequests.company_id, happy.id))
      .limit(1)
      .offset(1);
    const { count: before } = await card("pet_walkie_career_requests", application.id);
    const base = { ...application, is_experienced: 0, area: "Bandra" };
    await db.transaction(async (tx) => {
      await writeAudit(tx, admin, {
        entity: "pet_walkie_career_requests",
        entityId: application.id,
        action: "update",
        before: base,
        after: { ...base, area: "Andheri" },
      });
      await writeAudit(tx, admin, {
        entity: "pet_walkie_career_requests",
        entityId: application.id,
        action: "update",
        before: { ...base, area: "Andheri" },
        after: { ...base, area: "Andheri", is_experienced: 1 },
      });
    });
    const { entries, count } = await card("pet_walkie_career_requests", application.id);
    expect(count).toBe(before + 1);
    expect(entries[0].changes).toEqual([
      { field: "Area", before: "Bandra", after: "Andheri" },
      { field: "Is Experienced", before: "No", after: "Yes" },
    ]);
  });
});
