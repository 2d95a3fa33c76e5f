import "server-only";
import { z } from "zod";
import { decide, inputSchema, type Approval } from "@/lib/platform/approval";
import { ownsRows } from "@/lib/platform/entity";
import { AppError } from "@/lib/platform/errors";
import { recordSchema } from "@/lib/platform/row-schema";
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
  const def = a.entity;
  const output = z.object({ data: recordSchema(def) });
  return a.names
    .filter((t) => a.transitions[t].path)
    .map((t): ApiRoute => {
      const tr = a.transitions[t];
      const path = tr.path!;
      return {
        method: "POST",
        path,
        auth: "user",
        permission: a.permissionOf(t),
        owned: ownsRows(def.scope) && path.includes(":id") ? "id" : undefined,
        shape: "data",
        tag: def.noun,
        summary:
          tr.summary ??
          `${tr.label} a ${a.states[a.pending]?.toLowerCase() ?? "pending"} ${def.noun.toLowerCase()} (409 when it is no longer ${a.states[tr.from[0]]?.toLowerCase() ?? "in that state"})`,
        input: inputSchema(a, t),
        output: tr.output ?? output,
        versioned: "if-match",
        async handler({ ctx, params, body, request }) {
          const version = parseIfMatch(request.headers.get("if-match"));
          try {
            const data = await decide(ctx, a, idParam(params.id), t, body, { version });
            const etag = etagOf(data as { updated_at?: unknown });
            if (etag) setResponseHeaders(request, { etag });
            return tr.answer ? tr.answer(data) : { data };
          } catch (e) {
            if (e instanceof StaleVersion && version) throw new AppError(412, e.message);
            throw e;
          }
        },
      };
    });
}
