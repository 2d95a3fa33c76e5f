import "server-only";
import { z } from "zod";
import { userTimestamps } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, zodFieldErrors } from "@/lib/platform/errors";

/** Time per page is capped at 1200 seconds (spec 000 §2.1). */
export const MAX_PAGE_SECONDS = 1200;

export const userTimestampSchema = z.object({
  from_path: z.string().trim().min(1, "The from path field is required.").max(500),
  from_name: z.string().trim().max(200).nullish(),
  timespent: z.coerce.number().int().min(0).max(86_400).nullish(),
  old_json: z.unknown().optional(),
  new_json: z.unknown().optional(),
});

function asJson(v: unknown): unknown {
  if (v == null || v === "") return null;
  if (typeof v === "string") {
    try {
      return JSON.parse(v);
    } catch {
      return { text: v.slice(0, 10_000) };
    }
  }
  return v;
}

/**
 * Records time spent on a page (or a client's edit audit with old_json/new_json) for the caller.
 * The user is always the caller: a user_id in the input is ignored.
 */
export async function recordUserTimestamp(ctx: Ctx, input: unknown): Promise<{ id: number }> {
  const r = userTimestampSchema.safeParse(input);
  if (!r.success) throw invalid(zodFieldErrors(r.error.issues));
  const v = r.data;
  const db = await getDb();
  const [row] = await db
    .insert(userTimestamps)
    .values({
      company_id: ctx.companyId,
      user_id: ctx.userId,
      from_path: v.from_path,
      from_name: v.from_name ?? null,
      timespent: v.timespent == null ? null : Math.min(v.timespent, MAX_PAGE_SECONDS),
      old_json: asJson(v.old_json),
      new_json: asJson(v.new_json),
    })
    .returning({ id: userTimestamps.id });
  return row;
}
