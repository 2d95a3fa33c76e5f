import "server-only";
import { z } from "zod";
import type { Ctx } from "@/lib/platform/context";
import { authorize } from "@/lib/platform/context";
import { ownsRows, type CreateOptions, type OpMeta, type UpdateOptions } from "@/lib/platform/entity";
import { idempotencyKeyOf, isReplay } from "@/lib/platform/idempotency";
import { AppError } from "@/lib/platform/errors";
import { etagOf, parseIfMatch, StaleVersion } from "@/lib/platform/versions";
import { setResponseHeaders } from "./response-headers";
import { EXPORT_FORMATS, exportLink } from "@/lib/platform/exports";
import type { List, Selection } from "@/lib/platform/list";
import {
  apiRecord,
  apiRecordSchema,
  listAnswer,
  listQuerySchema,
  listRowSchema,
} from "@/lib/platform/row-schema";
import { idParam } from "./params";
import type { ApiRoute, Method } from "./types";

type Rec = Record<string, unknown>;
type Built = ((...args: never[]) => Promise<unknown>) & { meta: OpMeta };

/** A record's answer `{ data }`, its version's ETag on the answer (lib/platform/versions.ts), for If-Match on its update. */
function withEtag(request: Request, data: unknown, headers: Record<string, string> = {}) {
  const etag = data && typeof data === "object" ? etagOf(data as { updated_at?: unknown }) : null;
  setResponseHeaders(request, { ...(etag ? { etag } : {}), ...headers });
  return { data };
}

const message = z.object({ message: z.string() });
const dataOf = (s: z.ZodType) => z.object({ data: s });

/**
 * One /api row from a built domain function (listOf, getOf, createOf, updateOf, upsertOf, softDeleteOf, restoreOf):
 * its permission, owned id, schemas and answer come from the entity's declaration. Path parameters are `:id`.
 */
export function entityRoute(method: Method, path: string, fn: Built, o: { summary?: string } = {}): ApiRoute {
  const { entity: def, op } = fn.meta;
  const owned = ownsRows(def.scope) && path.includes(":id") ? "id" : undefined;
  const tag = def.noun;
  const call = fn as unknown as (ctx: Ctx, arg: unknown) => Promise<unknown>;
  const record = apiRecordSchema(def);
  const shaped = (data: unknown) => (data && typeof data === "object" ? apiRecord(def, data as Rec) : data);
  const write = fn as unknown as (
    ctx: Ctx,
    arg: unknown,
    o: CreateOptions & UpdateOptions,
  ) => Promise<unknown>;
  switch (op) {
    case "list":
      return {
        method,
        path,
        auth: "user",
        permission: def.permission("list"),
        shape: "list",
        tag,
        summary: o.summary ?? `List ${def.plural.toLowerCase()}`,
        query: listQuerySchema(def.list as unknown as List<Selection>),
        // The list's rows are selected in the entity's /api shape already (its apiShape).
        output: listAnswer(
          def.apiShape
            ? listRowSchema(def.list as unknown as List<Selection>).extend(def.apiShape.fields)
            : listRowSchema(def.list as unknown as List<Selection>),
        ),
        handler: ({ ctx, query }) => call(ctx, query),
      };
    case "view":
      return {
        method,
        path,
        auth: "user",
        permission: def.permission("view"),
        owned,
        shape: "data",
        tag,
        summary: o.summary ?? `One ${def.noun.toLowerCase()}`,
        output: dataOf(record),
        versioned: "etag",
        handler: async ({ ctx, params, request }) =>
          withEtag(request, shaped(await call(ctx, idParam(params.id)))),
      };
    case "create":
    case "update":
    case "upsert": {
      const input = op === "update" ? def.update : def.create;
      return {
        method,
        path,
        auth: "user",
        permission: op === "upsert" ? null : def.permission(op),
        variants: op === "upsert" ? fn.meta.permissions : undefined,
        owned,
        shape: "data",
        tag,
        summary:
          o.summary ??
          (op === "upsert"
            ? `Create a ${def.noun.toLowerCase()}, or update the one the body's id names`
            : `${op === "create" ? "Create" : "Update"} a ${def.noun.toLowerCase()}`),
        input:
          op === "upsert" && input instanceof z.ZodObject
            ? input.extend({ id: z.union([z.number(), z.string()]).optional() })
            : input,
        output: dataOf(record),
        versioned: op === "create" ? "etag" : "if-match",
        idempotent: op !== "update",
        // The entity's file columns come as multipart files, saved with the record (all or nothing).
        files: def.files ? Object.keys(def.files) : undefined,
        handler: async ({ ctx, params, body, files, request }) => {
          const input = { ...body, ...files };
          const arg = params.id !== undefined ? { ...input, id: idParam(params.id) } : input;
          // If-Match on an update (none: today's last-write-wins); Idempotency-Key on a create.
          const version = op === "create" ? null : parseIfMatch(request.headers.get("if-match"));
          const idempotencyKey =
            op === "update" ? undefined : idempotencyKeyOf(request.headers.get("idempotency-key"));
          try {
            const data = await write(ctx, arg, { version, idempotencyKey });
            return withEtag(request, shaped(data), isReplay(data) ? { "idempotent-replayed": "true" } : {});
          } catch (e) {
            // A false If-Match answers 412 Precondition Failed (RFC 9110 §13.1.1), with who changed it and when.
            if (e instanceof StaleVersion && version) throw new AppError(412, e.message);
            throw e;
          }
        },
      };
    }
    case "delete":
    case "restore":
      return {
        method,
        path,
        auth: "user",
        permission: def.permission(op),
        owned,
        shape: "message",
        tag,
        summary: o.summary ?? `${op === "delete" ? "Delete" : "Restore"} a ${def.noun.toLowerCase()}`,
        output: message,
        async handler({ ctx, params }) {
          await call(ctx, { id: idParam(params.id) });
          return { message: def.messages[op === "delete" ? "deleted" : "restored"] };
        },
      };
    default:
      throw new Error(`entityRoute: ${def.name} ${op} has no route form`);
  }
}

