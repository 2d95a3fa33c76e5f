import { and, asc, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { valueLists } from "@/db/schema";
import { apiRoutes } from "@/lib/api/routes";
import { api } from "../../support/fixtures";
import { xlsx } from "../../support/xlsx";
import type { Env, Sample } from "./types";
import { spareValue, valueOf } from "./values";

/** The first live row of a company's first master. */
async function rowOf(e: Env, companyId: number): Promise<number> {
  const [r] = await e.db
    .select({ id: valueLists.id })
    .from(valueLists)
    .where(and(eq(valueLists.company_id, companyId), isNull(valueLists.deleted_at)))
    .orderBy(asc(valueLists.id))
    .limit(1);
  return r.id;
}

let n = 0;
/** A fresh row under a fresh master of a company, for the calls that change or remove one. */
async function spareRow(e: Env, companyId: number): Promise<number> {
  const value_id = await spareValue(e, companyId);
  const [r] = await e.db
    .insert(valueLists)
    .values({ company_id: companyId, value_id, description: "CONTRACT ROW", code: `C${++n}` })
    .returning({ id: valueLists.id });
  return r.id;
}

const outputOf = (k: string) => apiRoutes.find((r) => `${r.method} ${r.path}` === k)!.output!;
const spare = { master: 0, patch: 0, del: 0, upload: 0 };

async function uploadTo(e: Env, valueId: number, rows: string[][]) {
  const form = new FormData();
  form.set("value_id", String(valueId));
  const file = await xlsx(["description", "code"], rows);
  form.set("value_lists", new File([new Uint8Array(file)], "value-lists.xlsx"));
  return api("POST", "crud_value_lists/upload_value_list", { token: e.tokens.admin, form });
}

export const valueListsSamples: Record<string, Sample> = {
  "GET values/:value_id/value_lists": {
    path: async (e) => `values/${await valueOf(e, e.happyId)}/value_lists?is_active=1`,
    foreign: async (e) => `values/${await valueOf(e, e.wagId)}/value_lists`,
  },
  "POST values/:value_id/multiple_value_lists": {
    before: async (e) => void (spare.master = await spareValue(e, e.happyId)),
    path: () => `values/${spare.master || 1}/multiple_value_lists`,
    body: () => ({
      datas: [
        { description: "north", code: "n", is_active: 1 },
        { description: "", code: "" },
      ],
    }),
    foreign: async (e) => `values/${await valueOf(e, e.wagId)}/multiple_value_lists`,
  },
  "DELETE value_lists/:id": {
    before: async (e) => void (spare.del = await spareRow(e, e.happyId)),
    path: () => `value_lists/${spare.del || 1}`,
    foreign: async (e) => `value_lists/${await spareRow(e, e.wagId)}`,
  },
  "POST value_lists": {
    before: async (e) => void (spare.master = await spareValue(e, e.happyId)),
    path: () => "value_lists",
    body: () => ({ value_id: spare.master, description: "contract row", code: "cr" }),
  },
  "GET value_lists/:id": {
    path: async (e) => `value_lists/${await rowOf(e, e.happyId)}`,
    foreign: async (e) => `value_lists/${await rowOf(e, e.wagId)}`,
  },
  "PATCH value_lists/:id": {
    before: async (e) => void (spare.patch = await spareRow(e, e.happyId)),
    path: () => `value_lists/${spare.patch || 1}`,
    body: () => ({ description: "contract changed", is_active: 0 }),
    foreign: async (e) => `value_lists/${await rowOf(e, e.wagId)}`,
  },
  "GET crud_value_lists": {
    // A valid row and a repeated code, so the answer's rows and their errors are checked too.
    before: async (e) => {
      spare.upload = await spareValue(e, e.happyId);
      await uploadTo(e, spare.upload, [
        ["one", "X1"],
        ["two", "x1"],
      ]);
    },
    path: async (e) => `crud_value_lists?value_id=${spare.upload || (await valueOf(e, e.happyId))}`,
    after: async (e) =>
      void (await api("GET", `crud_value_lists/truncate_value_lists?value_id=${spare.upload}`, {
        token: e.tokens.admin,
      })),
  },
  "POST crud_value_lists/upload_value_list": {
    path: () => "crud_value_lists/upload_value_list",
    // Multipart: a real spreadsheet is uploaded, then the staging area is emptied again.
    async valid(e) {
      const master = await spareValue(e, e.happyId);
      const r = await uploadTo(e, master, [["contract", "K1"]]);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(outputOf("POST crud_value_lists/upload_value_list").safeParse(r.json).error).toBeUndefined();
      expect(r.json.data).toEqual({ count: 1, invalid: 0 });
      await api("GET", `crud_value_lists/truncate_value_lists?value_id=${master}`, { token: e.tokens.admin });
    },
  },
  "GET crud_value_lists/process_value_list": {
    before: async (e) => {
      spare.upload = await spareValue(e, e.happyId);
      await uploadTo(e, spare.upload, [["contract", "P1"]]);
    },
    path: async (e) =>
      `crud_value_lists/process_value_list?value_id=${spare.upload || (await valueOf(e, e.happyId))}`,
  },
  "GET crud_value_lists/truncate_value_lists": {
    path: async (e) => `crud_value_lists/truncate_value_lists?value_id=${await valueOf(e, e.happyId)}`,
  },
  "GET crud_value_lists/sample": {
    path: async (e) => `crud_value_lists/sample?value_id=${await valueOf(e, e.happyId)}`,
  },
};
