import "server-only";
import { z } from "zod";
import { decide, inputSchema, type Approval } from "@/lib/platform/approval";
import { ownsRows } from "@/lib/platform/entity";
import type { Ctx } from "@/lib/platform/context";
import { AppError, forbidden } from "@/lib/platform/errors";
import { apiRecord, apiRecordSchema } from "@/lib/platform/row-schema";
import { etagOf, parseIfMatch, StaleVersion } from "@/lib/platform/versions";
import { idParam } from "./params";
import { setResponseHeaders } from "./response-headers";
import type { ApiRoute } from "./types";

/**
 * The /api rows of a workflow (lib/platform/approval.ts): one POST per transition that declares a `path`, with the
 * transition's permission, its input (the reason, its own fields), the entity's record as the answer (`{ data }`,
 * its version as an ETag) and If-Match (a stale one answers 412). Another company's id answers 404.
 */
export function approvalRoutes(a: Approval): ApiRoute[] {
  return a.names
    .filter((t) => a.transitions[t].path)
    .map((t) => routeOf(a.transitions[t].path!, [a], () => a));
}

/**
 * The /api rows of a two-step workflow whose steps share their paths (a monthly request's approve/reject): one row
 * per path; `pick` names the step the caller decides (none, or a step without that path: 403). The row needs any
 * of the steps' permissions; its input documents every step's fields (the first step's first).
 */
export function sharedApprovalRoutes(steps: Approval[], pick: (ctx: Ctx) => Approval | null): ApiRoute[] {
  const paths = [...new Set(steps.flatMap((a) => a.names.map((t) => a.transitions[t].path).filter(Boolean)))];
  return paths.map((p) => routeOf(p!, steps, pick));
}

function routeOf(path: string, steps: Approval[], pick: (ctx: Ctx) => Approval | null): ApiRoute {
  const nameIn = (a: Approval) => a.names.find((t) => a.transitions[t].path === path);
  const taking = steps.filter((a) => nameIn(a));
  const [a] = taking;
  const t = nameIn(a)!;
  const tr = a.transitions[t];
  const def = a.entity;
  const permissions = [...new Set(taking.map((s) => s.permissionOf(nameIn(s)!)))];
  const inputs = taking.map((s) => inputSchema(s, nameIn(s)!));
  return {
    method: "POST",
    path,
    auth: "user",
    permission: permissions.length === 1 ? permissions[0] : null,
    ...(permissions.length > 1 ? { variants: permissions } : {}),
    owned: ownsRows(def.scope) && path.includes(":id") ? "id" : undefined,
    shape: "data",
    tag: def.noun,
    summary:
      tr.summary ??
      `${tr.label} a ${a.states[a.pending]?.toLowerCase() ?? "pending"} ${def.noun.toLowerCase()} (409 when it is no longer ${a.states[tr.from[0]]?.toLowerCase() ?? "in that state"})`,
    input: inputs.reduceRight((all, one) => all.extend(one.shape)),
    output:
      tr.output ??
      z.object({ ...(tr.answerMessage ? { message: z.string() } : {}), data: apiRecordSchema(def) }),
    versioned: "if-match",
    async handler({ ctx, params, body, request }) {
      const step = pick(ctx);
      const name = step && nameIn(step);
      if (!step || !name) throw forbidden();
      const version = parseIfMatch(request.headers.get("if-match"));
      try {
        const data = apiRecord(def, await decide(ctx, step, idParam(params.id), name, body, { version }));
        const etag = etagOf(data as { updated_at?: unknown });
        if (etag) setResponseHeaders(request, { etag });
        const { answer, answerMessage, success } = step.transitions[name];
        return answer ? answer(data) : answerMessage ? { message: success, data } : { data };
      } catch (e) {
        if (e instanceof StaleVersion && version) throw new AppError(412, e.message);
        throw e;
      }
    },
  };
}
