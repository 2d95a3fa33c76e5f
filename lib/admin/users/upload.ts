import "server-only";
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import { positions, stagedUsers, users, type StagedUser } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { AppError, invalid, zodFieldErrors, type FieldErrors } from "@/lib/platform/errors";
import { parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { writeAudit } from "@/lib/platform/mutations";
import { notify } from "@/lib/platform/notifications";
import { POSITION } from "@/lib/platform/permissions";
import { neutralizeFormula, readSheet } from "@/lib/platform/spreadsheet";
import { userCreateSchema, type UserCreateInput } from "./schema";
import { insertUser, publicUser, USER_MESSAGES } from "./users";

/** The texts of the bulk upload screen and its calls (spec 000 §8), word for word. */
export const UPLOAD_MESSAGES = {
  uploaded: "The file has been uploaded successfully. Now you can Preview the List & process accordingly.",
  processed: "The file has been processed successfully. Now you can see your users in User's Tab.",
  deleted: "The file has been deleted successfully. Now you can select a new file to upload.",
  uploadFailed:
    "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...",
  processFailed:
    "Looks like system faced an error while processing the File. Kindly check the file before processing ...",
  // Field errors of this module (not spec texts), in the style of lib/platform/schemas.ts.
  fileRequired: "The users field is required.",
  noRows: "The file has no rows to upload.",
  missingColumns: (cols: string[]) => `The file must have the column(s) ${cols.join(", ")} in its first row.`,
  nothingToProcess: "There are no uploaded rows to process. Upload a file first.",
  rowsInvalid: (n: number) =>
    `${n} ${n === 1 ? "row has" : "rows have"} errors. Correct the file and upload it again.`,
  emailRepeated: "The email appears more than once in the file.",
} as const;

/** The spreadsheet's columns (spec 000 §3, bulk-upload staging user), in the sample file's order. */
export const UPLOAD_COLUMNS = [
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "position",
  "upline_user",
] as const;
type UploadColumn = (typeof UPLOAD_COLUMNS)[number];
const REQUIRED_COLUMNS: UploadColumn[] = ["first_name", "last_name", "email", "position"];

/** One staged row's values as the file gave them (text; blank → null). */
export type StagedValues = Record<UploadColumn, string | null>;

/** A staged row as the preview shows it: the file's values and that row's field errors (null when valid). */
export type StagedRow = StagedValues & { id: number; row_no: number; errors: FieldErrors | null };

// The staging columns' lengths: longer cells are cut to fit, and the schema still reports them as too long.
const STAGE_MAX: Record<UploadColumn, number> = {
  first_name: 300,
  middle_name: 300,
  last_name: 300,
  email: 300,
  phone: 100,
  position: 300,
  upline_user: 300,
};

/** The caller's own staging area: one per uploader within the company they act for. */
function stagingScope(ctx: Ctx): SQL {
  return and(eq(stagedUsers.company_id, requireCompany(ctx)), eq(stagedUsers.uploaded_by, ctx.userId))!;
}

const lower = (v: string | null) => (v ?? "").trim().toLowerCase();

/**
 * Checks staged rows against the user form's schema and the acting company's data: the position is a live,
 * active position of the company (by name, case-insensitive), the upline user a live, active user of the
 * company (by email), the email not taken by any user (it is the login) and not repeated within the file.
 * Answers each row's field errors, keyed by the file's column names; an empty object means valid.
 */
async function validateRows(
  db: Executor,
  companyId: number,
  rows: StagedValues[],
): Promise<{ errors: FieldErrors; input: UserCreateInput | null }[]> {
  const posRows = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(
      and(eq(positions.company_id, companyId), isNull(positions.deleted_at), eq(positions.is_active, 1)),
    );
  const positionByName = new Map(posRows.map((p) => [lower(p.name), p.id]));

  const emails = [...new Set(rows.map((r) => lower(r.email)).filter(Boolean))];
  const uplines = [...new Set(rows.map((r) => lower(r.upline_user)).filter(Boolean))];
  const taken = new Set<string>();
  const uplineByEmail = new Map<string, number>();
  // Chunks keep each statement well under PostgreSQL's parameter limit for the largest allowed file.
  for (let i = 0; i < emails.length; i += 1000) {
    const part = emails.slice(i, i + 1000);
    const found = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const u of found) taken.add(lower(u.email));
  }
  for (let i = 0; i < uplines.length; i += 1000) {
    const part = uplines.slice(i, i + 1000);
    const found = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.email})`, part),
          eq(users.company_id, companyId),
          isNull(users.deleted_at),
          eq(users.is_active, 1),
        ),
      );
    for (const u of found) uplineByEmail.set(lower(u.email), u.id);
  }
  const seen = new Map<string, number>();
  for (const r of rows) if (r.email) seen.set(lower(r.email), (seen.get(lower(r.email)) ?? 0) + 1);

  return rows.map((r) => {
    const position_id = r.position ? (positionByName.get(lower(r.position)) ?? null) : null;
    const upline_user_id = r.upline_user ? (uplineByEmail.get(lower(r.upline_user)) ?? null) : null;
    const parsed = userCreateSchema.safeParse({
      first_name: r.first_name ?? "",
      middle_name: r.middle_name,
      last_name: r.last_name ?? "",
      email: r.email ?? "",
      phone: r.phone,
      position_id,
      upline_user_id,
    });
    const errors: FieldErrors = {};
    // The schema names the references by id; the file names them by position name and upline email.
    const rename: Record<string, UploadColumn> = { position_id: "position", upline_user_id: "upline_user" };
    if (!parsed.success) {
      for (const [k, v] of Object.entries(zodFieldErrors(parsed.error.issues))) errors[rename[k] ?? k] = v;
    }
    if (r.position && position_id == null) errors.position = USER_MESSAGES.positionInvalid;
    if (r.upline_user && upline_user_id == null) errors.upline_user = USER_MESSAGES.uplineInvalid;
    if (!errors.email && r.email) {
      if (taken.has(lower(r.email))) errors.email = USER_MESSAGES.emailTaken;
      else if ((seen.get(lower(r.email)) ?? 0) > 1) errors.email = UPLOAD_MESSAGES.emailRepeated;
    }
    return { errors, input: parsed.success && !Object.keys(errors).length ? parsed.data : null };
  });
}

function valuesOf(raw: Record<string, string>): StagedValues {
  const out = {} as StagedValues;
  for (const c of UPLOAD_COLUMNS) {
    const v = (raw[c] ?? "").trim();
    out[c] = v ? v.slice(0, STAGE_MAX[c]) : null;
  }
  return out;
}

async function fileBytes(file: unknown): Promise<Buffer | null> {
  if (file instanceof Blob && file.size > 0) return Buffer.from(await file.arrayBuffer());
  if (Buffer.isBuffer(file) && file.length > 0) return file;
  return null;
}

/**
 * POST crud_users/upload_user: reads the spreadsheet (file field `users`) and, in one transaction, replaces the
 * caller's staging rows with the file's rows, each with its field errors. A file that cannot be read (not an
 * XLSX, too large, a zip bomb, no rows, required columns missing) answers 422 on `users` and leaves the staging
 * area as it was.
 */
export async function uploadUsers(ctx: Ctx, file: unknown): Promise<{ count: number; invalid: number }> {
  authorize(ctx, "users.upload");
  const companyId = requireCompany(ctx);
  const refuse = (message: string) => invalid({ users: message }, UPLOAD_MESSAGES.uploadFailed);
  const buf = await fileBytes(file);
  if (!buf) throw refuse(UPLOAD_MESSAGES.fileRequired);
  const sheet = await readSheet(buf);
  if (!sheet.ok) throw refuse(sheet.message);
  const missing = REQUIRED_COLUMNS.filter((c) => !sheet.headers.includes(c));
  if (missing.length) throw refuse(UPLOAD_MESSAGES.missingColumns(missing));
  const rows = sheet.rows.map(valuesOf).filter((r) => UPLOAD_COLUMNS.some((c) => r[c] != null));
  if (!rows.length) throw refuse(UPLOAD_MESSAGES.noRows);

  const db = await getDb();
  return db.transaction(async (tx) => {
    const checks = await validateRows(tx, companyId, rows);
    await tx.delete(stagedUsers).where(stagingScope(ctx));
    const values = rows.map((r, i) => ({
      ...r,
      company_id: companyId,
      uploaded_by: ctx.userId,
      row_no: i + 1,
      errors: Object.keys(checks[i].errors).length ? checks[i].errors : null,
    }));
    for (let i = 0; i < values.length; i += 500)
      await tx.insert(stagedUsers).values(values.slice(i, i + 500));
    return { count: rows.length, invalid: values.filter((v) => v.errors).length };
  });
}

export const stagedUserListSpec: ListSpec = {
  table: stagedUsers,
  id: stagedUsers.id,
  search: [stagedUsers.first_name, stagedUsers.last_name, stagedUsers.email],
  orderBy: { column: stagedUsers.row_no, dir: "asc" },
};

const stagedColumns = {
  id: stagedUsers.id,
  row_no: stagedUsers.row_no,
  first_name: stagedUsers.first_name,
  middle_name: stagedUsers.middle_name,
  last_name: stagedUsers.last_name,
  email: stagedUsers.email,
  phone: stagedUsers.phone,
  position: stagedUsers.position,
  upline_user: stagedUsers.upline_user,
  errors: stagedUsers.errors,
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

/**
 * GET crud_users: one page of the caller's staged rows in file order, the total count, and how many rows carry
 * errors (the preview disables Process while any do, whichever page they are on).
 */
export async function listStagedUsers(
  ctx: Ctx,
  raw: RawParams,
): Promise<{ data: StagedRow[]; count: number; invalid: number }> {
  authorize(ctx, "users.upload");
  const db = await getDb();
  const p = parseListParams(raw, stagedUserListSpec);
  const scope = stagingScope(ctx);
  const { data, count: total } = await runList<StagedRow>(db, stagedUserListSpec, p, scope, stagedColumns);
  const [{ n }] = await db
    .select({ n: count() })
    .from(stagedUsers)
    .where(and(scope, isNotNull(stagedUsers.errors)));
  return { data, count: total, invalid: Number(n) };
}

type ProcessOutcome = { ok: true; created: number } | { ok: false; invalid: number };

/**
 * GET crud_users/process_user: checks every staged row again (positions, uplines and emails may have changed
 * since the upload). When any row is invalid, or there are none, nothing is created: the rows keep their
 * refreshed errors and the call answers 422. Otherwise all users are created in one transaction, each with an
 * audit record, the staging rows are cleared and the uploader is notified.
 */
export async function processStagedUsers(ctx: Ctx): Promise<{ created: number }> {
  authorize(ctx, "users.upload");
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<ProcessOutcome> => {
    // Locks the caller's rows: a second Process at the same time waits, then finds them gone.
    const rows = await tx
      .select()
      .from(stagedUsers)
      .where(stagingScope(ctx))
      .orderBy(asc(stagedUsers.row_no))
      .for("update");
    if (!rows.length) return { ok: false, invalid: 0 };
    const checks = await validateRows(tx, companyId, rows);
    await refreshErrors(
      tx,
      rows,
      checks.map((c) => c.errors),
    );
    const bad = checks.filter((c) => Object.keys(c.errors).length).length;
    if (bad) return { ok: false, invalid: bad };

    // A savepoint: if insertUser still refuses a row (a user saved in between), no user of the file is created
    // while the row's refreshed error is kept.
    const failure: { row?: StagedUser; errors?: FieldErrors } = {};
    try {
      await tx.transaction(async (inner) => {
        for (let i = 0; i < rows.length; i++) {
          const r = rows[i];
          try {
            const user = await insertUser(inner, ctx, checks[i].input!);
            await writeAudit(inner, ctx, {
              entity: "users",
              entityId: user.id,
              action: "create",
              before: null,
              after: publicUser(user),
            });
          } catch (e) {
            if (e instanceof AppError && e.status === 422) {
              failure.row = r;
              failure.errors = stagedKeys(e.fieldErrors);
            }
            throw e;
          }
        }
        await inner.delete(stagedUsers).where(stagingScope(ctx));
        await notify(
          {
            userId: ctx.userId,
            companyId,
            title: "Bulk upload processed",
            body: `${rows.length} ${rows.length === 1 ? "user was" : "users were"} created.`,
            link: "/users",
          },
          inner,
        );
      });
    } catch (e) {
      if (!failure.row) throw e;
      await tx.update(stagedUsers).set({ errors: failure.errors }).where(eq(stagedUsers.id, failure.row.id));
      return { ok: false, invalid: 1 };
    }
    return { ok: true, created: rows.length };
  });
  if (!outcome.ok) {
    throw invalid(
      {
        users: outcome.invalid
          ? UPLOAD_MESSAGES.rowsInvalid(outcome.invalid)
          : UPLOAD_MESSAGES.nothingToProcess,
      },
      UPLOAD_MESSAGES.processFailed,
    );
  }
  return { created: outcome.created };
}

/** insertUser's field names → the file's column names. */
function stagedKeys(errors: FieldErrors | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors ?? {}))
    out[k === "position_id" ? "position" : k === "upline_user_id" ? "upline_user" : k] = v;
  return Object.keys(out).length ? out : { users: UPLOAD_MESSAGES.processFailed };
}

async function refreshErrors(tx: Tx, rows: StagedUser[], errors: FieldErrors[]) {
  for (let i = 0; i < rows.length; i++) {
    const next = Object.keys(errors[i]).length ? errors[i] : null;
    if (JSON.stringify(next) === JSON.stringify(rows[i].errors ?? null)) continue;
    await tx.update(stagedUsers).set({ errors: next }).where(eq(stagedUsers.id, rows[i].id));
  }
}

/** GET crud_users/truncate_users: discards the caller's staged rows. */
export async function discardStagedUsers(ctx: Ctx): Promise<{ deleted: number }> {
  authorize(ctx, "users.upload");
  const db = await getDb();
  const gone = await db.delete(stagedUsers).where(stagingScope(ctx)).returning({ id: stagedUsers.id });
  return { deleted: gone.length };
}

/**
 * GET crud_users/sample: an XLSX with the upload's header row and two example rows that would pass, using a
 * position of the acting company (CUSTOMER when it has one) and the caller as upline when they belong to it.
 */
export async function userUploadSample(ctx: Ctx): Promise<Buffer> {
  authorize(ctx, "users.upload");
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const posRows = await db
    .select({ name: positions.name })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), isNull(positions.deleted_at), eq(positions.is_active, 1)))
    .orderBy(asc(positions.id));
  const position =
    posRows.find((p) => p.name.toUpperCase() === POSITION.CUSTOMER)?.name ??
    posRows[0]?.name ??
    POSITION.CUSTOMER;
  const [me] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.company_id, companyId), isNull(users.deleted_at)))
    .limit(1);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Users");
  ws.columns = UPLOAD_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(16, c.length + 4) }));
  ws.addRow({
    first_name: "Riya",
    middle_name: "",
    last_name: "Sharma",
    email: "riya.sharma@example.com",
    phone: "+91 98765 43210",
    position,
    upline_user: "",
  });
  ws.addRow({
    first_name: "Arjun",
    middle_name: "Kumar",
    last_name: "Mehta",
    email: "arjun.mehta@example.com",
    phone: "9876501234",
    position,
    upline_user: me ? neutralizeFormula(me.email) : "",
  });
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
