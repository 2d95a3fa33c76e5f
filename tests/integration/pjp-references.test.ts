import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outlets, positions, users } from "@/db/schema";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { registered } from "@/lib/registry";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const { list, get, create, update, delete: del } = pjpReferencesCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let wagId: number;
let admin: Ctx;
let token: string;
let meera: number, karan: number, wagUser: number;
let A: number, B: number, off: number, wagOutlet: number;
let seq = 0;

async function newUser(companyId: number, name: string) {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), eq(positions.name, "CUSTOMER")));
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS.USER,
      position_id: p.id,
      first_name: name,
      last_name: "Ref",
      user_name: `${name} Ref`,
      email: `${name.toLowerCase()}.${++seq}@refs.test`,
      password_hash: "!unset:test",
    })
    .returning({ id: users.id });
  return u.id;
}

async function newOutlet(companyId: number, name: string, active = 1) {
  const [o] = await db
    .insert(outlets)
    .values({ company_id: companyId, name: `${name} ${++seq}`, is_active: active })
    .returning({ id: outlets.id });
  return o.id;
}

async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

const reference = (over: Record<string, unknown> = {}) => ({
  name: `Weekly ${++seq}`,
  location: "Powai",
  user_id: meera,
  day: "Tuesday",
  week: "EVEN",
  pjp_reference_outlets: [{ outlet_id: A }, { outlet_id: B }],
  ...over,
});

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
  meera = await newUser(happyId, "Meera");
  karan = await newUser(happyId, "Karan");
  wagUser = await newUser(wagId, "Wagref");
  A = await newOutlet(happyId, "Ref Alpha");
  B = await newOutlet(happyId, "Ref Beta");
  off = await newOutlet(happyId, "Ref Closed", 0);
  wagOutlet = await newOutlet(wagId, "Ref Wag");
});

describe("pjp references list", () => {
  it("filters by user, status and search, in name order, and shows no deleted reference (no trash view)", async () => {
    const made = [];
    for (const [name, user_id, is_active] of [
      ["Zeta Route", meera, 1],
      ["Alpha Route", meera, 0],
      ["Karan Route", karan, 1],
    ] as const)
      made.push(await create(admin, reference({ name, user_id, is_active })));

    const mine = await list(admin, { user_id: encodeId(meera) });
    expect(mine.data.map((r) => r.name)).toEqual(["Alpha Route", "Zeta Route"]);
    expect(mine.data[0]).toMatchObject({
      user_name: "Meera Ref",
      day: "Tuesday",
      week: "EVEN",
      location: "Powai",
    });
    const viaApi = await api("GET", `pjp_references?user_id=${karan}`, { token });
    expect(viaApi.status).toBe(200);
    expect((viaApi.json.data as { name: string }[]).map((r) => r.name)).toEqual(["Karan Route"]);
    expect((await list(admin, { user_id: String(meera), is_active: "1" })).data.map((r) => r.name)).toEqual([
      "Zeta Route",
    ]);
    expect((await list(admin, { search_keyword: "karan ref" })).data.map((r) => r.name)).toEqual([
      "Karan Route",
    ]);

    await del(admin, { id: made[0].id });
    expect((await list(admin, { user_id: String(meera) })).data.map((r) => r.name)).toEqual(["Alpha Route"]);
    // There is no trash view: show_deleted changes nothing.
    expect(
      (await list(admin, { user_id: String(meera), show_deleted: "1" })).data.map((r) => r.name),
    ).toEqual(["Alpha Route"]);
  });

  it("keeps each company's references to itself", async () => {
    const wagToken = await tokenFor("admin@wagnation.test");
    const r = await api("GET", `pjp_references?user_id=${meera}`, { token: wagToken });
    expect(r.status).toBe(200);
    expect(r.json.count).toBe(0);
  });
});

describe("pjp references save", () => {
  it("names required fields, the day and week choices and each outlet row's error", async () => {
    expect(await fieldErrorsOf(create(admin, {}))).toEqual({
      name: "The name field is required.",
      user_id: "The user field is required.",
      day: "The day field is required.",
      week: "The week field is required.",
      pjp_reference_outlets: "The outlets field is required.",
    });
    expect(await fieldErrorsOf(create(admin, reference({ day: "Funday", week: "EVERY" })))).toEqual({
      day: "The selected day is invalid.",
      week: "The selected week is invalid.",
    });
    expect(
      await fieldErrorsOf(
        create(
          admin,
          reference({
            user_id: wagUser,
            pjp_reference_outlets: [{ outlet_id: wagOutlet }, { outlet_id: off }],
          }),
        ),
      ),
    ).toEqual({
      user_id: "The selected user is invalid.",
      "pjp_reference_outlets.0.outlet_id": "The selected outlet is invalid.",
      "pjp_reference_outlets.1.outlet_id": "The selected outlet is invalid.",
    });
    expect(
      await fieldErrorsOf(
        create(admin, reference({ pjp_reference_outlets: [{ outlet_id: A }, { outlet_id: A }] })),
      ),
    ).toEqual({ "pjp_reference_outlets.1.outlet_id": "The outlet field has a duplicate value." });
  });

  it("creates, answers outlets and the user, and updates through POST pjp_references with an id", async () => {
    const r = await api("POST", "pjp_references", {
      token,
      body: reference({ name: "Saturday Sweep", day: "Saturday" }),
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = (r.json.data as { id: number }).id;
    const loaded = (await api("GET", `pjp_references/${id}`, { token })).json.data as Record<string, unknown>;
    expect(loaded).toMatchObject({
      name: "Saturday Sweep",
      day: "Saturday",
      week: "EVEN",
      user: { id: meera },
    });
    expect((loaded.pjp_reference_outlets as { outlet_id: number }[]).map((o) => o.outlet_id).sort()).toEqual(
      [A, B].sort(),
    );
    const saved = await api("POST", "pjp_references", {
      token,
      body: { ...loaded, week: "ODD", is_active: 0, pjp_reference_outlets: [{ outlet_id: B }] },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const after = await get(admin, id);
    expect(after).toMatchObject({ week: "ODD", is_active: 0 });
    expect(after.pjp_reference_outlets.map((o) => o.outlet_id)).toEqual([B]);
    expect(await fieldErrorsOf(update(admin, { id, user_id: wagUser }))).toEqual({
      user_id: "The selected user is invalid.",
    });
  });
});

describe("pjp references delete", () => {
  it("deletes with the spec's text, has no restore, and answers 404 for another company's reference", async () => {
    const made = await create(admin, reference());
    const d = await api("POST", `pjp_references/delete/${made.id}`, { token });
    expect(d.json).toEqual({ message: "Pjp Reference deleted successfully." });
    expect((await api("GET", `pjp_references/${made.id}`, { token })).status).toBe(404);
    expect((await api("POST", `pjp_references/restore/${made.id}`, { token })).status).toBe(404);
    expect(registered("pjp_references")?.actions?.restore).toBeUndefined();

    const theirs = await create(await ctxFor("admin@wagnation.test"), {
      ...reference({ user_id: wagUser, pjp_reference_outlets: [{ outlet_id: wagOutlet }] }),
    });
    expect((await api("GET", `pjp_references/${theirs.id}`, { token })).status).toBe(404);
    expect((await api("POST", `pjp_references/delete/${theirs.id}`, { token })).status).toBe(404);
    expect(
      (await api("POST", "pjp_references", { token, body: { ...reference(), id: theirs.id } })).status,
    ).toBe(404);
  });
});
