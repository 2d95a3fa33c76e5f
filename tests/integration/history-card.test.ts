import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { positions, storedFiles, users } from "@/db/schema";
import { valueText } from "@/lib/history";
import { historyField } from "@/lib/admin/audit-fields";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { writeAudit } from "@/lib/platform/mutations";
import { POSITION } from "@/lib/platform/permissions";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";

// The card's 'Show more' action reads the browser session; here it answers a chosen user.
const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const { loadAuditHistoryAction } = await import("@/components/audit/actions");
const { createUser, updateUser } = await import("@/lib/admin/users/users");
const { encodeId } = await import("@/lib/platform/ids");

type Change = { field: string; before: string; after: string };
type View = { action: string; changes: Change[] };

let admin: Ctx;
let companyName: string;
let customer: { id: number; name: string };
let staff: { id: number; name: string };

/** The user's history as the card gets it (newest first). */
async function card(userId: number): Promise<View[]> {
  session.ctx = admin;
  const r = await loadAuditHistoryAction("users", encodeId(userId), 1);
  if (!r.ok) throw new Error(r.message);
  return r.data.entries;
}

beforeAll(async () => {
  const { happy, db } = await seeded();
  companyName = happy.name;
  admin = await ctxFor(adminEmail);
  const byName = async (name: string) => {
    const [p] = await db
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(and(eq(positions.company_id, happy.id), eq(positions.name, name)));
    return p;
  };
  customer = await byName(POSITION.CUSTOMER);
  staff = await byName(POSITION.FRANCHISEE_STAFF);
});

describe("a user's history card", () => {
  it("shows a position change by name, the fields in the form's order and labels, values as the form reads them", async () => {
    const user = await createUser(admin, {
      first_name: "Meera",
      last_name: "History",
      email: `meera.${Date.now()}@history.test`,
      position_id: customer.id,
    });
    // The whole form, as the edit page sends it; keys in another order than the form's (the record's columns do
    // not follow it either).
    await updateUser(admin, {
      id: user.id,
      position_id: staff.id,
      employee_code: "EMP-42",
      phone: "+91 90000 11111",
      email: user.email,
      last_name: "History",
      middle_name: "",
      first_name: "Meeraa",
      franchisee_id: "",
      is_active: 0,
    });

    const [updated, created] = await card(user.id);
    expect(updated.action).toBe("Updated");
    expect(updated.changes).toEqual([
      { field: "First Name", before: "Meera", after: "Meeraa" },
      { field: "Phone", before: "-", after: "+91 90000 11111" },
      { field: "Employee Code", before: "-", after: "EMP-42" },
      { field: "Position", before: POSITION.CUSTOMER, after: POSITION.FRANCHISEE_STAFF },
      { field: "Is Active", before: "Yes", after: "No" },
    ]);

    // The new record's filled fields, form fields first; ids as names, KYC and the flag as words, no derived name.
    expect(created.action).toBe("Created");
    expect(created.changes.map((c) => c.field)).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Position",
      "Is Active",
      "KYC Status",
      "Role",
      "Company",
    ]);
    const after = Object.fromEntries(created.changes.map((c) => [c.field, c.after]));
    expect(after).toMatchObject({
      Position: POSITION.CUSTOMER,
      "Is Active": "Yes",
      "KYC Status": "Pending",
      Role: "USER",
      Company: companyName,
    });
    expect(JSON.stringify(created)).not.toMatch(/_id|user_name/);
  });

  it("shows a stored file by its name, never its storage key", async () => {
    const user = await createUser(admin, {
      first_name: "Kiran",
      last_name: "Files",
      email: `kiran.${Date.now()}@history.test`,
      position_id: customer.id,
    });
    const db = await getDb();
    const oldKey = `users/${user.id}/image_path-0123456789abcdef.png`; // a replaced file: its row is gone
    const newKey = `users/${user.id}/image_path-fedcba9876543210.png`;
    await db.transaction(async (tx) => {
      await tx.insert(storedFiles).values({
        key: newKey,
        company_id: admin.companyId,
        entity: "users",
        entity_id: user.id,
        content_type: "image/png",
        size: 10,
        original_name: "kiran-photo.png",
      });
      const [before] = await tx.select().from(users).where(eq(users.id, user.id));
      await writeAudit(tx, admin, {
        entity: "users",
        entityId: user.id,
        action: "update",
        before: { ...before, image_path: oldKey },
        after: { ...before, image_path: newKey, is_kyc_verified: 1 },
      });
    });

    const [entry] = await card(user.id);
    expect(entry.changes).toEqual([
      { field: "KYC Status", before: "Pending", after: "Approved" },
      { field: "Image", before: "Uploaded file", after: "kiran-photo.png" },
    ]);
    expect(JSON.stringify(entry)).not.toContain("users/");
  });
});

