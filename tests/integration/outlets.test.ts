import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditRecords,
  companies,
  outlets,
  pjpOutlets,
  pjpReferenceOutlets,
  pjpReferences,
  pjps,
  users,
} from "@/db/schema";
import { OUTLET_MESSAGES, outletsCrud } from "@/lib/operations/outlets";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/outlets/actions");

const { create, update, get, list, delete: remove } = outletsCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const outletOf = async (companyId: number) =>
  (await db.select().from(outlets).where(eq(outlets.company_id, companyId)).orderBy(outlets.id))[0];

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
});

describe("outlets list", () => {
  it("searches name and brand, filters by status, pages, and keeps to the acting company", async () => {
    await create(admin, { name: "Zoo Zone Thane", brand: "Zoo Zone", is_active: 0 });
    const all = await list(admin, {});
    // Six seeded outlets and the new one; Wag Nation's six are never counted.
    expect(all.count).toBe(7);
    expect(all.data.map((o) => o.name)).toEqual([...all.data.map((o) => o.name)].sort());

    const byBrand = await api("GET", "outlets?search_keyword=huft", { token });
    expect(byBrand.status).toBe(200);
    expect((byBrand.json.data as { name: string }[]).map((o) => o.name)).toEqual([
      "Heads Up For Tails Juhu",
      "Heads Up For Tails Powai",
    ]);
    expect((await list(admin, { is_active: "0" })).data.map((o) => o.name)).toEqual(["Zoo Zone Thane"]);
    const page2 = await list(admin, { page: "2", rowsPerPage: "5" });
    expect(page2.data).toHaveLength(2);
    expect(page2.count).toBe(7);
    expect(await list(admin, { is_active: "2" }).catch((e: AppError) => e.status)).toBe(422);
  });

  it("shows deleted outlets in the trash view only, and restores them", async () => {
    const o = await create(admin, { name: "Trash Me", brand: null });
    expect((await remove(admin, { id: o.id })).id).toBe(o.id);
    expect((await list(admin, { search_keyword: "trash me" })).count).toBe(0);
    const trash = await api("GET", "outlets?show_deleted=1&search_keyword=trash", { token });
    expect((trash.json.data as { id: number }[]).map((r) => r.id)).toEqual([o.id]);
    const r = await api("POST", `outlets/restore/${o.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe("Outlet restored successfully.");
    expect((await list(admin, { search_keyword: "trash me" })).count).toBe(1);
  });

  it("exports the list's rows through a link", async () => {
    const r = await api("GET", "outlet_exports?search_keyword=pet", { token });
    expect(r.status).toBe(200);
    expect(String(r.json.data)).toMatch(/^\/api\/download\?/);
  });
});

describe("outlet saves", () => {
  it("creates with name and brand, accepting and ignoring the earlier client's role_id", async () => {
    const r = await api("POST", "outlets", {
      token,
      body: { name: "Bark Avenue", brand: "Bark", role_id: 3 },
    });
    expect(r.status).toBe(200);
    const data = r.json.data as Record<string, unknown>;
    expect(data).toMatchObject({ name: "Bark Avenue", brand: "Bark", is_active: 1, company_id: happy.id });
    expect(data).not.toHaveProperty("role_id");
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "outlets"), eq(auditRecords.entity_id, data.id as number)));
    expect(audit.action).toBe("create");
  });

  it("requires a name, and refuses a name another live outlet of the company holds (any case)", async () => {
    expect((await failure(create(admin, { name: " ", brand: "x" }))).fieldErrors).toEqual({
      name: "The name field is required.",
    });
    expect((await failure(create(admin, { name: "pet stop andheri" }))).fieldErrors).toEqual({
      name: "The name has already been taken.",
    });
    // Wag Nation's outlets carry the same demo names: names are unique per company only, so a rename to one is ours.
    const mine = await create(admin, { name: "Unique Here" });
    expect((await failure(update(admin, { id: mine.id, name: "PET STOP BANDRA" }))).fieldErrors).toEqual({
      name: "The name has already been taken.",
    });
    // A deleted outlet's name is free again.
    await remove(admin, { id: mine.id });
    expect((await create(admin, { name: "Unique Here" })).name).toBe("Unique Here");
  });

  it("edits name, brand and the active switch through PATCH, only the keys sent", async () => {
    const o = await create(admin, { name: "Edit Me", brand: "Old" });
    const r = await api("PATCH", `outlets/${o.id}`, { token, body: { is_active: 0 } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ name: "Edit Me", brand: "Old", is_active: 0 });
    const g = await api("GET", `outlets/${o.id}`, { token });
    expect(g.json.data).toMatchObject({ id: o.id, name: "Edit Me", is_active: 0 });
  });

  it("answers 404 for another company's outlet on every call", async () => {
    const theirs = await outletOf(wag.id);
    for (const [m, p] of [
      ["GET", `outlets/${theirs.id}`],
      ["PATCH", `outlets/${theirs.id}`],
      ["POST", `outlets/delete/${theirs.id}`],
    ] as const)
      expect((await api(m, p, { token, body: m === "GET" ? undefined : { name: "x" } })).status).toBe(404);
    expect((await failure(get(admin, theirs.id))).status).toBe(404);
  });
});

describe("outlet delete", () => {
  it("is refused (409) while a live PJP reference lists the outlet, allowed once it is gone", async () => {
    const o = await create(admin, { name: "Planned Outlet" });
    const [staff] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER)))
      .limit(1);
    const [ref] = await db
      .insert(pjpReferences)
      .values({ company_id: happy.id, name: "Ref", user_id: staff.id, day: "Monday", week: "ODD" })
      .returning();
    await db.insert(pjpReferenceOutlets).values({ pjp_reference_id: ref.id, outlet_id: o.id });
    const e = await failure(remove(admin, { id: o.id }));
    expect([e.status, e.message]).toEqual([409, OUTLET_MESSAGES.inUse]);
    await db.update(pjpReferences).set({ deleted_at: new Date() }).where(eq(pjpReferences.id, ref.id));
    expect((await remove(admin, { id: o.id })).id).toBe(o.id);
  });

  it("is refused while an upcoming PJP visits it, not for a past one", async () => {
    const o = await create(admin, { name: "Visited Outlet" });
    const [staff] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.company_id, happy.id), eq(users.role_id, ROLE_IDS.USER)))
      .limit(1);
    const [past] = await db
      .insert(pjps)
      .values({ company_id: happy.id, name: "Past", user_id: staff.id, date: "2020-01-06" })
      .returning();
    await db.insert(pjpOutlets).values({ pjp_id: past.id, outlet_id: o.id });
    const [future] = await db
      .insert(pjps)
      .values({ company_id: happy.id, name: "Future", user_id: staff.id, date: "2099-01-05" })
      .returning();
    await db.insert(pjpOutlets).values({ pjp_id: future.id, outlet_id: o.id });
    expect((await failure(remove(admin, { id: o.id }))).status).toBe(409);
    await db.delete(pjpOutlets).where(eq(pjpOutlets.pjp_id, future.id));
    const r = await api("POST", `outlets/delete/${o.id}`, { token });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe("Outlet deleted successfully.");
  });
});

describe("outlet actions", () => {
  it("create and update through the portal's actions with opaque ids; field errors come back", async () => {
    session.ctx = admin;
    const made = await actions.createOutletAction({ name: "Action Outlet", brand: "A", role_id: 3 });
    expect(made.ok).toBe(true);
    const bad = await actions.createOutletAction({ name: "" });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { name: "The name field is required." },
    });
    const theirs = await outletOf(wag.id);
    const foreign = await actions.updateOutletAction(encodeId(theirs.id), { name: "Mine now" });
    expect(foreign).toMatchObject({ ok: false, status: 404 });
  });
});
