import "server-only";
import { z } from "zod";
import type { Ctx } from "@/lib/platform/context";
import type { ApiCall, ApiRoute } from "./types";

type Rec = Record<string, unknown>;

/**
 * A row of the route table whose records are answered with more keys (the spec's own shapes, spec 002 §3: a plan's
 * `tier`, a career request's `request_by.user_name`, an interest's `user.user_name`): the rows of a list answer
 * (`data: [...]`) or the record of a data answer (`data: {...}`) go through `rows`, and the output schema's record
 * gains `extend`. The domain functions, the portal and the audit records keep the plain rows; only /api answers
 * carry the extra keys. A message answer passes unchanged.
 */
export function reshapeRoute(
  route: ApiRoute,
  rows: (ctx: Ctx, rows: Rec[]) => Promise<Rec[]> | Rec[],
  extend: z.ZodRawShape,
): ApiRoute {
  if (route.auth !== "user" || (route.shape !== "list" && route.shape !== "data")) return route;
  const out = route.output;
  if (!(out instanceof z.ZodObject)) return route;
  const data = out.shape.data;
  let output: z.ZodType;
  if (data instanceof z.ZodArray && data.element instanceof z.ZodObject)
    output = out.extend({ data: z.array(data.element.extend(extend)) });
  else if (data instanceof z.ZodObject) output = out.extend({ data: data.extend(extend) });
  else return route;
  const handler = route.handler;
  return {
    ...route,
    output,
    async handler(c: ApiCall) {
      const answer = (await handler(c)) as Rec | null;
      if (!answer || typeof answer !== "object" || !("data" in answer)) return answer;
      const d = answer.data;
      if (Array.isArray(d)) return { ...answer, data: await rows(c.ctx, d as Rec[]) };
      if (d && typeof d === "object") return { ...answer, data: (await rows(c.ctx, [d as Rec]))[0] };
      return answer;
    },
  };
}
