import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { franchisees, masterFranchisees, users, valueLists } from "@/db/schema";
import { DEMO_LOGINS } from "@/lib/seed/demo";
import { getUser, listUsers } from "@/lib/admin/users/users";
import type { Ctx } from "@/lib/platform/context";
import { ROLE } from "@/lib/platform/permissions";
import { api, ctxFor, seeded, tokenFor } from "../support/fixtures";

// A MASTER FRANCHISEE's zones (spec 002 §6): the context carries them, and the staff screens narrow to the staff of
// the franchisees in those zones. The demo master franchisee oversees WEST (Andheri and Bandra, not Powai).

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: Awaited<ReturnType<typeof seeded>>["happy"];
let mf: Ctx;
let west: number;
const mfEmail = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];

const staffOf = async (name: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .innerJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(and(eq(franchisees.company_id, happy.id), eq(franchisees.name, name)));

beforeAll(async () => {
  ({ db, happy } = await seeded());
  mf = await ctxFor(mfEmail, happy.id);
  const [w] = await db
    .select({ id: valueLists.id })
    .from(valueLists)
    .where(and(eq(valueLists.company_id, happy.id), eq(valueLists.description, "WEST")));
  west = w.id;
});

describe("a master franchisee's zones", () => {
  it("are in the caller's context for the acting company; other callers have none", async () => {
    expect(mf.zoneIds).toEqual([west]);
    const admin = await ctxFor(DEMO_LOGINS[ROLE.ADMIN], happy.id);
    expect(admin.zoneIds).toBeNull();
  });

  it("narrow the staff list to the staff of their zones' franchisees, through the function and /api", async () => {
    const inside = [...(await staffOf("Happy Paws Andheri")), ...(await staffOf("Happy Paws Bandra"))].map(
      (u) => u.id,
    );
    const outside = (await staffOf("Happy Paws Powai")).map((u) => u.id);
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);

    const page = await listUsers(mf, { rowsPerPage: "100" });
    const seen = page.data.map((r) => (r as { id: number }).id);
    expect(seen.sort()).toEqual(
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, inside), eq(users.role_id, 4)))
      )
        .map((u) => u.id)
        .sort(),
    );
    await expect(getUser(mf, outside[0])).rejects.toMatchObject({ status: 404 });
    await expect(getUser(mf, inside[0])).resolves.toMatchObject({ id: inside[0] });

    const token = await tokenFor(mfEmail);
    const other = await api("GET", `users/${outside[0]}`, { token, companyId: happy.id });
    expect(other.status).toBe(404);
    const own = await api("GET", `users/${inside[0]}`, { token, companyId: happy.id });
    expect(own.status).toBe(200);
  });

  it("are none when the master franchisee's record is deleted: they see no staff at all", async () => {
    await db
      .update(masterFranchisees)
      .set({ deleted_at: new Date() })
      .where(eq(masterFranchisees.company_id, happy.id));
    const none = await ctxFor(mfEmail, happy.id);
    expect(none.zoneIds).toEqual([]);
    expect((await listUsers(none, {})).count).toBe(0);
  });
});
