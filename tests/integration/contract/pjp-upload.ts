import { and, asc, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { outlets, users } from "@/db/schema";
import { apiRoutes } from "@/lib/api/routes";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { api } from "../../support/fixtures";
import { xlsx } from "../../support/xlsx";
import type { Env, Sample } from "./types";

const HEADER = ["Name", "Location", "Date", "Description", "User Name", "Outlet Name", "Is Outlet Visited"];

const outputOf = (k: string) => apiRoutes.find((r) => `${r.method} ${r.path}` === k)!.output!;

let n = 0;
/** Uploads one valid row (a user of Happy Paws by email, its first outlet) and any more rows given. */
async function uploadOne(e: Env, ...more: string[][]) {
  const [u] = await e.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.company_id, e.happyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const [o] = await e.db
    .select({ name: outlets.name })
    .from(outlets)
    .where(and(eq(outlets.company_id, e.happyId), isNull(outlets.deleted_at), eq(outlets.is_active, 1)))
    .orderBy(asc(outlets.id))
    .limit(1);
  const form = new FormData();
  const file = await xlsx(HEADER, [
    [`Contract Upload ${Date.now()} ${++n}`, "Andheri", "15-07-2031", "", u.email, o.name, "0"],
    ...more,
  ]);
  form.set("pjps", new File([new Uint8Array(file)], "pjps.xlsx"));
  return api("POST", "crud_pjps/upload_pjp", { token: e.tokens.admin, form });
}

const truncate = (e: Env) => api("GET", "crud_pjps/truncate_pjps", { token: e.tokens.admin });

export const pjpUploadSamples: Record<string, Sample> = {
  "GET crud_pjps": {
    path: () => "crud_pjps?page=1&rowsPerPage=5",
    // A valid row and one naming no user, so the answer's rows and their errors are checked too.
    before: async (e) =>
      void (await uploadOne(e, [
        "Bad Row",
        "",
        "31-02-2031",
        "",
        "nobody@nowhere.test",
        "No Outlet",
        "maybe",
      ])),
    after: async (e) => void (await truncate(e)),
  },
  "POST crud_pjps/upload_pjp": {
    path: () => "crud_pjps/upload_pjp",
    async valid(e) {
      const r = await uploadOne(e);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(outputOf("POST crud_pjps/upload_pjp").safeParse(r.json).error).toBeUndefined();
      expect(r.json.data).toEqual({ count: 1, invalid: 0 });
      await truncate(e);
    },
  },
  "GET crud_pjps/process_pjp": {
    path: () => "crud_pjps/process_pjp",
    before: async (e) => void (await uploadOne(e)),
  },
  "GET crud_pjps/truncate_pjps": { path: () => "crud_pjps/truncate_pjps" },
  "GET crud_pjps/sample": { path: () => "crud_pjps/sample" },
};
