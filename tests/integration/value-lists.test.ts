import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, valueLists, values } from "@/db/schema";
import { VALUE_LIST_UPLOAD_MESSAGES, valueListUpload } from "@/lib/operations/value-list-upload";
import { VALUE_LIST_MESSAGES, valueListsCrud } from "@/lib/operations/value-lists";
import { valuesCrud } from "@/lib/operations/values";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";
import { readXlsx, xlsx } from "../support/xlsx";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/value-lists/actions");

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

let n = 0;
const newMaster = async () => (await valuesCrud.create(admin, { name: `Master ${++n}` })).id;
const liveRows = (valueId: number) =>
  db
    .select({
      id: valueLists.id,
      description: valueLists.description,
      code: valueLists.code,
      is_active: valueLists.is_active,
    })
    .from(valueLists)
    .where(and(eq(valueLists.value_id, valueId), isNull(valueLists.deleted_at)))
    .orderBy(asc(valueLists.id));
const save = (valueId: number, datas: unknown) =>
  api("POST", `values/${valueId}/multiple_value_lists`, { token, body: { datas } });

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
});

describe("a master's rows", () => {
  it("lists the master's live rows in the order they were made, all of them without rowsPerPage", async () => {
    const [zones] = await db
      .select()
      .from(values)
      .where(and(eq(values.company_id, happy.id), eq(values.name, "ZONES")));
    const r = await api("GET", `values/${zones.id}/value_lists`, { token });
    expect(r.status).toBe(200);
    expect((r.json.data as { code: string }[]).map((x) => x.code)).toEqual(["N", "S", "E", "W"]);
    const page = await api("GET", `values/${zones.id}/value_lists?rowsPerPage=2&page=2&search_keyword=`, {
      token,
    });
    expect([page.json.count, (page.json.data as { code: string }[]).map((x) => x.code)]).toEqual([
      4,
      ["E", "W"],
    ]);
    const search = await api("GET", `values/${zones.id}/value_lists?search_keyword=sou`, { token });
    expect((search.json.data as { code: string }[]).map((x) => x.code)).toEqual(["S"]);
  });

  it("answers 404 for another company's master", async () => {
    const [theirs] = await db.select().from(values).where(eq(values.company_id, wag.id)).limit(1);
    expect((await api("GET", `values/${theirs.id}/value_lists`, { token })).status).toBe(404);
    expect((await save(theirs.id, [{ description: "x", code: "y" }])).status).toBe(404);
  });
});

describe("Save (POST values/:value_id/multiple_value_lists)", () => {
  it("creates rows without id, updates rows with one, drops blank rows, keeps rows not sent, upper-cases", async () => {
    const master = await newMaster();
    const first = await save(master, [
      { description: "small", code: "s", is_active: 1 },
      { description: "", code: "  " },
      { description: "large", code: "l" },
    ]);
    expect(first.status).toBe(200);
    const rows = first.json.data as { id: number; description: string; code: string; is_active: number }[];
    expect(rows.map((r) => [r.description, r.code, r.is_active])).toEqual([
      ["SMALL", "S", 1],
      ["LARGE", "L", 1],
    ]);
    // Edit one, add one; LARGE is not sent and stays.
    const second = await save(master, [
      { id: rows[0].id, description: "Small dog", code: "s", is_active: 0 },
      { description: "medium", code: "m" },
    ]);
    expect(second.status).toBe(200);
    expect(
      (second.json.data as { description: string; code: string; is_active: number }[]).map((r) => [
        r.description,
        r.code,
        r.is_active,
      ]),
    ).toEqual([
      ["SMALL DOG", "S", 0],
      ["LARGE", "L", 1],
      ["MEDIUM", "M", 1],
    ]);
  });

  it("names each refused row by its index in datas, and writes nothing then", async () => {
    const master = await newMaster();
    const r = await save(master, [
      { description: "ok", code: "A" },
      { description: "", code: "B" },
      { description: "", code: "" },
      { description: "no code", code: "" },
      { description: "again", code: "a" },
    ]);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({
      "datas.1.description": [VALUE_LIST_MESSAGES.descriptionRequired],
      "datas.3.code": [VALUE_LIST_MESSAGES.codeRequired],
      "datas.4.code": [VALUE_LIST_MESSAGES.codeTaken],
    });
    expect(await liveRows(master)).toEqual([]);
    expect(
      (await api("POST", `values/${master}/multiple_value_lists`, { token, body: {} })).json.errors,
    ).toEqual({
      datas: ["The datas field is required."],
    });
  });

  it("keeps codes unique among the master's live rows (422 on that row's code) and lets rows swap codes", async () => {
    const master = await newMaster();
    const made = (
      await save(master, [
        { description: "one", code: "X" },
        { description: "two", code: "Y" },
      ])
    ).json.data as { id: number }[];
    const taken = await save(master, [{ description: "three", code: "x" }]);
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ "datas.0.code": [VALUE_LIST_MESSAGES.codeTaken] });
    const swapped = await save(master, [
      { id: made[0].id, description: "one", code: "Y" },
      { id: made[1].id, description: "two", code: "X" },
    ]);
    expect(swapped.status).toBe(200);
    expect((await liveRows(master)).map((r) => r.code)).toEqual(["Y", "X"]);
    // A deleted row's code is free again; another master's codes never count.
    expect((await api("DELETE", `value_lists/${made[0].id}`, { token })).status).toBe(200);
    expect((await save(master, [{ description: "four", code: "y" }])).status).toBe(200);
    expect((await save(await newMaster(), [{ description: "other", code: "X" }])).status).toBe(200);
  });

  it("refuses an id that is not a live row of this master (another master's, another company's, deleted)", async () => {
    const master = await newMaster();
    const other = await newMaster();
    const [mine] = (await save(other, [{ description: "d", code: "c" }])).json.data as { id: number }[];
    const [theirs] = await db.select().from(valueLists).where(eq(valueLists.company_id, wag.id)).limit(1);
    const r = await save(master, [
      { id: mine.id, description: "d", code: "c1" },
      { id: theirs.id, description: "d", code: "c2" },
      { id: "abc", description: "d", code: "c3" },
    ]);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({
      "datas.0.id": [VALUE_LIST_MESSAGES.rowInvalid],
      "datas.1.id": [VALUE_LIST_MESSAGES.rowInvalid],
      "datas.2.id": [VALUE_LIST_MESSAGES.rowInvalid],
    });
    const [theirsAfter] = await db.select().from(valueLists).where(eq(valueLists.id, theirs.id));
    expect(theirsAfter.description).toBe(theirs.description);
  });
});

