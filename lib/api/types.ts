import type { Ctx } from "@/lib/platform/context";
import type { Permission } from "@/lib/platform/permissions";

/** One /api call as a handler sees it: the caller (null on public routes), path params, query, body and uploaded files. */
export type ApiCall = {
  ctx: Ctx;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  files: Record<string, File>;
  request: Request;
};
export type PublicApiCall = Omit<ApiCall, "ctx"> & { ctx: Ctx | null };

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * A row of the route table. `permission` documents (and the dispatcher enforces) what the call needs;
 * the domain function checks it again itself. `owned` names the path parameter holding a company-owned id,
 * so the contract tests know to try another company's id. `shape` is the documented answer.
 */
export type ApiRoute =
  | {
      method: Method;
      path: string;
      auth: "public";
      handler: (c: PublicApiCall) => Promise<unknown>;
      shape: "token" | "message" | "data";
    }
  | {
      method: Method;
      path: string;
      auth: "user";
      permission: Permission | null;
      owned?: string;
      handler: (c: ApiCall) => Promise<unknown>;
      shape: "list" | "data" | "message" | "file";
    };
