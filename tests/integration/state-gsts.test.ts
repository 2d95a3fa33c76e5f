import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, stateGsts } from "@/db/schema";
import { listAuditRecords, readableChanges } from "@/lib/history";
import { STATE_GST_MESSAGES, stateGstsCrud } from "@/lib/operations/state-gsts";
import { STATE_INVALID } from "@/lib/operations/states";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { adminEmail, api, ctxFor, EMPTY_LIST, seeded, tokenFor } from "../support/fixtures";
import { stateId } from "./contract/state-holidays";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/state-gsts/actions");

const { create, update, get, list } = stateGstsCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let wagAdmin: Ctx;
let token: string;
const st: Record<string, number> = {};

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
const fieldErrorsOf = async (p: Promise<unknown>) => {
  const e = await failure(p);
  expect(e.status).toBe(422);
  return e.fieldErrors ?? {};
};

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  wagAdmin = await ctxFor("admin@wagnation.test");
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  for (const code of ["MH", "DL", "GA", "KL", "TN", "PB", "RJ"]) st[code] = await stateId({ db }, code);
});

describe("state GSTs list", () => {
  it("sorts by state, filters by state and status, searches, pages and opens the trash, within the company", async () => {
    await create(admin, { state: st.GA, gst: 12 });
    await create(admin, { state: st.KL, gst: "5.5", is_active: 0 });
    const all = await list(admin, {});
    // Maharashtra and Delhi are seeded; Wag Nation's rates are never counted.
    expect(all.data.map((g) => [g.state_name, g.gst])).toEqual([
      ["Delhi", 18],
      ["Goa", 12],
      ["Kerala", 5.5],
      ["Maharashtra", 18],
    ]);
    const r = await api(
      "GET",
      `state_gsts?page=1&rowsPerPage=10&show_deleted=0&state=${st.GA}&is_active=&search_keyword=`,
      { token },
    );
    expect((r.json.data as { state_name: string }[]).map((g) => g.state_name)).toEqual(["Goa"]);
    expect((await list(admin, { state: encodeId(st.KL) })).count).toBe(1);
    expect((await list(admin, { is_active: "0" })).data.map((g) => g.state_name)).toEqual(["Kerala"]);
    expect((await list(admin, { is_active: "1" })).count).toBe(3);
    expect((await list(admin, { search_keyword: "maha" })).data.map((g) => g.state_name)).toEqual([
      "Maharashtra",
    ]);
    const page2 = await api("GET", "state_gsts?page=2&rowsPerPage=3", { token });
    expect((page2.json.data as { state_name: string }[]).map((g) => g.state_name)).toEqual(["Maharashtra"]);
    expect(page2.json.count).toBe(4);
    expect((await api("GET", "state_gsts?search_keyword=zzz", { token })).json).toEqual(EMPTY_LIST);
  });

  it("deletes into the trash and restores with the spec's texts", async () => {
    const g = await create(admin, { state: st.TN, gst: 18 });
    const del = await api("POST", `state_gsts/delete/${g.id}`, { token });
    expect(del.json).toEqual({ message: "StateGst deleted successfully." });
    const trash = await api("GET", "state_gsts?show_deleted=1", { token });
    expect((trash.json.data as { state_name: string }[]).map((x) => x.state_name)).toEqual(["Tamil Nadu"]);
    const res = await api("POST", `state_gsts/restore/${g.id}`, { token });
    expect(res.json).toEqual({ message: "StateGst restored successfully." });
    expect((await get(admin, g.id)).state).toBe(st.TN);
  });
});

