import "server-only";
import { z } from "zod";
import { usersUpload } from "@/lib/admin/users/upload";
import { stagedUploadRoutes } from "../staged-upload";
import type { ApiRoute } from "../types";

const paths = {
  list: "crud_users",
  upload: "crud_users/upload_user",
  process: "crud_users/process_user",
  discard: "crud_users/truncate_users",
  sample: "crud_users/sample",
} as const;

/** A staged row as the preview answers it: its place in the file, each column's cell and its field errors. */
const stagedRow = z.object({
  id: z.number().int(),
  row_no: z.number().int().describe("The row's number in the file."),
  ...Object.fromEntries(usersUpload.columns.map((c) => [c.key, z.string().nullable()])),
  errors: z
    .record(z.string(), z.string())
    .nullable()
    .describe("Column → its message; null when the row is valid."),
});

/** The answers of the upload's calls, by path (the sample is a file download). */
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
  [paths.process]: z.object({ message: z.string(), data: z.object({ created: z.number().int() }) }),
  [paths.discard]: z.object({ message: z.string() }),
};

/** Users bulk upload (spec 000 §2.9, §7 Bulk upload). */
export const userUploadRoutes: ApiRoute[] = stagedUploadRoutes(usersUpload, paths, {
  tag: "User",
  noun: "user",
}).map((r) => (outputs[r.path] ? { ...r, output: outputs[r.path] } : r));
