import "server-only";
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import ExcelJS from "exceljs";
import type { z } from "zod";
import { stagedRows } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "./context";
import { getDb, type Executor, type Tx } from "./db";
import { AppError, invalid, RowRefused, zodFieldErrors, type FieldErrors } from "./errors";
import { defineList, parseListQuery, runListQuery, type List } from "./list";
import { writeAudits } from "./mutations";
import { notify } from "./notifications";
import type { Permission } from "./permissions";
import { readSheet } from "./spreadsheet";
import { oncePerKey } from "./idempotency";
import { lockSaves } from "./unique";

/** What the preview reads of a staged row. */
const stagedSelect = {
  id: stagedRows.id,
  row_no: stagedRows.row_no,
  data: stagedRows.data,
  errors: stagedRows.errors,
};
type StagedSelect = typeof stagedSelect;

/*
 * A staged spreadsheet upload (users, PJPs, value lists, ...): sample file → upload into the uploader's own
 * staging area (staged_rows, one per company, uploader and kind) → preview with each row's errors → process
 * all-or-nothing, or discard. Rows are checked with the entity's own create schema, so the file says exactly
 * what the form would say.
 */

/** Texts every upload shares (not spec texts), in the style of lib/platform/schemas.ts. */
export const STAGED_UPLOAD_MESSAGES = {
  fileRequired: "Choose a spreadsheet (.xlsx) to upload.",
  noRows: "The file has no rows to upload.",
  missingColumns: (cols: string[]) => `The file must have the column(s) ${cols.join(", ")} in its first row.`,
  nothingToProcess: "There are no uploaded rows to process. Upload a file first.",
  rowsInvalid: (n: number) =>
    `${n} ${n === 1 ? "row has" : "rows have"} errors. Correct the file and upload it again.`,
  /** The upload's answer when some rows have errors, instead of the spec's "uploaded successfully". */
  uploadedWithErrors: (ready: number, invalid: number) =>
    `File uploaded with errors: ${ready} ${ready === 1 ? "row is" : "rows are"} ready and ${invalid} ${
      invalid === 1 ? "row has" : "rows have"
    } errors. Correct the file and upload it again; nothing is processed until every row is ready.`,
  repeated: (label: string) => `The ${label} appears more than once in the file.`,
} as const;

/** The spec's texts of one upload screen and its calls (word for word from the entity's spec). */
export type StagedUploadTexts = {
  uploaded: string;
  processed: string;
  deleted: string;
  uploadFailed: string;
  processFailed: string;
};

/** One spreadsheet column. */
export type StagedColumn<K extends string> = {
  /** The staged row's field (the spec's staged-row field name, e.g. `first_name`). */
  key: K;
  /**
   * The column's label, as the entity's form labels the field ("First Name"): the sample file's header, the
   * preview's column and what messages call it. Files may use it or the key, in any case, with spaces for
   * underscores.
   */
  header?: string;
  /** The file must have this column in its header row (its cells may still be blank: the schema says so). */
  required?: boolean;
  /** The sample file's cell, when the definition gives no `sample.rows`. */
  sample?: string;
  /** Longer cells are cut to this many characters (default 1000); keep it above the schema's own limit. */
  max?: number;
};

/** A staged row's cells as the file gave them: text, blank → null. */
export type StagedValues<K extends string> = Record<K, string | null>;

/** A staged row as the preview answers it: its cells, its place in the file and its field errors (null: valid). */
export type StagedPreviewRow<K extends string> = { id: number; row_no: number } & StagedValues<K> & {
    errors: FieldErrors | null;
  };

/**
 * A column naming a record (a position by name, an upline by email): its texts are looked up for all rows at
 * once, the id goes into the input's `field`, and a text that names nothing is `message` on the column.
 */
export type StagedReference = {
  /** The schema field that takes the id (`position_id`); its schema errors show on the column. */
  field: string;
  /** The column's error when its text names nothing acceptable ("The selected position is invalid."). */
  message: string;
  /** Lower-cased, distinct texts → a map of lower-cased text → id; one query (see `idsByText`). */
  load: (db: Executor, ctx: Ctx, texts: string[]) => Promise<Map<string, number>>;
};

