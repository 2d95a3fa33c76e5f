import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, values } from "@/db/schema";
import { valuesCrud } from "@/lib/operations/values";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const { create, update, list } = valuesCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;

async function fieldErrors(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
});

describe("values (masters)", () => {
  it("lists the company's masters by name, searches and pages", async () => {
    // BREEDS is a demo master already (pets' breeds, issue 11).
    for (const name of ["colours", "coat types"]) await create(admin, { name });
    const all = await list(admin, {});
    expect(all.data.map((v) => v.name)).toEqual([
      "BREEDS",
      "COAT TYPES",
      "COLOURS",
      "PLAN TIERS",
      "SERVICE TYPES",
      "ZONES",
    ]);
    const r = await api("GET", "values?search_keyword=co&page=1&rowsPerPage=1", { token });
    expect(r.status).toBe(200);
    expect([r.json.count, (r.json.data as { name: string }[]).map((v) => v.name)]).toEqual([
      2,
      ["COAT TYPES"],
    ]);
    const p2 = await api("GET", "values?search_keyword=co&page=2&rowsPerPage=1", { token });
    expect((p2.json.data as { name: string }[]).map((v) => v.name)).toEqual(["COLOURS"]);
  });

  it("stores the name in upper case, required and unique among the company's masters (422 on name)", async () => {
    const r = await api("POST", "values", { token, body: { name: "  pet sizes " } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ name: "PET SIZES", company_id: happy.id });
    expect(await fieldErrors(create(admin, { name: "Pet Sizes" }))).toEqual({
      name: "The name has already been taken.",
    });
    expect(await fieldErrors(create(admin, { name: "" }))).toEqual({ name: "The name field is required." });
    expect(await fieldErrors(create(admin, { name: "x".repeat(101) }))).toEqual({
      name: "The name may not be greater than 100 characters.",
    });
    // Wag Nation has its own ZONES: another company's name does not count, ours does.
    const mine = await create(admin, { name: "regions" });
    expect(await fieldErrors(update(admin, { id: mine.id, name: "zones" }))).toEqual({
      name: "The name has already been taken.",
    });
    const patched = await api("PATCH", `values/${mine.id}`, { token, body: { name: "areas" } });
    expect(patched.json.data).toMatchObject({ id: mine.id, name: "AREAS" });
    expect((await api("GET", `values/${mine.id}`, { token })).json.data).toMatchObject({ name: "AREAS" });
  });

  it("answers 404 for another company's master and offers no delete", async () => {
    const [theirs] = await db.select().from(values).where(eq(values.company_id, wag.id)).limit(1);
    expect((await api("GET", `values/${theirs.id}`, { token })).status).toBe(404);
    expect((await api("PATCH", `values/${theirs.id}`, { token, body: { name: "MINE" } })).status).toBe(404);
    const [ours] = await db.select().from(values).where(eq(values.company_id, happy.id)).limit(1);
    expect((await api("POST", `values/delete/${ours.id}`, { token })).status).toBe(404);
    expect((await api("DELETE", `values/${ours.id}`, { token })).status).toBe(405);
  });

  it("serves masters?context=value_list: the company's masters as { values: [{ id, name }] }", async () => {
    const r = await api("GET", "masters?context=value_list", { token });
    expect(r.status).toBe(200);
    const names = (r.json.data as { values: { id: number; name: string }[] }).values.map((v) => v.name);
    expect(names).toContain("SERVICE TYPES");
    expect(names).toEqual([...names].sort());
    const theirs = await db.select({ id: values.id }).from(values).where(eq(values.company_id, wag.id));
    const ids = new Set((r.json.data as { values: { id: number }[] }).values.map((v) => v.id));
    expect(theirs.some((t) => ids.has(t.id))).toBe(false);
  });
});
