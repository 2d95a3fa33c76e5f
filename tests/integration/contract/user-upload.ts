import { expect } from "vitest";
import { apiRoutes } from "@/lib/api/routes";
import { api } from "../../support/fixtures";
import { xlsx } from "../../support/xlsx";
import type { Env, Sample } from "./types";

const HEADER = ["first_name", "last_name", "email", "position"];

const outputOf = (k: string) => apiRoutes.find((r) => `${r.method} ${r.path}` === k)!.output!;

async function uploadOne(e: Env, email: string, ...more: string[][]) {
  const form = new FormData();
  const file = await xlsx(HEADER, [["Contract", "Bulk", email, "CUSTOMER"], ...more]);
  form.set("users", new File([new Uint8Array(file)], "users.xlsx"));
  return api("POST", "crud_users/upload_user", { token: e.tokens.admin, form });
}

export const userUploadSamples: Record<string, Sample> = {
  "GET crud_users": {
    path: () => "crud_users?page=1&rowsPerPage=5",
    // A valid row and one naming no position, so the answer's rows and their errors are checked too.
    before: async (e) =>
      void (await uploadOne(e, "contract.preview@bulk.test", ["Contract", "Bad", "x@bulk.test", "NO SUCH"])),
    after: async (e) => void (await api("GET", "crud_users/truncate_users", { token: e.tokens.admin })),
  },
  "POST crud_users/upload_user": {
    path: () => "crud_users/upload_user",
    // Multipart: a real spreadsheet is uploaded, then the staging area is emptied again.
    async valid(e) {
      const r = await uploadOne(e, "contract.upload@bulk.test");
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(outputOf("POST crud_users/upload_user").safeParse(r.json).error).toBeUndefined();
      expect(r.json.data).toEqual({ count: 1, invalid: 0 });
      await api("GET", "crud_users/truncate_users", { token: e.tokens.admin });
    },
  },
  "GET crud_users/process_user": {
    path: () => "crud_users/process_user",
    before: async (e) => void (await uploadOne(e, "contract.process@bulk.test")),
  },
  "GET crud_users/truncate_users": { path: () => "crud_users/truncate_users" },
  "GET crud_users/sample": { path: () => "crud_users/sample" },
};