/**
 * GET <entity>_exports: a short-lived signed link to the XLSX (or, with `format=csv`, the CSV) of the list's
 * filters, search, trash view and sort (the export registry streams it).
 */
export function exportRoute(path: string, def: OpMeta["entity"]): ApiRoute {
  return {
    method: "GET",
    path,
    auth: "user",
    permission: def.permission("export"),
    shape: "data",
    tag: def.noun,
    summary: `Export ${def.plural.toLowerCase()} (a download link)`,
    query: listQuerySchema(def.list as unknown as List<Selection>).extend({
      format: z
        .enum(EXPORT_FORMATS)
        .optional()
        .describe(
          "xlsx (default): an Excel workbook, past 1,048,575 rows continued on further sheets. csv: UTF-8 with a byte-order mark, CRLF; a text starting with =, +, -, @ (other than a phone number or a number) is prefixed with ' so a spreadsheet does not run it.",
        ),
    }),
    output: dataOf(z.string()),
    async handler({ ctx, query }) {
      authorize(ctx, def.permission("export"));
      return { data: exportLink(ctx, def.name, query) };
    },
  };
}

type CrudRoute = "list" | "export" | "create" | "upsert" | "get" | "update" | "delete" | "restore";

/**
 * The rows of the spec's usual calls for an entity built with `crudOf`, under its name: `list` GET <name>,
 * `export` GET <singular>_exports, `create`/`upsert` POST <name>, `get` GET <name>/:id, `update` PATCH <name>/:id,
 * `delete` and `restore` POST <name>/delete|restore/:id. Without `calls`, those of the operations the entity offers
 * (create and update as POST and PATCH). Calls the spec shapes otherwise are rows of their own.
 */
export function crudRoutes(
  crud: { def: OpMeta["entity"]; export?: unknown } & Record<Exclude<CrudRoute, "export">, Built>,
  calls?: readonly CrudRoute[],
  o: { exportPath?: string } = {},
): ApiRoute[] {
  const name = crud.def.name;
  const all = ["list", "export", "create", "get", "update", "delete", "restore"] as const;
  const offered = (c: (typeof all)[number]) =>
    crud.def.ops.includes(c === "get" ? "view" : c) && (c !== "export" || !!crud.export);
  const rows: Record<CrudRoute, () => ApiRoute> = {
    list: () => entityRoute("GET", name, crud.list),
    export: () =>
      exportRoute(o.exportPath ?? `${crud.def.noun.toLowerCase().replace(/ /g, "_")}_exports`, crud.def),
    create: () => entityRoute("POST", name, crud.create),
    upsert: () => entityRoute("POST", name, crud.upsert),
    get: () => entityRoute("GET", `${name}/:id`, crud.get),
    update: () => entityRoute("PATCH", `${name}/:id`, crud.update),
    delete: () => entityRoute("POST", `${name}/delete/:id`, crud.delete),
    restore: () => entityRoute("POST", `${name}/restore/:id`, crud.restore),
  };
  return (calls ?? all.filter(offered)).map((c) => rows[c]());
}