/** One row under check: its cells, the schema's output (null when the schema refused it) and its errors so far. */
export type StagedCheck<K extends string, I> = {
  index: number;
  values: StagedValues<K>;
  input: I | null;
  /** Keyed by column; `validate` adds to it. */
  errors: FieldErrors;
};

export type StagedUploadDef<K extends string, S extends z.ZodType> = {
  /** staged_rows.kind: one staging area per kind ("users", "pjps"). */
  kind: string;
  /** The audit records' entity (the created records' table, e.g. "users"). */
  entity: string;
  permission: Permission;
  /** The multipart file field (`users`, `pjps`); file-level errors are reported on it. */
  field: string;
  columns: readonly StagedColumn<K>[];
  /** The entity's create schema, the one its form and /api use. */
  schema: S;
  messages: StagedUploadTexts;
  references?: Partial<Record<NoInfer<K>, StagedReference>>;
  /**
   * A row → the schema's input. Default: each column under its key, a reference column's id under its field.
   * `ids` holds each reference column's id (null when blank or not found).
   */
  toInput?: (values: StagedValues<NoInfer<K>>, ids: Partial<Record<NoInfer<K>, number | null>>) => unknown;
  /**
   * Set-based checks across rows and against the database (e.g. an email taken or repeated in the file), run
   * after the schema at upload and again at process: add errors to `rows[i].errors`, keyed by column.
   */
  validate?: (db: Executor, ctx: Ctx, rows: StagedCheck<NoInfer<K>, z.output<S>>[]) => Promise<void>;
  /**
   * Creates one record from a valid row inside the process transaction (the entity's own insert, with its own
   * checks: a 422 it throws marks that row and creates nothing). Answers the record's id and its audit JSON.
   */
  create: (
    tx: Tx,
    ctx: Ctx,
    input: z.output<S>,
    values: StagedValues<NoInfer<K>>,
  ) => Promise<{ id: number; after: unknown }>;
  /**
   * Optional: creates a batch of valid rows at once, with the same checks as `create` (run once per distinct
   * reference, a set query for the rest), answering each record's id and audit JSON in the inputs' order. A
   * refused row throws `rowRefused(index, error)`: that row is marked and nothing of the file is created.
   * Without it, `create` runs row by row.
   */
  createMany?: (tx: Tx, ctx: Ctx, inputs: z.output<S>[]) => Promise<{ id: number; after: unknown }[]>;
  /** The notification raised for the uploader when a file is processed. */
  notification?: (created: number) => { title: string; body?: string; link?: string };
  sample?: {
    /** Sheet name of the sample file (default: the kind). */
    sheet?: string;
    /** The download's file name (default `{kind}-upload-sample.xlsx`). */
    fileName?: string;
    /** Example rows made for the caller (e.g. a real position of their company); cells are text cells, as typed. */
    rows?: (db: Executor, ctx: Ctx) => Promise<Partial<Record<NoInfer<K>, string>>[]>;
  };
};

/** What defineStagedUpload answers: the screen's and the /api calls' operations, each checking the caller itself. */
export type StagedUpload<K extends string> = {
  kind: string;
  field: string;
  permission: Permission;
  columns: readonly StagedColumn<K>[];
  messages: StagedUploadTexts;
  /** The preview's list (for parseListQuery on the page): file order, search over every column. */
  list: List<StagedSelect>;
  /** The sample XLSX: the header row and example rows. */
  sample: (ctx: Ctx) => Promise<Buffer>;
  /** The sample as a download answer. */
  sampleResponse: (ctx: Ctx) => Promise<Response>;
  /** Reads the file and replaces the caller's staging with its rows; a refused file answers 422 and changes nothing. */
  upload: (ctx: Ctx, file: unknown) => Promise<{ count: number; invalid: number }>;
  /** What an upload answers: the spec's success text when every row is ready, else how many are and are not. */
  uploadMessage: (r: { count: number; invalid: number }) => string;
  /**
   * The label of a staged row's error key (a column, or a schema field a column fills), as messages name it;
   * null for the file field itself.
   */
  labelOf: (key: string) => string | null;
  /** One page of the caller's staged rows with their errors, the total, and how many rows have errors. */
  preview: (
    ctx: Ctx,
    params: URLSearchParams | Record<string, string | string[] | undefined>,
  ) => Promise<{ data: StagedPreviewRow<K>[]; count: number; invalid: number }>;
  /** Creates every row's record in one transaction, or none (422) while any row has errors. */
  /** With an Idempotency-Key, a repeat answers the first process's count and creates nothing (the staging is empty
   * by then: without the key it would answer 422 "nothing to process" to a client that lost the first answer). */
  process: (ctx: Ctx, o?: { idempotencyKey?: string }) => Promise<{ created: number }>;
  /** Empties the caller's staging. */
  discard: (ctx: Ctx) => Promise<{ deleted: number }>;
};

