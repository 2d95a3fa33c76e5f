import { userTimestamps } from "@/db/schema";
import type { Env, Sample } from "./types";

/** A fresh live row of a company (each call makes its own, so a delete never meets an already deleted one). */
async function rowOf(e: Env, companyId: number): Promise<number> {
  const [r] = await e.db
    .insert(userTimestamps)
    .values({
      company_id: companyId,
      user_id: 1,
      from_path: "/contract",
      from_name: "Contract",
      timespent: 30,
    })
    .returning({ id: userTimestamps.id });
  return r.id;
}

export const userTimestampsSamples: Record<string, Sample> = {
  "GET user_timestamps": { path: () => "user_timestamps?page=1&rowsPerPage=5&search_keyword=a" },
  "GET user_timestamp_exports": { path: () => "user_timestamp_exports?search_keyword=home" },
  "POST user_timestamps/delete/:id": {
    path: async (e) => `user_timestamps/delete/${await rowOf(e, e.happyId)}`,
    foreign: async (e) => `user_timestamps/delete/${await rowOf(e, e.wagId)}`,
  },
};
