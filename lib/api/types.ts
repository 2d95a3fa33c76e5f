import type { z } from "zod";
import type { Ctx } from "@/lib/platform/context";
import type { Permission } from "@/lib/platform/permissions";

/** One /api call as a handler sees it: the caller (null on public routes), path params, query, body and uploaded files. */
export type ApiCall = {
  ctx: Ctx;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  files: Record<string, File>;
  /** Every uploaded file by field name, in order: a repeated field (`photos`, `photos[]`) keeps all its files. */
  fileLists?: Record<string, File[]>;
  request: Request;
};
export type PublicApiCall = Omit<ApiCall, "ctx"> & { ctx: Ctx | null };

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * What a row documents about itself (read by the OpenAPI document and the contract suite): a one-line summary,
 * its tag (the area), the JSON body it takes, the query parameters it reads and the answer's schema. Schemas are
 * zod, the same ones the domain functions parse with.
 */
export type RouteDocs = {
  summary?: string;
  tag?: string;
  /** The request body (JSON, or multipart form fields). */
  input?: z.ZodType;
  /** The query parameters (an object schema). */
  query?: z.ZodType;
  /** The answer on success; the contract suite validates real answers against it. */
  output?: z.ZodType;
  /** Multipart file fields the call takes, by name. */
  files?: readonly string[];
  /** Largest request body read, in bytes (default 1 MB; 25 MB for calls that take files); larger answers 413. */
  maxBodyBytes?: number;
  /**
   * Optimistic locking (lib/platform/versions.ts): `etag`, the answer carries the record's version as an ETag;
   * `if-match`, the call takes If-Match too (a stale one answers 412).
   */
  versioned?: "etag" | "if-match";
  /** The call takes an Idempotency-Key header (lib/platform/idempotency.ts). */
  idempotent?: boolean;
};

/**
 * A row of the route table. `permission` documents (and the dispatcher enforces) what the call needs; the domain
 * function checks it again itself. Where the permission depends on the call (one POST that creates or updates),
 * `permission` is null and `variants` lists the permissions of its variants: holding none of them answers 403.
 * `owned` names the path parameter holding a company-owned id, so the contract tests try another company's id.
 * `shape` is the documented answer.
 */
export type ApiRoute =
  | (RouteDocs & {
      method: Method;
      path: string;
      auth: "public";
      handler: (c: PublicApiCall) => Promise<unknown>;
      /** `document`: the answer is a document of its own (GET openapi.json), not wrapped in `data`. */
      shape: "token" | "message" | "data" | "document";
    })
  | (RouteDocs & {
      method: Method;
      path: string;
      auth: "user";
      permission: Permission | null;
      variants?: readonly Permission[];
      owned?: string;
      handler: (c: ApiCall) => Promise<unknown>;
      shape: "list" | "data" | "message" | "file";
    });