/** Rows created (and audited) per statement when a file is processed. */
const PROCESS_BATCH = 500;

const lower = (v: string) => v.trim().toLowerCase();
/** 'upline_user' → 'Upline User': a label for a key no column names. */
const humanize = (key: string) =>
  key
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/\s+/g, "_");
const hasErrors = (e: FieldErrors | null | undefined) => !!e && Object.keys(e).length > 0;
const canonical = (e: FieldErrors | null | undefined) =>
  hasErrors(e) ? JSON.stringify(Object.entries(e!).sort(([a], [b]) => (a < b ? -1 : 1))) : "null";

/** Defines a staged spreadsheet upload for one entity; see StagedUploadDef and the users upload for an example. */
export function defineStagedUpload<const K extends string, S extends z.ZodType>(
  def: StagedUploadDef<K, S>,
): StagedUpload<K> {
  type Input = z.output<S>;
  const columns = def.columns;
  const refs = Object.entries(def.references ?? {}) as [K, StagedReference][];
  const columnOfField = new Map(refs.map(([col, ref]) => [ref.field, col as string]));

  /** The caller's own staging area of this kind, within the company they act for. */
  const scope = (ctx: Ctx): SQL =>
    and(
      eq(stagedRows.company_id, requireCompany(ctx)),
      eq(stagedRows.uploaded_by, ctx.userId),
      eq(stagedRows.kind, def.kind),
    )!;

  // Uploads, processes and discards of one staging area run one at a time: otherwise two uploads could both
  // clear the area and leave both files' rows behind.
  const lockStaging = (tx: Tx, ctx: Ctx) =>
    lockSaves(tx, `staged-upload:${def.kind}:${requireCompany(ctx)}`, ctx.userId);

  const defaultInput = (values: StagedValues<K>, ids: Partial<Record<K, number | null>>) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) {
      const ref = def.references?.[c.key];
      if (ref) out[ref.field] = ids[c.key] ?? null;
      else out[c.key] = values[c.key];
    }
    return out;
  };

  /** Checks rows the way the form would, plus the references and the definition's set-based checks. */
  async function check(db: Executor, ctx: Ctx, rows: StagedValues<K>[]): Promise<StagedCheck<K, Input>[]> {
    const ids = rows.map(() => ({}) as Partial<Record<K, number | null>>);
    const refErrors = rows.map((): FieldErrors => ({}));
    for (const [col, ref] of refs) {
      const texts = [
        ...new Set(
          rows
            .map((r) => r[col])
            .filter((t): t is string => !!t)
            .map(lower),
        ),
      ];
      const found = texts.length ? await ref.load(db, ctx, texts) : new Map<string, number>();
      rows.forEach((r, i) => {
        const text = r[col];
        ids[i][col] = text ? (found.get(lower(text)) ?? null) : null;
        if (text && ids[i][col] == null) refErrors[i][col] = ref.message;
      });
    }
    const checks = rows.map((values, index): StagedCheck<K, Input> => {
      const parsed = def.schema.safeParse((def.toInput ?? defaultInput)(values, ids[index]));
      const errors: FieldErrors = {};
      if (!parsed.success) {
        for (const [k, v] of Object.entries(zodFieldErrors(parsed.error.issues))) {
          const col = columnOfField.get(k) ?? k;
          if (!(col in errors)) errors[col] = v;
        }
      }
      // "Names nothing" says more than the schema's "required" for the id it could not fill in.
      Object.assign(errors, refErrors[index]);
      return { index, values, input: parsed.success ? (parsed.data as Input) : null, errors };
    });
    await def.validate?.(db, ctx, checks);
    return checks;
  }

  /** A create's field errors, named by the file's columns; a refusal with none names the file field. */
  function columnErrors(errors: FieldErrors | undefined): FieldErrors {
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(errors ?? {})) out[columnOfField.get(k) ?? k] = v;
    return hasErrors(out) ? out : { [def.field]: def.messages.processFailed };
  }

  function valuesOf(cells: Record<string, unknown>, headerOf: Map<K, string>): StagedValues<K> {
    const out = {} as StagedValues<K>;
    for (const c of columns) {
      const h = headerOf.get(c.key);
      const raw = h == null ? null : cells[h];
      const v = raw == null ? "" : String(raw).trim();
      out[c.key] = v ? v.slice(0, c.max ?? 1000) : null;
    }
    return out;
  }

  const list = defineList({
    from: stagedRows,
    select: stagedSelect,
    id: stagedRows.id,
    searchText: sql`concat_ws(' ', ${sql.join(
      columns.map((c) => sql`${stagedRows.data}->>${sql.raw(`'${c.key.replace(/'/g, "''")}'`)}`),
      sql`, `,
    )})`,
    sort: { row_no: stagedRows.row_no },
    defaultSort: "row_no",
  });

  async function sample(ctx: Ctx): Promise<Buffer> {
    authorize(ctx, def.permission);
    requireCompany(ctx);
    const db = await getDb();
    const rows = def.sample?.rows
      ? await def.sample.rows(db, ctx)
      : columns.some((c) => c.sample != null)
        ? [Object.fromEntries(columns.map((c) => [c.key, c.sample ?? ""]))]
        : [];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet((def.sample?.sheet ?? def.kind).slice(0, 31));
    ws.columns = columns.map((c) => {
      const header = c.header ?? c.key;
      return { header, key: c.key, width: Math.max(16, header.length + 4) };
    });
    for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, r[c.key] ?? ""])));
    ws.getRow(1).font = { bold: true };
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  const labelOf = (key: string): string | null => {
    if (key === def.field) return null;
    const col = columns.find((c) => c.key === (columnOfField.get(key) ?? key));
    return col?.header ?? humanize(key.replace(/_id$/, ""));
  };

  return {
    kind: def.kind,
    field: def.field,
    permission: def.permission,
    columns,
    messages: def.messages,
    list,
    sample,
    labelOf,
    uploadMessage: ({ count, invalid }) =>
      invalid ? STAGED_UPLOAD_MESSAGES.uploadedWithErrors(count - invalid, invalid) : def.messages.uploaded,

    async sampleResponse(ctx) {
      const xlsx = await sample(ctx);
      const name = def.sample?.fileName ?? `${def.kind}-upload-sample.xlsx`;
      return new Response(new Uint8Array(xlsx), {
        headers: {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "no-store",
        },
      });
    },

    async upload(ctx, file) {
      authorize(ctx, def.permission);
      const companyId = requireCompany(ctx);
      const refuse = (message: string) => invalid({ [def.field]: message }, def.messages.uploadFailed);
      const buf = await fileBytes(file);
      if (!buf) throw refuse(STAGED_UPLOAD_MESSAGES.fileRequired);
      const sheet = await readSheet(buf);
      if (!sheet.ok) throw refuse(sheet.message);
      const headerOf = new Map<K, string>();
      for (const c of columns) {
        const h = [c.key, normalizeHeader(c.header ?? c.key)].find((n) => sheet.headers.includes(n));
        if (h) headerOf.set(c.key, h);
      }
      const missing = columns.filter((c) => c.required && !headerOf.has(c.key)).map((c) => c.header ?? c.key);
      if (missing.length) throw refuse(STAGED_UPLOAD_MESSAGES.missingColumns(missing));
      const rows = sheet.rows
        .map((cells) => valuesOf(cells, headerOf))
        .filter((r) => columns.some((c) => r[c.key] != null));
      if (!rows.length) throw refuse(STAGED_UPLOAD_MESSAGES.noRows);

      const db = await getDb();
      return db.transaction(async (tx) => {
        await lockStaging(tx, ctx);
        const checks = await check(tx, ctx, rows);
        await tx.delete(stagedRows).where(scope(ctx));
        const values = rows.map((data, i) => ({
          company_id: companyId,
          uploaded_by: ctx.userId,
          kind: def.kind,
          row_no: i + 1,
          data,
          errors: hasErrors(checks[i].errors) ? checks[i].errors : null,
        }));
        for (let i = 0; i < values.length; i += 500)
          await tx.insert(stagedRows).values(values.slice(i, i + 500));
        return { count: rows.length, invalid: values.filter((v) => v.errors).length };
      });
    },

    async preview(ctx, params) {
      authorize(ctx, def.permission);
      const db = await getDb();
      const where = scope(ctx);
      const page = await runListQuery(db, list, parseListQuery(list, params), where);
      const [{ n }] = await db
        .select({ n: count() })
        .from(stagedRows)
        .where(and(where, isNotNull(stagedRows.errors)));
      return {
        data: page.data.map(
          (r) =>
            ({
              id: r.id,
              row_no: r.row_no,
              ...fromData(r.data),
              errors: hasErrors(r.errors) ? r.errors : null,
            }) as StagedPreviewRow<K>,
        ),
        count: page.count,
        invalid: Number(n),
      };
    },

    async process(ctx, o = {}) {
      authorize(ctx, def.permission);
      const companyId = requireCompany(ctx);
      const db = await getDb();
      type Outcome = { ok: true; created: number } | { ok: false; invalid: number };
      const once = { key: o.idempotencyKey, entity: `staged-upload:${def.kind}`, raw: {} };
      const outcome = await oncePerKey(ctx, once, ({ claim, settle, release }) =>
        db.transaction(async (tx): Promise<Outcome> => {
          await claim(tx);
          const result = await processStaged(tx);
          if (result.ok) await settle(tx, 0, result);
          else await release(tx);
          return result;
        }),
      );
      if (!outcome.ok) {
        throw invalid(
          {
            [def.field]: outcome.invalid
              ? STAGED_UPLOAD_MESSAGES.rowsInvalid(outcome.invalid)
              : STAGED_UPLOAD_MESSAGES.nothingToProcess,
          },
          def.messages.processFailed,
        );
      }
      return { created: outcome.created };

      async function processStaged(tx: Tx): Promise<Outcome> {
        await lockStaging(tx, ctx);
        const rows = await tx
          .select()
          .from(stagedRows)
          .where(scope(ctx))
          .orderBy(asc(stagedRows.row_no), asc(stagedRows.id));
        if (!rows.length) return { ok: false, invalid: 0 };
        // Checked again: the referenced records and the entity's own data may have changed since the upload.
        const checks = await check(
          tx,
          ctx,
          rows.map((r) => fromData(r.data)),
        );
        await saveErrors(
          tx,
          rows,
          checks.map((c) => c.errors),
        );
        const bad = checks.filter((c) => hasErrors(c.errors)).length;
        if (bad) return { ok: false, invalid: bad };

        // A savepoint: when a create still refuses a row (a record saved in between), nothing of the file is
        // created and that row keeps the create's errors.
        const failure: { id?: number; errors?: FieldErrors } = {};
        try {
          await tx.transaction(async (inner) => {
            // In batches: the records (createMany when the definition has it), then their audit records in one
            // statement. 5,000 rows one by one were some 25,000 round trips.
            for (let at = 0; at < rows.length; at += PROCESS_BATCH) {
              const part = checks.slice(at, at + PROCESS_BATCH);
              const made: { id: number; after: unknown }[] = [];
              try {
                if (def.createMany)
                  made.push(
                    ...(await def.createMany(
                      inner,
                      ctx,
                      part.map((c) => c.input as Input),
                    )),
                  );
                else
                  for (const c of part) made.push(await def.create(inner, ctx, c.input as Input, c.values));
              } catch (e) {
                if (e instanceof AppError && e.status === 422) {
                  const row = e instanceof RowRefused ? e.row : made.length;
                  failure.id = rows[at + row].id;
                  failure.errors = columnErrors(e.fieldErrors);
                }
                throw e;
              }
              await writeAudits(
                inner,
                ctx,
                made.map((m) => ({
                  entity: def.entity,
                  entityId: m.id,
                  action: "create" as const,
                  before: null,
                  after: m.after,
                })),
              );
            }
            await inner.delete(stagedRows).where(scope(ctx));
            if (def.notification)
              await notify({ userId: ctx.userId, companyId, ...def.notification(rows.length) }, inner);
          });
        } catch (e) {
          if (failure.id == null) throw e;
          await tx.update(stagedRows).set({ errors: failure.errors }).where(eq(stagedRows.id, failure.id));
          return { ok: false, invalid: 1 };
        }
        return { ok: true, created: rows.length };
      }
    },

    async discard(ctx) {
      authorize(ctx, def.permission);
      const db = await getDb();
      return db.transaction(async (tx) => {
        await lockStaging(tx, ctx);
        const gone = await tx.delete(stagedRows).where(scope(ctx)).returning({ id: stagedRows.id });
        return { deleted: gone.length };
      });
    },
  };

  /** A staged row's stored cells, as the current column list reads them. */
  function fromData(data: Record<string, string | null> | null): StagedValues<K> {
    const out = {} as StagedValues<K>;
    for (const c of columns) out[c.key] = data?.[c.key] ?? null;
    return out;
  }
}