describe("reading fields no list names", () => {
  it("labels them from their names, never shows a path column's key, and reads flags and KYC as words", () => {
    expect(historyField("outlets", "opening_hours")).toMatchObject({ label: "Opening Hours", kind: "text" });
    expect(historyField("outlets", "banner_path")).toMatchObject({ label: "Banner", kind: "file" });
    expect(historyField("franchisees", "is_kyc_verified")).toMatchObject({ kind: "kyc" });
    expect(historyField("outlets", "is_open")).toMatchObject({ kind: "flag" });
    // Declared by the entity: a foreign key reads as the name it points at, a `flag` field as Yes / No.
    expect(historyField("user_pets", "breed_id")).toMatchObject({
      label: "Breed",
      kind: { ref: "value_lists" },
    });
    expect(historyField("pet_walkie_career_requests", "has_internet_access")).toMatchObject({ kind: "flag" });
    expect(historyField("users", "user_name")).toBeNull();
  });

  it("shows dates as the screens do: DD-MM-YYYY, times in India's time zone", () => {
    expect(valueText("2026-03-05")).toBe("05-03-2026");
    expect(valueText("2026-03-05T20:00:00.000Z")).toBe("06-03-2026 01:30 AM");
    expect(valueText("<p>Walks &amp; more</p><p>Daily</p>")).toBe("Walks & more\nDaily");
    expect(valueText("")).toBe("-");
  });
});

describe("a PJP's history card", () => {
  it("reads its outlets and its user by name", async () => {
    const { pjpsCrud } = await import("@/lib/operations/pjps");
    const { outlets } = await import("@/db/schema");
    const { userOptions } = await import("@/lib/operations/users-lookup");
    const db = await getDb();
    const own = await db
      .select({ id: outlets.id, name: outlets.name })
      .from(outlets)
      .where(eq(outlets.company_id, admin.companyId!))
      .orderBy(outlets.name)
      .limit(3);
    const [planner] = await userOptions(admin);
    const pjp = (await pjpsCrud.create!(admin, {
      name: "History Round",
      user_id: planner.id,
      date: "2026-03-02",
      pjp_outlets: [{ outlet_id: own[0].id }, { outlet_id: own[1].id }],
    })) as { id: number };
    await pjpsCrud.update!(admin, {
      id: pjp.id,
      pjp_outlets: [{ outlet_id: own[0].id }, { outlet_id: own[2].id }],
    });
    session.ctx = admin;
    const r = await loadAuditHistoryAction("pjps", encodeId(pjp.id), 1);
    if (!r.ok) throw new Error(r.message);
    const [updated, created] = r.data.entries as View[];
    expect(updated.changes).toEqual([
      // By name, whatever order the ids were recorded in.
      { field: "Outlets", before: `${own[0].name}, ${own[1].name}`, after: `${own[0].name}, ${own[2].name}` },
    ]);
    expect(created.changes).toContainEqual(
      expect.objectContaining({ field: "User", before: "-", after: planner.user_name }),
    );
  });
});
