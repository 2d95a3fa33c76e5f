import "server-only";
import { valueLists } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Tx } from "@/lib/platform/db";
import { invalid } from "@/lib/platform/errors";
import { lockSaves } from "@/lib/platform/unique";
import { parseIdParam } from "@/lib/platform/ids";
import {
  defineStagedUpload,
  markRepeated,
  STAGED_UPLOAD_MESSAGES,
  type StagedPreviewRow,
  type StagedUpload,
} from "@/lib/platform/staged-upload";
import { rowsOfMaster, takenCodes, VALUE_LIST_MESSAGES, valueListCreateSchema } from "./value-lists";
import { liveValueOf } from "./values";

/**
 * The upload screen's texts: spec 001 §8 gives them for the PJP upload; the processed text names value lists
 * where it names "pjps in Pjp's Tab".
 */
export const VALUE_LIST_UPLOAD_MESSAGES = {
  uploaded: "The file has been uploaded successfully. Now you can Preview the List & process accordingly.",
  processed: "The file has been processed successfully. Now you can see your value lists in List of Masters.",
  deleted: "The file has been deleted successfully. Now you can select a new file to upload.",
  uploadFailed:
    "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...",
  processFailed:
    "Looks like system faced an error while processing the File. Kindly check the file before processing ...",
  codeRepeated: STAGED_UPLOAD_MESSAGES.repeated("code"),
} as const;

/** The file field of POST crud_value_lists/upload_value_list. */
export const VALUE_LIST_UPLOAD_FIELD = "value_lists";
/** The parameter naming the chosen master on every call of the upload. */
export const MASTER_PARAM = "value_id";

const COLUMNS = [
  { key: "description", header: "Description", required: true },
  { key: "code", header: "Code", required: true },
] as const;
type Column = (typeof COLUMNS)[number]["key"];
export type StagedValueListRow = StagedPreviewRow<Column>;

/**
 * The staged upload of one master's rows: each master has its own staging area per uploader (kind
 * `value_lists:{value id}`), so the file holds only Description and Code and every row lands under the master
 * chosen on the screen. Rows are checked with the single-row form's schema (upper case, required); a code must
 * be free among the master's live rows and appear once in the file. Processing creates all rows or none.
 */
function uploadFor(valueId: number): StagedUpload<Column> {
  return defineStagedUpload({
    kind: `value_lists:${valueId}`,
    entity: "value_lists",
    permission: "value_lists.upload",
    field: VALUE_LIST_UPLOAD_FIELD,
    columns: COLUMNS,
    schema: valueListCreateSchema,
    messages: VALUE_LIST_UPLOAD_MESSAGES,
    toInput: (v) => ({ value_id: valueId, description: v.description, code: v.code, is_active: 1 }),
    async validate(db, _ctx, rows) {
      // Upload and process run in a transaction: the master's other saves wait, so the check stays true.
      await lockSaves(db as Tx, "value_lists", valueId);
      const codes = rows.filter((r) => r.input && !r.errors.code).map((r) => r.input!.code);
      const taken = await takenCodes(db, valueId, codes);
      for (const r of rows)
        if (r.input && !r.errors.code && taken.has(r.input.code))
          r.errors.code = VALUE_LIST_MESSAGES.codeTaken;
      markRepeated(rows, "code", VALUE_LIST_UPLOAD_MESSAGES.codeRepeated);
    },
    async create(tx, ctx, input) {
      const [row] = await tx
        .insert(valueLists)
        .values({ ...input, company_id: requireCompany(ctx), created_by: ctx.userId, updated_by: ctx.userId })
        .returning();
      return { id: row.id, after: row };
    },
    async createMany(tx, ctx, inputs) {
      const rows = await tx
        .insert(valueLists)
        .values(
          inputs.map((i) => ({
            ...i,
            company_id: requireCompany(ctx),
            created_by: ctx.userId,
            updated_by: ctx.userId,
          })),
        )
        .returning();
      return rows.map((row) => ({ id: row.id, after: row }));
    },
    notification: (n) => ({
      title: "Value list upload processed",
      body: `${n} ${n === 1 ? "row was" : "rows were"} added.`,
      link: "/value-lists",
    }),
    sample: {
      sheet: "Value Lists",
      fileName: "value-lists-upload-sample.xlsx",
      // Two rows that would pass: codes the master does not hold yet.
      async rows(db, ctx) {
        const held = new Set((await rowsOfMaster(db, ctx, valueId)).map((r) => r.code));
        const free = (base: string) => {
          let code = base;
          for (let n = 2; held.has(code); n++) code = `${base}${n}`;
          held.add(code);
          return code;
        };
        return [
          { description: "SAMPLE ONE", code: free("S1") },
          { description: "SAMPLE TWO", code: free("S2") },
        ];
      },
    },
  });
}

/**
 * The upload of the master a call names (`value_id`, plain or opaque): a live value of the acting company, else
 * 422 on value_id. Every call of the upload goes through it, so the master is checked each time.
 */
export async function valueListUpload(ctx: Ctx, raw: unknown): Promise<StagedUpload<Column>> {
  authorize(ctx, "value_lists.upload");
  const id = raw == null || raw === "" ? null : parseIdParam(String(raw));
  const v = id == null ? null : await liveValueOf(await getDb(), ctx, id);
  if (!v)
    throw invalid({
      [MASTER_PARAM]: id == null ? "The master field is required." : VALUE_LIST_MESSAGES.masterInvalid,
    });
  return uploadFor(v.id);
}

/** The upload's columns, in the sample file's order. */
export const VALUE_LIST_UPLOAD_COLUMNS = COLUMNS.map((c) => c.key);