/** Writes the rows' refreshed errors in one statement per 1,000 changed rows, skipping rows whose errors stand. */
async function saveErrors(
  tx: Tx,
  rows: { id: number; errors: FieldErrors | null }[],
  errors: FieldErrors[],
): Promise<void> {
  const changed = rows.flatMap((r, i) =>
    canonical(r.errors) === canonical(errors[i])
      ? []
      : [{ id: r.id, errors: hasErrors(errors[i]) ? errors[i] : null }],
  );
  for (let i = 0; i < changed.length; i += 1000) {
    const part = JSON.stringify(changed.slice(i, i + 1000));
    await tx.execute(sql`
      update ${stagedRows} set errors = nullif(x.errors, 'null'::jsonb)
      from jsonb_to_recordset(${part}::jsonb) as x(id integer, errors jsonb)
      where ${stagedRows.id} = x.id`);
  }
}

async function fileBytes(file: unknown): Promise<Buffer | null> {
  if (file instanceof Blob && file.size > 0) return Buffer.from(await file.arrayBuffer());
  if (Buffer.isBuffer(file) && file.length > 0) return file;
  return null;
}

/**
 * Ids of the records whose `text` column matches the given texts case-insensitively, among the rows `where`
 * accepts: lower-cased text → id (the lowest id when two match). The usual StagedReference.load, and a way to
 * find values already taken (emails). One query per 1,000 texts.
 */
