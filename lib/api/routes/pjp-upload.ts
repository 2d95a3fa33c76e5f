import "server-only";
import { z } from "zod";
import { pjpsUpload } from "@/lib/operations/pjp-upload";
import { stagedUploadRoutes } from "../staged-upload";
import type { ApiRoute } from "../types";

const paths = {
  list: "crud_pjps",
  upload: "crud_pjps/upload_pjp",
  process: "crud_pjps/process_pjp",
  discard: "crud_pjps/truncate_pjps",
  sample: "crud_pjps/sample",
} as const;

/** A staged row as the preview answers it: its place in the file, each column's cell and its field errors. */
const stagedRow = z.object({
  id: z.number().int(),
  row_no: z.number().int().describe("The row's number in the file."),
  ...Object.fromEntries(pjpsUpload.columns.map((c) => [c.key, z.string().nullable()])),
  errors: z
    .record(z.string(), z.string())
    .nullable()
    .describe("Column → its message; null when the row is valid."),
});

const outputs: Record<string, z.ZodType> = {
  [paths.list]: z.object({
    data: z.array(stagedRow),
    count: z.number().int(),
    invalid: z.number().int().describe("Staged rows with errors (over all pages)."),
  }),
  [paths.upload]: z.object({
    message: z.string(),
    data: z.object({ count: z.number().int(), invalid: z.number().int() }),
  }),
  [paths.process]: z.object({
    message: z.string(),
    data: z.object({
      created: z
        .number()
        .int()
        .describe("PJPs created: rows of one user, date, name and location make one PJP."),
      rows: z.number().int().describe("Staged rows processed."),
    }),
  }),
  [paths.discard]: z.object({ message: z.string() }),
};

/** PJP upload (spec 001 §2 Pjp upload, §7 crud_pjps). */
export const pjpUploadRoutes: ApiRoute[] = stagedUploadRoutes(pjpsUpload, paths, {
  tag: "Pjp",
  noun: "PJP",
}).map((r) => (outputs[r.path] ? { ...r, output: outputs[r.path] } : r));
