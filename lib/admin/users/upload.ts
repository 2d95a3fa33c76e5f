import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { positions, users } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { POSITION } from "@/lib/platform/permissions";
import {
  defineStagedUpload,
  idsByText,
  markRepeated,
  STAGED_UPLOAD_MESSAGES,
  type StagedPreviewRow,
} from "@/lib/platform/staged-upload";
import { userCreateSchema } from "./schema";
import { emailsTaken, insertUser, insertUsers, publicUser, USER_MESSAGES } from "./users";

/** The texts of the bulk upload screen and its calls (spec 000 §8), word for word, and the upload's field errors. */
export const UPLOAD_MESSAGES = {
  uploaded: "The file has been uploaded successfully. Now you can Preview the List & process accordingly.",
  processed: "The file has been processed successfully. Now you can see your users in User's Tab.",
  deleted: "The file has been deleted successfully. Now you can select a new file to upload.",
  uploadFailed:
    "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...",
  processFailed:
    "Looks like system faced an error while processing the File. Kindly check the file before processing ...",
  fileRequired: STAGED_UPLOAD_MESSAGES.fileRequired,
  noRows: STAGED_UPLOAD_MESSAGES.noRows,
  missingColumns: STAGED_UPLOAD_MESSAGES.missingColumns,
  nothingToProcess: STAGED_UPLOAD_MESSAGES.nothingToProcess,
  rowsInvalid: STAGED_UPLOAD_MESSAGES.rowsInvalid,
  uploadedWithErrors: STAGED_UPLOAD_MESSAGES.uploadedWithErrors,
  emailRepeated: STAGED_UPLOAD_MESSAGES.repeated("email"),
} as const;

/** A live, active record of the acting company. */
const live = <T extends typeof positions | typeof users>(t: T, ctx: Ctx) =>
  and(eq(t.company_id, requireCompany(ctx)), isNull(t.deleted_at), eq(t.is_active, 1));

/**
 * The users bulk upload (spec 000 §2.9, §3 bulk-upload staging user). Each row is checked with the user form's
 * schema; the position is named by a live, active position of the acting company (case-insensitive), the upline
 * user by the email of a live, active user of it; the email must be free (it is the login, across companies)
 * and not repeated within the file. Processing creates the users as the user form would (role USER, the acting
 * company, an unusable password) and notifies the uploader.
 */
export const usersUpload = defineStagedUpload({
  kind: "users",
  entity: "users",
  permission: "users.upload",
  field: "users",
  // Headers as the user form labels its fields (the upline user is not on the form: the preview's name for it).
  columns: [
    { key: "first_name", header: "First Name", required: true },
    { key: "middle_name", header: "Middle Name" },
    { key: "last_name", header: "Last Name", required: true },
    { key: "email", header: "Email", required: true },
    { key: "phone", header: "Phone" },
    { key: "position", header: "Position", required: true },
    { key: "upline_user", header: "Upline User" },
  ],
  schema: userCreateSchema,
  messages: UPLOAD_MESSAGES,
  references: {
    position: {
      field: "position_id",
      message: USER_MESSAGES.positionInvalid,
      load: (db, ctx, texts) =>
        idsByText(db, { id: positions.id, text: positions.name, texts, where: live(positions, ctx) }),
    },
    upline_user: {
      field: "upline_user_id",
      message: USER_MESSAGES.uplineInvalid,
      load: (db, ctx, texts) =>
        idsByText(db, { id: users.id, text: users.email, texts, where: live(users, ctx) }),
    },
  },
  async validate(db, _ctx, rows) {
    const emails = rows.filter((r) => r.values.email && !r.errors.email).map((r) => r.values.email!);
    // Any user's, deleted ones included: the unique index on email covers them all.
    const taken = await emailsTaken(db, emails);
    for (const r of rows) {
      const email = r.values.email?.toLowerCase();
      if (email && !r.errors.email && taken.has(email)) r.errors.email = USER_MESSAGES.emailTaken;
    }
    markRepeated(rows, "email", UPLOAD_MESSAGES.emailRepeated);
  },
  async create(tx, ctx, input) {
    const user = await insertUser(tx, ctx, input);
    return { id: user.id, after: publicUser(user) };
  },
  async createMany(tx, ctx, inputs) {
    return (await insertUsers(tx, ctx, inputs)).map((u) => ({ id: u.id, after: publicUser(u) }));
  },
  notification: (n) => ({
    title: "Bulk upload processed",
    body: `${n} ${n === 1 ? "user was" : "users were"} created.`,
    link: "/users",
  }),
  sample: {
    sheet: "Users",
    fileName: "users-upload-sample.xlsx",
    // Two rows that would pass: a position of the acting company (CUSTOMER when it has one), and the caller as
    // upline when they belong to it.
    async rows(db, ctx) {
      const posRows = await db
        .select({ name: positions.name })
        .from(positions)
        .where(live(positions, ctx))
        .orderBy(asc(positions.id));
      const position =
        posRows.find((p) => p.name.toUpperCase() === POSITION.CUSTOMER)?.name ??
        posRows[0]?.name ??
        POSITION.CUSTOMER;
      const [me] = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(eq(users.id, ctx.userId), eq(users.company_id, requireCompany(ctx)), isNull(users.deleted_at)),
        )
        .limit(1);
      return [
        {
          first_name: "Riya",
          last_name: "Sharma",
          email: "riya.sharma@example.com",
          phone: "+91 98765 43210",
          position,
        },
        {
          first_name: "Arjun",
          middle_name: "Kumar",
          last_name: "Mehta",
          email: "arjun.mehta@example.com",
          phone: "9876501234",
          position,
          // A text cell: an email is written as typed (an apostrophe would make it another email).
          upline_user: me?.email ?? "",
        },
      ];
    },
  },
});

type UploadColumn = (typeof usersUpload.columns)[number]["key"];

/** The spreadsheet's columns (spec 000 §3, bulk-upload staging user), in the sample file's order. */
export const UPLOAD_COLUMNS = usersUpload.columns.map((c) => c.key);

/** A staged row as the preview shows it: the file's values and that row's field errors (null when valid). */
export type StagedRow = StagedPreviewRow<UploadColumn>;

/** The preview's list parameters (page, rowsPerPage, search_keyword). */
export const stagedUserList = usersUpload.list;

/**
 * POST crud_users/upload_user: reads the spreadsheet (file field `users`) and, in one transaction, replaces the
 * caller's staging rows with the file's rows, each with its field errors. A file that cannot be read (not an
 * XLSX, too large, a zip bomb, no rows, required columns missing) answers 422 on `users` and leaves the staging
 * area as it was.
 */
export const uploadUsers = (ctx: Ctx, file: unknown) => usersUpload.upload(ctx, file);

/** GET crud_users: one page of the caller's staged rows in file order, the total, and how many have errors. */
export const listStagedUsers = (ctx: Ctx, raw: Parameters<typeof usersUpload.preview>[1]) =>
  usersUpload.preview(ctx, raw);

/**
 * GET crud_users/process_user: checks every staged row again and creates all users in one transaction, each
 * with an audit record, then clears the staging and notifies the uploader; or nothing (422) while any row has
 * errors, the rows keeping their refreshed errors.
 */
export const processStagedUsers = (ctx: Ctx) => usersUpload.process(ctx);

/** GET crud_users/truncate_users: discards the caller's staged rows. */
export const discardStagedUsers = (ctx: Ctx) => usersUpload.discard(ctx);

/** GET crud_users/sample: an XLSX with the upload's header row and two example rows that would pass. */
export const userUploadSample = (ctx: Ctx) => usersUpload.sample(ctx);
