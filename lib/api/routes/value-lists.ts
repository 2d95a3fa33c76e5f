import "server-only";
import { z } from "zod";
import {
  MASTER_PARAM,
  VALUE_LIST_UPLOAD_COLUMNS,
  VALUE_LIST_UPLOAD_FIELD,
  valueListUpload,
} from "@/lib/operations/value-list-upload";
import {
  listValueListsOf,
  multipleValueListsSchema,
  saveMultipleValueLists,
  valueListsCrud,
} from "@/lib/operations/value-lists";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listQuerySchema, listRowSchema } from "@/lib/platform/row-schema";
import { crudRoutes, entityRoute } from "../entity-routes";
import { idempotencyKeyOf } from "@/lib/platform/idempotency";
import { idParam } from "../params";
import { refuseCrossSite } from "../staged-upload";
import type { ApiRoute } from "../types";

const def = valueListsCrud.def;
const list = def.list as unknown as List<Selection>;
const tag = def.noun;
const auth = "user" as const;

const row = z.object({ id: z.number(), description: z.string(), code: z.string(), is_active: z.number() });

/** The query every upload call takes: the master the rows belong to. */
const masterQuery = z.object({
  [MASTER_PARAM]: z
    .string()
    .describe("The master (value) whose rows the upload holds: its id, plain or opaque."),
});

const stagedRow = z.object({
  id: z.number().int(),
  row_no: z.number().int().describe("The row's number in the file."),
  ...Object.fromEntries(VALUE_LIST_UPLOAD_COLUMNS.map((c) => [c, z.string().nullable()])),
  errors: z
    .record(z.string(), z.string())
    .nullable()
    .describe("Column → its message; null when the row is valid."),
});

const paths = {
  list: "crud_value_lists",
  upload: "crud_value_lists/upload_value_list",
  process: "crud_value_lists/process_value_list",
  discard: "crud_value_lists/truncate_value_lists",
  sample: "crud_value_lists/sample",
} as const;

/**
 * The staged upload of one master's rows (the PJP upload's calls, named after it): every call names the master
 * with value_id (a query parameter; a form field of the upload).
 */
const uploadRoutes: ApiRoute[] = [
  {
    auth,
    tag,
    permission: "value_lists.upload",
    method: "GET",
    path: paths.list,
    shape: "list",
    summary: "The caller's staged rows of a master with their errors (data, count, invalid)",
    query: masterQuery.extend({
      page: z.string().optional(),
      rowsPerPage: z.string().optional(),
      search_keyword: z.string().optional(),
    }),
    output: z.object({
      data: z.array(stagedRow),
      count: z.number().int(),
      invalid: z.number().int().describe("Staged rows with errors (over all pages)."),
    }),
    handler: async ({ ctx, query }) =>
      (await valueListUpload(ctx, query.get(MASTER_PARAM))).preview(ctx, query),
  },
  {
    auth,
    tag,
    permission: "value_lists.upload",
    method: "POST",
    path: paths.upload,
    shape: "message",
    summary: `Uploads a spreadsheet (file field ${VALUE_LIST_UPLOAD_FIELD}, Description and Code columns) into the caller's staging of the master value_id, replacing it`,
    files: [VALUE_LIST_UPLOAD_FIELD],
    input: masterQuery,
    output: z.object({
      message: z.string(),
      data: z.object({ count: z.number().int(), invalid: z.number().int() }),
    }),
    async handler({ ctx, files, body, query }) {
      const u = await valueListUpload(ctx, body[MASTER_PARAM] ?? query.get(MASTER_PARAM));
      const data = await u.upload(ctx, files[VALUE_LIST_UPLOAD_FIELD] ?? body[VALUE_LIST_UPLOAD_FIELD]);
      return { message: u.uploadMessage(data), data };
    },
  },
  {
    auth,
    tag,
    permission: "value_lists.upload",
    method: "GET",
    path: paths.process,
    shape: "message",
    summary: "Creates every staged row under the master in one transaction, or none while any row has errors",
    query: masterQuery,
    output: z.object({ message: z.string(), data: z.object({ created: z.number().int() }) }),
    idempotent: true,
    async handler({ ctx, query, request }) {
      refuseCrossSite(ctx, request);
      const u = await valueListUpload(ctx, query.get(MASTER_PARAM));
      const idempotencyKey = idempotencyKeyOf(request.headers.get("idempotency-key"));
      return { message: u.messages.processed, data: await u.process(ctx, { idempotencyKey }) };
    },
  },
  {
    auth,
    tag,
    permission: "value_lists.upload",
    method: "GET",
    path: paths.discard,
    shape: "message",
    summary: "Discards the caller's staged rows of the master",
    query: masterQuery,
    output: z.object({ message: z.string() }),
    async handler({ ctx, query, request }) {
      refuseCrossSite(ctx, request);
      const u = await valueListUpload(ctx, query.get(MASTER_PARAM));
      await u.discard(ctx);
      return { message: u.messages.deleted };
    },
  },
  {
    auth,
    tag,
    permission: "value_lists.upload",
    method: "GET",
    path: paths.sample,
    shape: "file",
    summary: "The sample spreadsheet of the master's upload (Description, Code)",
    query: masterQuery,
    handler: async ({ ctx, query }) =>
      (await valueListUpload(ctx, query.get(MASTER_PARAM))).sampleResponse(ctx),
  },
];

/** Value lists, the masters' rows (spec 001 §7), and their upload. */
export const valueListsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "values/:value_id/value_lists",
    auth,
    permission: def.permission("list"),
    owned: "value_id",
    shape: "list",
    tag,
    summary: "A master's live rows in the order they were made; without rowsPerPage, all of them",
    query: listQuerySchema(list).omit({ value_id: true }),
    output: listAnswer(listRowSchema(list)),
    handler: ({ ctx, params, query }) => listValueListsOf(ctx, idParam(params.value_id), query),
  },
  {
    method: "POST",
    path: "values/:value_id/multiple_value_lists",
    auth,
    permission: null,
    variants: [def.permission("create"), def.permission("update")],
    owned: "value_id",
    shape: "data",
    tag,
    summary:
      "Saves the master's inline table in one call: rows with an id update it, rows without create one, rows with both fields blank are dropped; rows not sent are kept. Field errors name the row: datas.{index}.code",
    input: multipleValueListsSchema,
    output: z.object({ data: z.array(row) }),
    idempotent: true,
    handler: async ({ ctx, params, body, request }) => ({
      data: await saveMultipleValueLists(ctx, idParam(params.value_id), body, {
        idempotencyKey: idempotencyKeyOf(request.headers.get("idempotency-key")),
      }),
    }),
  },
  entityRoute("DELETE", "value_lists/:id", valueListsCrud.delete),
  ...crudRoutes(valueListsCrud, ["create", "get", "update"]),
  ...uploadRoutes,
];
