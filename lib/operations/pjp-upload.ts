import "server-only";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { outlets, pjps, stagedRows, users } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { invalid, zodFieldErrors, type FieldErrors } from "@/lib/platform/errors";
import { notify } from "@/lib/platform/notifications";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { optionalText, requiredText } from "@/lib/platform/schemas";
import {
  defineStagedUpload,
  idsByText,
  STAGED_UPLOAD_MESSAGES,
  type StagedPreviewRow,
  type StagedUpload,
  type StagedValues,
} from "@/lib/platform/staged-upload";
import { lockSaves } from "@/lib/platform/unique";
import { USER_LOOKUP_MESSAGES } from "@/lib/operations/users-lookup";
import { OUTLET_MESSAGES, pickableOutlet } from "./pjp-masters";
import { insertPjps, lockUserPjps, PJP_MESSAGES, pjpKey, type NewPjp } from "./pjps";
import { parseDate } from "./week-parity";

/** The upload screen's and calls' texts (spec 001 §8, word for word), and the checks' own. */
export const PJP_UPLOAD_MESSAGES = {
  uploaded: "The file has been uploaded successfully. Now you can Preview the List & process accordingly.",
  processed: "The file has been processed successfully. Now you can see your pjps in Pjp's Tab.",
  deleted: "The file has been deleted successfully. Now you can select a new file to upload.",
  uploadFailed:
    "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...",
  processFailed:
    "Looks like system faced an error while processing the File. Kindly check the file before processing ...",
  dateInvalid: "The date must be a date like 25-11-2026 or 2026-11-25.",
  visitedInvalid: "The is outlet visited must be Yes or No (1 or 0).",
  userAmbiguous: "More than one user has this user name: give the user's email instead.",
  outletRepeated: "The outlet appears more than once for this PJP.",
  visitedDiffers: "Rows of one PJP (same user, date, name and location) must agree on Is Outlet Visited.",
  descriptionDiffers: "Rows of one PJP (same user, date, name and location) must have the same description.",
  locationDiffers: "Rows of one user, date and name must have the same location.",
} as const;

const COLUMNS = [
  { key: "name", header: "Name", required: true },
  { key: "location", header: "Location" },
  { key: "date", header: "Date", required: true },
  { key: "description", header: "Description" },
  { key: "user_name", header: "User Name", required: true },
  { key: "outlet_name", header: "Outlet Name", required: true },
  { key: "is_outlet_visited", header: "Is Outlet Visited" },
] as const;
type Column = (typeof COLUMNS)[number]["key"];
type Values = StagedValues<Column>;

/** A staged row as the preview shows it. */
export type StagedPjpRow = StagedPreviewRow<Column>;

/** A date cell (read as YYYY-MM-DD, maybe with a time) or text DD-MM-YYYY / YYYY-MM-DD (also with slashes). */
export function uploadDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(T.*)?$/.exec(t);
  let iso: string | null = null;
  if (m) iso = `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  else if ((m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t)))
    iso = `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return iso && parseDate(iso) ? iso : null;
}

const YES = new Set(["1", "yes", "y", "true"]);
const NO = new Set(["", "0", "no", "n", "false"]);

/** The cells the form's own rules check (user and outlet are looked up by name). */
const cellSchema = z.object({
  name: requiredText("name", 200),
  location: optionalText("location", 200),
  description: optionalText("description", 1000),
});

/** One checked row: its errors by column, and what it stands for when it has none. */
type Checked = {
  errors: FieldErrors;
  row: {
    name: string;
    location: string | null;
    description: string | null;
    date: string;
    user_id: number;
    outlet_id: number;
    is_outlet_visited: number;
  } | null;
};

const lower = (s: string) => s.trim().toLowerCase();

/** Users named by user name or email: live, active, role USER, of the acting company (the PJP form's users). */
async function usersByText(db: Executor, companyId: number, texts: string[]) {
  const byEmail = new Map<string, number>();
  const byName = new Map<string, number[]>();
  for (let i = 0; i < texts.length; i += 1000) {
    const part = texts.slice(i, i + 1000);
    const found = await db
      .select({ id: users.id, email: users.email, user_name: users.user_name })
      .from(users)
      .where(
        and(
          eq(users.company_id, companyId),
          eq(users.role_id, ROLE_IDS[ROLE.USER]),
          isNull(users.deleted_at),
          eq(users.is_active, 1),
          or(inArray(sql`lower(${users.email})`, part), inArray(sql`lower(${users.user_name})`, part)),
        ),
      )
      .orderBy(asc(users.id));
    for (const u of found) {
      byEmail.set(lower(u.email), u.id);
      if (u.user_name) {
        const k = lower(u.user_name);
        if (!byName.get(k)?.includes(u.id)) byName.set(k, [...(byName.get(k) ?? []), u.id]);
      }
    }
  }
  return { byEmail, byName };
}