describe("one row (POST value_lists, GET/PATCH value_lists/:id, DELETE value_lists/:id)", () => {
  it("creates under a master of the company only, upper case, codes unique per master", async () => {
    const master = await newMaster();
    const r = await api("POST", "value_lists", {
      token,
      body: { value_id: master, description: "tall", code: "t" },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ value_id: master, description: "TALL", code: "T", is_active: 1 });
    expect(
      await fieldErrors(valueListsCrud.create(admin, { value_id: master, description: "x", code: "T" })),
    ).toEqual({
      code: VALUE_LIST_MESSAGES.codeTaken,
    });
    expect(await fieldErrors(valueListsCrud.create(admin, { value_id: master }))).toEqual({
      description: VALUE_LIST_MESSAGES.descriptionRequired,
      code: VALUE_LIST_MESSAGES.codeRequired,
    });
    const [theirs] = await db.select().from(values).where(eq(values.company_id, wag.id)).limit(1);
    expect(
      await fieldErrors(valueListsCrud.create(admin, { value_id: theirs.id, description: "x", code: "Z" })),
    ).toEqual({ value_id: VALUE_LIST_MESSAGES.masterInvalid });
  });

  it("edits description, code and Is Active; the row stays under its master; deletes for good", async () => {
    const master = await newMaster();
    const [a, b] = (
      await save(master, [
        { description: "a", code: "A" },
        { description: "b", code: "B" },
      ])
    ).json.data as { id: number }[];
    const r = await api("PATCH", `value_lists/${a.id}`, {
      token,
      body: { description: "alpha", is_active: 0, value_id: await newMaster() },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ value_id: master, description: "ALPHA", code: "A", is_active: 0 });
    expect(await fieldErrors(valueListsCrud.update(admin, { id: a.id, code: "b" }))).toEqual({
      code: VALUE_LIST_MESSAGES.codeTaken,
    });
    const g = await api("GET", `value_lists/${b.id}`, { token });
    expect(g.json.data).toMatchObject({ id: b.id, value: { id: master } });
    const d = await api("DELETE", `value_lists/${b.id}`, { token });
    expect(d.status).toBe(200);
    expect((await liveRows(master)).map((x) => x.id)).toEqual([a.id]);
    expect((await api("GET", `value_lists/${b.id}`, { token })).status).toBe(404);
  });

  it("answers 404 for another company's row", async () => {
    const [theirs] = await db.select().from(valueLists).where(eq(valueLists.company_id, wag.id)).limit(1);
    expect((await api("GET", `value_lists/${theirs.id}`, { token })).status).toBe(404);
    expect((await api("PATCH", `value_lists/${theirs.id}`, { token, body: { code: "Q" } })).status).toBe(404);
    expect((await api("DELETE", `value_lists/${theirs.id}`, { token })).status).toBe(404);
  });
});