describe("saving a state GST", () => {
  it("requires a state and a GST from 0 to 100 with at most 2 decimals", async () => {
    expect(await fieldErrorsOf(create(admin, {}))).toEqual({
      state: "The state field is required.",
      gst: STATE_GST_MESSAGES.required,
    });
    expect(await fieldErrorsOf(create(admin, { state: st.PB, gst: "" }))).toEqual({
      gst: STATE_GST_MESSAGES.required,
    });
    expect(await fieldErrorsOf(create(admin, { state: st.PB, gst: "abc" }))).toEqual({
      gst: STATE_GST_MESSAGES.number,
    });
    expect(await fieldErrorsOf(create(admin, { state: st.PB, gst: "100.01" }))).toEqual({
      gst: STATE_GST_MESSAGES.range,
    });
    expect(await fieldErrorsOf(create(admin, { state: st.PB, gst: -1 }))).toEqual({
      gst: STATE_GST_MESSAGES.range,
    });
    expect(await fieldErrorsOf(create(admin, { state: st.PB, gst: "12.345" }))).toEqual({
      gst: STATE_GST_MESSAGES.decimals,
    });
    expect(await fieldErrorsOf(create(admin, { state: 999999, gst: 5 }))).toEqual({ state: STATE_INVALID });
    // The bounds themselves are fine.
    expect((await create(admin, { state: st.PB, gst: "0" })).gst).toBe(0);
    expect((await create(admin, { state: st.RJ, gst: "100.00" })).gst).toBe(100);
  });

  it("stores the earlier form's gst_date, description and is_recurring", async () => {
    const r = await api("POST", "state_gsts", {
      token,
      body: {
        state: String(await stateId({ db }, "HR")),
        gst_date: "2026-04-01",
        description: "From April",
        is_recurring: 1,
        gst: "28",
        company_id: wag.id,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      gst: 28,
      gst_date: "2026-04-01",
      description: "From April",
      is_recurring: 1,
      company_id: happy.id,
    });
    expect(
      await fieldErrorsOf(
        create(admin, { state: await stateId({ db }, "HP"), gst: 5, gst_date: "2026-13-01" }),
      ),
    ).toEqual({ gst_date: "The gst date is not a valid date." });
  });

  it("keeps one live rate per state (422 on state), per company; a restore needs the state free", async () => {
    expect(await fieldErrorsOf(create(admin, { state: st.MH, gst: 12 }))).toEqual({
      state: STATE_GST_MESSAGES.taken,
    });
    // Another company may have its own rate there.
    const [wagHas] = await db.select().from(stateGsts).where(eq(stateGsts.company_id, wag.id));
    expect(wagHas.state).not.toBe(st.MH);
    await expect(create(wagAdmin, { state: st.MH, gst: 12 })).resolves.toBeDefined();

    const [dl] = await db
      .select()
      .from(stateGsts)
      .where(eq(stateGsts.state, st.DL))
      .then((rows) => rows.filter((r) => r.company_id === happy.id));
    // Moving a rate onto a state that has one is refused; editing its own rate is not.
    expect(await fieldErrorsOf(update(admin, { id: dl.id, state: st.MH }))).toEqual({
      state: STATE_GST_MESSAGES.taken,
    });
    expect((await update(admin, { id: dl.id, state: st.DL, gst: "12.5" })).gst).toBe(12.5);

    await stateGstsCrud.delete(admin, { id: dl.id });
    const replacement = await create(admin, { state: st.DL, gst: 18 });
    const blocked = await failure(stateGstsCrud.restore(admin, { id: dl.id }));
    expect(blocked.status).toBe(409);
    expect(blocked.message).toBe(STATE_GST_MESSAGES.taken);
    await stateGstsCrud.delete(admin, { id: replacement.id });
    await expect(stateGstsCrud.restore(admin, { id: dl.id })).resolves.toEqual({ id: dl.id });
  });

  it("answers 404 for another company's rate", async () => {
    const [w] = await db.select().from(stateGsts).where(eq(stateGsts.company_id, wag.id)).limit(1);
    for (const [method, path] of [
      ["GET", `state_gsts/${w.id}`],
      ["PATCH", `state_gsts/${w.id}`],
      ["POST", `state_gsts/delete/${w.id}`],
    ] as const)
      expect((await api(method, path, { token, body: method === "GET" ? undefined : {} })).status).toBe(404);
  });

  it("saves through the portal's actions with the form's texts, keeping field errors under the fields", async () => {
    const bad = await actions.createStateGstAction({ state: "", gst: "", gst_date: "", description: "" });
    expect(bad).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { state: "The state field is required.", gst: STATE_GST_MESSAGES.required },
    });
    const ok = await actions.createStateGstAction({
      state: String(await stateId({ db }, "WB")),
      gst: "18",
      gst_date: "",
      description: "",
      is_recurring: 0,
      is_active: 1,
    });
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    const id = (ok as { data: { id: string } }).data.id;
    const edit = await actions.updateStateGstAction(id, { gst: "101" });
    expect(edit).toMatchObject({ ok: false, fieldErrors: { gst: STATE_GST_MESSAGES.range } });
  });
});

describe("a rate's history", () => {
  it("names the state and labels the fields as the form does", async () => {
    const g = await create(admin, { state: await stateId({ db }, "AS"), gst: 12 });
    await update(admin, { id: g.id, state: await stateId({ db }, "BR"), gst: "12.5" });
    const { data } = await listAuditRecords(admin, { entity: "state_gsts", entity_id: g.id });
    const [changes] = await readableChanges(admin, data.slice(0, 1));
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: "state", label: "State", before: "Assam", after: "Bihar" },
        { field: "gst", label: "GST (%)", before: "12", after: "12.5" },
      ]),
    );
  });
});

describe("masters?context=state_gsts", () => {
  it("answers the states as { id, description }", async () => {
    const r = await api("GET", "masters?context=state_gsts", { token });
    expect(r.status).toBe(200);
    const states = (r.json.data as { states: { id: number; description: string }[] }).states;
    expect(states).toContainEqual({ id: st.MH, description: "Maharashtra" });
    expect(states.length).toBe(36);
  });
});