/**
 * Checks staged rows as the PJP form would, plus the file's own rules: the user is named by user name or email
 * (live, active, role USER, of the acting company; a user name two users share must be an email), the outlet by
 * its name (live, active, of the company), the date is a date cell or DD-MM-YYYY / YYYY-MM-DD text. Rows with the
 * same user, date, name and location make one PJP with several outlets: they must agree on Is Outlet Visited and
 * on the description (rows that give one), and name each outlet once. A PJP the user already has on that date with
 * that name refuses its rows, as the form would.
 */
export async function checkPjpRows(db: Executor, ctx: Ctx, rows: readonly Values[]): Promise<Checked[]> {
  const companyId = requireCompany(ctx);
  const texts = (k: Column) => [
    ...new Set(
      rows
        .map((r) => r[k])
        .filter((t): t is string => !!t)
        .map(lower),
    ),
  ];
  const people = await usersByText(db, companyId, texts("user_name"));
  const places = await idsByText(db, {
    id: outlets.id,
    text: outlets.name,
    texts: texts("outlet_name"),
    where: pickableOutlet(companyId),
  });

  const checked: Checked[] = rows.map((v) => {
    const errors: FieldErrors = {};
    const cells = cellSchema.safeParse({ name: v.name, location: v.location, description: v.description });
    if (!cells.success) Object.assign(errors, zodFieldErrors(cells.error.issues));
    const date = v.date ? uploadDate(v.date) : null;
    if (!v.date) errors.date = "The date field is required.";
    else if (!date) errors.date = PJP_UPLOAD_MESSAGES.dateInvalid;
    let user_id: number | undefined;
    if (!v.user_name) errors.user_name = "The user name field is required.";
    else {
      const k = lower(v.user_name);
      const named = people.byName.get(k) ?? [];
      user_id = people.byEmail.get(k) ?? (named.length === 1 ? named[0] : undefined);
      if (user_id == null)
        errors.user_name =
          named.length > 1 ? PJP_UPLOAD_MESSAGES.userAmbiguous : USER_LOOKUP_MESSAGES.userInvalid;
    }
    const outlet_id = v.outlet_name ? places.get(lower(v.outlet_name)) : undefined;
    if (!v.outlet_name) errors.outlet_name = "The outlet name field is required.";
    else if (outlet_id == null) errors.outlet_name = OUTLET_MESSAGES.outletInvalid;
    const visited = lower(v.is_outlet_visited ?? "");
    if (!YES.has(visited) && !NO.has(visited)) errors.is_outlet_visited = PJP_UPLOAD_MESSAGES.visitedInvalid;
    const ok = Object.keys(errors).length === 0 && cells.success;
    return {
      errors,
      row: ok
        ? {
            ...cells.data!,
            date: date!,
            user_id: user_id!,
            outlet_id: outlet_id!,
            is_outlet_visited: YES.has(visited) ? 1 : 0,
          }
        : null,
    };
  });

  // Rows of one PJP, and the PJPs already there.
  const groups = new Map<string, Checked[]>();
  const locations = new Map<string, string>();
  for (const c of checked) {
    if (!c.row) continue;
    const r = c.row;
    const same = `${r.user_id}|${pjpKey(r.date, r.name)}`;
    const place = lower(r.location ?? "");
    if ((locations.get(same) ?? place) !== place) c.errors.location = PJP_UPLOAD_MESSAGES.locationDiffers;
    else locations.set(same, place);
    const key = `${same}|${place}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const existing = await existingKeys(db, companyId, checked);
  for (const group of groups.values()) {
    const first = group[0].row!;
    const seen = new Set<number>();
    const description = group.find((c) => c.row!.description)?.row!.description ?? null;
    for (const c of group) {
      const r = c.row!;
      if (existing.has(`${r.user_id}|${pjpKey(r.date, r.name)}`)) c.errors.name = PJP_MESSAGES.taken;
      if (r.is_outlet_visited !== first.is_outlet_visited)
        c.errors.is_outlet_visited = PJP_UPLOAD_MESSAGES.visitedDiffers;
      if (r.description && r.description.trim() !== description?.trim())
        c.errors.description = PJP_UPLOAD_MESSAGES.descriptionDiffers;
      if (seen.has(r.outlet_id)) c.errors.outlet_name = PJP_UPLOAD_MESSAGES.outletRepeated;
      seen.add(r.outlet_id);
    }
  }
  for (const c of checked) if (Object.keys(c.errors).length) c.row = null;
  return checked;
}

/** `user|date|name` of the live PJPs the file's users already have on the file's dates. */
async function existingKeys(db: Executor, companyId: number, checked: Checked[]): Promise<Set<string>> {
  const rows = checked.flatMap((c) => (c.row ? [c.row] : []));
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const dates = [...new Set(rows.map((r) => r.date))];
  const out = new Set<string>();
  if (!rows.length) return out;
  for (let i = 0; i < userIds.length; i += 1000) {
    const found = await db
      .select({ user_id: pjps.user_id, date: pjps.date, name: pjps.name })
      .from(pjps)
      .where(
        and(
          eq(pjps.company_id, companyId),
          inArray(pjps.user_id, userIds.slice(i, i + 1000)),
          inArray(pjps.date, dates),
          isNull(pjps.deleted_at),
        ),
      );
    for (const f of found) out.add(`${f.user_id}|${pjpKey(f.date, f.name)}`);
  }
  return out;
}

/** The valid rows as PJPs: one per user, date, name and location, with the outlets of its rows in file order. */
export function groupRows(checked: readonly Checked[]): NewPjp[] {
  const groups = new Map<string, NewPjp & { outlet_ids: number[] }>();
  for (const c of checked) {
    const r = c.row;
    if (!r) continue;
    const key = `${r.user_id}|${pjpKey(r.date, r.name)}|${lower(r.location ?? "")}`;
    const g = groups.get(key);
    if (g) {
      g.outlet_ids.push(r.outlet_id);
      g.description ??= r.description;
    } else
      groups.set(key, {
        name: r.name,
        location: r.location,
        user_id: r.user_id,
        date: r.date,
        description: r.description,
        is_outlet_visited: r.is_outlet_visited,
        outlet_ids: [r.outlet_id],
      });
  }
  return [...groups.values()];
}

const base = defineStagedUpload({
  kind: "pjps",
  entity: "pjps",
  permission: "pjps.upload",
  field: "pjps",
  columns: COLUMNS,
  // Every cell is checked by checkPjpRows (validate), which the process below runs again on its own.
  schema: z.record(z.string(), z.string().nullable()),
  messages: PJP_UPLOAD_MESSAGES,
  async validate(db, ctx, rows) {
    const checked = await checkPjpRows(
      db,
      ctx,
      rows.map((r) => r.values),
    );
    rows.forEach((r, i) => Object.assign(r.errors, checked[i].errors));
  },
  create() {
    // Rows are grouped into PJPs, which the kernel's row-by-row process cannot do: see processPjpUpload.
    throw new Error("pjpsUpload: rows are processed by processPjpUpload");
  },
  sample: {
    sheet: "Pjps",
    fileName: "pjps-upload-sample.xlsx",
    // Two rows making one PJP with two outlets, for a real user and real outlets of the caller's company.
    async rows(db, ctx) {
      const companyId = requireCompany(ctx);
      const [user] = await db
        .select({ user_name: users.user_name, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.company_id, companyId),
            eq(users.role_id, ROLE_IDS[ROLE.USER]),
            isNull(users.deleted_at),
            eq(users.is_active, 1),
          ),
        )
        .orderBy(asc(users.id))
        .limit(1);
      const places = await db
        .select({ name: outlets.name })
        .from(outlets)
        .where(pickableOutlet(companyId))
        .orderBy(asc(outlets.name))
        .limit(2);
      const now = new Date(Date.now() + 330 * 60_000);
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const date = `01-${String(next.getUTCMonth() + 1).padStart(2, "0")}-${next.getUTCFullYear()}`;
      const row = {
        name: "Morning round",
        location: "Andheri West",
        date,
        description: "Stock check and display audit",
        user_name: user?.email ?? "staff@example.com",
        is_outlet_visited: "0",
      };
      return [
        { ...row, outlet_name: places[0]?.name ?? "Pet Stop Andheri" },
        { ...row, outlet_name: places[1]?.name ?? "Pet Stop Bandra" },
      ];
    },
  },
});

/** The caller's own staging area of PJP rows (as the kernel keeps it). */
const staging = (ctx: Ctx) =>
  and(
    eq(stagedRows.company_id, requireCompany(ctx)),
    eq(stagedRows.uploaded_by, ctx.userId),
    eq(stagedRows.kind, base.kind),
  )!;

const fromData = (data: Record<string, string | null> | null): Values =>
  Object.fromEntries(COLUMNS.map((c) => [c.key, data?.[c.key] ?? null])) as Values;

/**
 * GET crud_pjps/process_pjp: checks every staged row again and, in one transaction, creates their PJPs (rows of one
 * user, date, name and location make one PJP) with their outlets and audit records, clears the staging and
 * notifies the uploader; or nothing (422) while any row has errors, the rows keeping their refreshed errors.
 */
export async function processPjpUpload(ctx: Ctx): Promise<{ created: number; rows: number }> {
  authorize(ctx, base.permission);
  const companyId = requireCompany(ctx);
  const db = await getDb();
  type Outcome = { ok: true; created: number; rows: number } | { ok: false; invalid: number };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    // The same lock as the kernel's upload and discard of this staging area.
    await lockSaves(tx, `staged-upload:${base.kind}:${companyId}`, ctx.userId);
    const rows = await tx
      .select()
      .from(stagedRows)
      .where(staging(ctx))
      .orderBy(asc(stagedRows.row_no), asc(stagedRows.id));
    if (!rows.length) return { ok: false, invalid: 0 };
    const values = rows.map((r) => fromData(r.data));
    let checked = await checkPjpRows(tx, ctx, values);
    // One save of a user's PJPs at a time (the form's and the copies' lock), then the "already there" check again.
    const userIds = [...new Set(checked.flatMap((c) => (c.row ? [c.row.user_id] : [])))].sort(
      (a, b) => a - b,
    );
    if (userIds.length) {
      for (const u of userIds) await lockUserPjps(tx, ctx, u);
      checked = await checkPjpRows(tx, ctx, values);
    }
    await saveErrors(
      tx,
      rows,
      checked.map((c) => c.errors),
    );
    const bad = checked.filter((c) => Object.keys(c.errors).length).length;
    if (bad) return { ok: false, invalid: bad };
    const made = await insertPjps(tx, ctx, groupRows(checked));
    await tx.delete(stagedRows).where(staging(ctx));
    await notify(
      {
        userId: ctx.userId,
        companyId,
        title: "PJP upload processed",
        body: `${made.length} ${made.length === 1 ? "PJP was" : "PJPs were"} created from ${rows.length} ${
          rows.length === 1 ? "row" : "rows"
        }.`,
        link: "/pjps",
      },
      tx,
    );
    return { ok: true, created: made.length, rows: rows.length };
  });
  if (!outcome.ok)
    throw invalid(
      {
        pjps: outcome.invalid
          ? STAGED_UPLOAD_MESSAGES.rowsInvalid(outcome.invalid)
          : STAGED_UPLOAD_MESSAGES.nothingToProcess,
      },
      PJP_UPLOAD_MESSAGES.processFailed,
    );
  return { created: outcome.created, rows: outcome.rows };
}

/** Writes the rows' refreshed errors (only those that changed), one statement per 1,000 rows. */
async function saveErrors(tx: Tx, rows: { id: number; errors: FieldErrors | null }[], errors: FieldErrors[]) {
  const norm = (e: FieldErrors | null | undefined) =>
    e && Object.keys(e).length
      ? JSON.stringify(Object.entries(e).sort(([a], [b]) => (a < b ? -1 : 1)))
      : "null";
  const changed = rows.flatMap((r, i) =>
    norm(r.errors) === norm(errors[i])
      ? []
      : [{ id: r.id, errors: Object.keys(errors[i]).length ? errors[i] : null }],
  );
  for (let i = 0; i < changed.length; i += 1000) {
    const part = JSON.stringify(changed.slice(i, i + 1000));
    await tx.execute(sql`
      update ${stagedRows} set errors = nullif(x.errors, 'null'::jsonb)
      from jsonb_to_recordset(${part}::jsonb) as x(id integer, errors jsonb)
      where ${stagedRows.id} = x.id`);
  }
}

/**
 * The PJP upload (spec 001 §2 Pjp upload, §7 crud_pjps): the kernel's staged upload (sample, upload into the
 * caller's staging, preview, discard) with a process of its own that groups rows into PJPs.
 */
export const pjpsUpload: StagedUpload<Column> = {
  ...base,
  process: processPjpUpload,
};

/** The preview's list parameters (page, rowsPerPage, search_keyword). */
export const stagedPjpList = base.list;