describe("the value-list upload", () => {
  async function upload(valueId: number | string, rows: string[][], header = ["Description", "Code"]) {
    const form = new FormData();
    form.set("value_id", String(valueId));
    form.set("value_lists", new File([new Uint8Array(await xlsx(header, rows))], "rows.xlsx"));
    return api("POST", "crud_value_lists/upload_value_list", { token, form });
  }

  it("stages a master's rows with their errors, refuses to process them, then processes a clean file", async () => {
    const master = await newMaster();
    await save(master, [{ description: "held", code: "H" }]);
    const bad = await upload(master, [
      ["one", "a1"],
      ["", "a2"],
      ["three", "h"],
      ["four", "A1"],
    ]);
    expect(bad.status).toBe(200);
    // Both rows of a repeated code are marked, so the file says where each copy is.
    expect(bad.json.data).toEqual({ count: 4, invalid: 4 });
    const preview = await api("GET", `crud_value_lists?value_id=${master}`, { token });
    expect(preview.json).toMatchObject({ count: 4, invalid: 4 });
    expect((preview.json.data as { code: string; errors: unknown }[]).map((r) => [r.code, r.errors])).toEqual(
      [
        ["a1", { code: VALUE_LIST_UPLOAD_MESSAGES.codeRepeated }],
        ["a2", { description: VALUE_LIST_MESSAGES.descriptionRequired }],
        ["h", { code: VALUE_LIST_MESSAGES.codeTaken }],
        ["A1", { code: VALUE_LIST_UPLOAD_MESSAGES.codeRepeated }],
      ],
    );
    const refused = await api("GET", `crud_value_lists/process_value_list?value_id=${master}`, { token });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(VALUE_LIST_UPLOAD_MESSAGES.processFailed);
    expect((await liveRows(master)).length).toBe(1);

    const good = await upload(master, [
      ["one", "a1"],
      ["two", "a2"],
    ]);
    expect(good.json.message).toBe(VALUE_LIST_UPLOAD_MESSAGES.uploaded);
    const done = await api("GET", `crud_value_lists/process_value_list?value_id=${master}`, { token });
    expect([done.status, done.json.message, done.json.data]).toEqual([
      200,
      VALUE_LIST_UPLOAD_MESSAGES.processed,
      { created: 2 },
    ]);
    expect((await liveRows(master)).map((r) => [r.description, r.code])).toEqual([
      ["HELD", "H"],
      ["ONE", "A1"],
      ["TWO", "A2"],
    ]);
    expect((await api("GET", `crud_value_lists?value_id=${master}`, { token })).json.count).toBe(0);
  });

  it("keeps each master's staging apart, discards it, and refuses a master outside the company", async () => {
    const a = await newMaster();
    const b = await newMaster();
    await upload(a, [["x", "1"]]);
    expect((await api("GET", `crud_value_lists?value_id=${b}`, { token })).json.count).toBe(0);
    const del = await api("GET", `crud_value_lists/truncate_value_lists?value_id=${a}`, { token });
    expect([del.status, del.json.message]).toEqual([200, VALUE_LIST_UPLOAD_MESSAGES.deleted]);
    expect((await api("GET", `crud_value_lists?value_id=${a}`, { token })).json.count).toBe(0);

    const [theirs] = await db.select().from(values).where(eq(values.company_id, wag.id)).limit(1);
    const foreign = await upload(theirs.id, [["x", "1"]]);
    expect([foreign.status, foreign.json.errors]).toEqual([
      422,
      { value_id: [VALUE_LIST_MESSAGES.masterInvalid] },
    ]);
    expect((await api("GET", "crud_value_lists", { token })).json.errors).toEqual({
      value_id: ["The master field is required."],
    });
    const noCode = await upload(a, [["x"]], ["Description"]);
    expect(noCode.status).toBe(422);
    expect(noCode.json.errors).toEqual({
      value_lists: ["The file must have the column(s) Code in its first row."],
    });
  });

  it("offers a sample file whose rows would pass", async () => {
    const master = await newMaster();
    await save(master, [{ description: "taken", code: "S1" }]);
    const r = await api("GET", `crud_value_lists/sample?value_id=${master}`, { token });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-disposition")).toContain("value-lists-upload-sample.xlsx");
    const ws = await readXlsx(await (await valueListUpload(admin, master)).sample(admin));
    const cells = (i: number) => (ws.getRow(i).values as unknown[]).slice(1);
    expect(cells(1)).toEqual(["Description", "Code"]);
    expect([cells(2), cells(3)]).toEqual([
      ["SAMPLE ONE", "S12"],
      ["SAMPLE TWO", "S2"],
    ]);
  });
});

describe("the List of Masters' Save action", () => {
  it("takes and answers opaque ids, and names refused rows like the /api call", async () => {
    session.ctx = admin;
    const master = encodeId(await newMaster());
    const first = await actions.saveValueListsAction(master, [
      { description: "red", code: "r" },
      { description: "", code: "" },
    ]);
    expect(first.ok).toBe(true);
    const [red] = (first as { data: { id: string; code: string }[] }).data;
    expect(decodeId(red.id)).not.toBeNull();
    const second = await actions.saveValueListsAction(master, [
      { id: red.id, description: "crimson", code: "R" },
      { id: String(decodeId(red.id)), description: "plain id", code: "P" },
      { description: "green", code: "r" },
    ]);
    expect(second).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: {
        "datas.1.id": VALUE_LIST_MESSAGES.rowInvalid,
        "datas.2.code": VALUE_LIST_MESSAGES.codeTaken,
      },
    });
    const [theirs] = await db.select().from(values).where(eq(values.company_id, wag.id)).limit(1);
    expect(await actions.saveValueListsAction(encodeId(theirs.id), [])).toMatchObject({
      ok: false,
      status: 404,
    });
    session.ctx = null;
    expect(await actions.saveValueListsAction(master, [])).toMatchObject({ ok: false, status: 401 });
  });
});