export async function idsByText(
  db: Executor,
  o: { id: AnyPgColumn; text: AnyPgColumn; texts: readonly string[]; where?: SQL },
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const texts = [...new Set(o.texts.map(lower))];
  for (let i = 0; i < texts.length; i += 1000) {
    const found = await db
      .select({ id: o.id, text: o.text })
      .from(o.id.table as PgTable)
      .where(and(inArray(sql`lower(${o.text})`, texts.slice(i, i + 1000)), o.where))
      .orderBy(asc(o.id));
    for (const f of found) {
      const key = lower(String(f.text ?? ""));
      if (!out.has(key)) out.set(key, Number(f.id));
    }
  }
  return out;
}

/**
 * Marks rows whose `column` repeats another row's text (case-insensitively) with `message`, unless that column
 * already has an error: for "unique" fields a database check cannot see within one file.
 */
export function markRepeated<K extends string>(
  rows: StagedCheck<K, unknown>[],
  column: K,
  message: string,
): void {
  const seen = new Map<string, number>();
  for (const r of rows) {
    const v = r.values[column];
    if (v) seen.set(lower(v), (seen.get(lower(v)) ?? 0) + 1);
  }
  for (const r of rows) {
    const v = r.values[column];
    if (v && !r.errors[column] && (seen.get(lower(v)) ?? 0) > 1) r.errors[column] = message;
  }
}

/**
 * The preview as its screen shows it (components/upload StagedRowsTable): the columns with their labels in the
 * file's order, and each row with its errors in that order, named by their columns' labels (never a field's name).
 */
export function stagedScreen<K extends string>(
  upload: Pick<StagedUpload<K>, "columns" | "labelOf">,
  rows: StagedPreviewRow<K>[],
) {
  const order = (k: string) => {
    const i = upload.columns.findIndex((c) => c.key === k);
    return i < 0 ? upload.columns.length : i;
  };
  return {
    columns: upload.columns.map((c) => ({ key: c.key as string, label: c.header ?? c.key })),
    rows: rows.map((r) => ({
      ...r,
      messages: Object.entries(r.errors ?? {})
        .sort(([a], [b]) => order(a) - order(b))
        .map(([key, message]) => ({ label: upload.labelOf(key), message })),
    })),
  };
}
