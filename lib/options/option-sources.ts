import "server-only";
import { and, asc, eq, inArray, is, isNotNull, isNull, not, or, SQL, sql } from "drizzle-orm";
import { alias, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import {
  franchisees,
  outlets,
  plans,
  positions,
  users,
  usersSearchText,
  userTimestamps,
  valueLists,
} from "@/db/schema";
import { franchiseesInScope } from "@/lib/franchise/franchisees";
import { planName } from "@/lib/franchise/plans";
import { userNameOf } from "@/lib/jobs/common";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf } from "@/lib/platform/db";
import { zoneFilter } from "@/lib/platform/entity";
import { forbidden, invalid, notFound } from "@/lib/platform/errors";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { POSITION, ROLE, ROLE_IDS, type Permission } from "@/lib/platform/permissions";
import { searchIds, searchMatch, searchPattern } from "@/lib/platform/search";

// Every picker over a table that can grow (franchisees, customers, staff, users, outlets) reads its options here:
// one page of at most OPTIONS_MAX_LIMIT rows by name, searched on the server, keyset-paged by the last (name, id).
// A source declares who may ask (any of its screens' permissions), the caller's scope as a where clause, its
// label, second line and search expression; pages and GET /api/options/<source> run the same statement.

/** The most options one page answers. */
export const OPTIONS_MAX_LIMIT = 50;
/** A page's size when none is asked. */
export const OPTIONS_DEFAULT_LIMIT = 20;

/** One option as the browser gets it: `id` for form fields, `value` (opaque) for list filters in URLs. */
export type PickerOption = {
  id: number;
  value: string;
  label: string;
  sublabel: string | null;
  /** A source's facts the form needs about the chosen row (a plan's dogs), when it declares them. */
  data?: Record<string, number | string | null>;
};
export type OptionPage = { data: PickerOption[]; next: string | null };

/** The parameters a source may read besides search and paging (e.g. a franchisee's walkers). */
export type SourceParams = Record<string, string | undefined>;

type Source = {
  /** Any one of these lets a caller ask (the screens that show the picker). */
  permissions: readonly Permission[];
  from: PgTable;
  id: AnyPgColumn;
  /** The label, also the sort key (an index serves `(name, id)` within the scope). */
  name: SQL<string> | AnyPgColumn;
  sublabel: SQL<string | null>;
  /** What the typed text matches (`ilike '%text%'`); a trigram index covers the users' expression. */
  search: SQL | AnyPgColumn;
  /** `search` is a table's trigram-indexed search text (db/schema's *SearchText), found through its index. */
  indexed?: boolean;
  /** Extra tables the sublabel reads (left joins on the source's row). */
  joins?: { table: PgTable; on: SQL }[];
  /** Facts of the row a form reads when it is chosen (answered as `data`). */
  data?: Record<string, SQL | AnyPgColumn>;
  /**
   * Unsearched pages by id instead of by name: the next `limit` ids after `afterId` (a source whose rows are found
   * through another table, where a name order would read all of them first).
   */
  browse?: (ctx: Ctx, afterId: number | null, limit: number) => Promise<number[]>;
  /** The caller's scope: the rows this caller may pick. Params outside it answer 404 (never another's rows). */
  scope: (ctx: Ctx, params: SourceParams) => Promise<SQL | undefined>;
};

const USER_ROLE = () => ROLE_IDS[ROLE.USER];
const liveActiveUser = (companyId: number) =>
  and(
    eq(users.company_id, companyId),
    eq(users.role_id, USER_ROLE()),
    isNull(users.deleted_at),
    eq(users.is_active, 1),
  );
/**
 * A customer: no franchisee's staff, and the CUSTOMER position or none (an app sign-up); everyone else of role USER is
 * staff. The two never overlap, so a staff picker never offers a customer, nor a customer picker a member of staff.
 */
const isCustomerUser = and(
  isNull(users.franchisee_id),
  or(
    isNull(users.position_id),
    sql`exists (select 1 from ${positions} where ${positions.id} = ${users.position_id}
      and upper(trim(${positions.name})) = ${POSITION.CUSTOMER})`,
  ),
)!;
const userName = userNameOf(users);
const staffLine = sql<
  string | null
>`nullif(concat_ws(' · ', nullif(${users.employee_code}, ''), ${positions.name}), '')`;
const customerLine = sql<
  string | null
>`nullif(concat_ws(' · ', nullif(${users.phone}, ''), ${users.email}), '')`;
const positionJoin = [{ table: positions, on: eq(positions.id, users.position_id) }];
const planTier = alias(valueLists, "plan_tier");

/** A franchisee id param (plain or opaque) that must be one the caller may see, else 404. */
async function franchiseeParam(ctx: Ctx, raw: string | undefined): Promise<number | null> {
  if (!raw) return null;
  const id = parseIdParam(raw);
  if (id == null) throw invalid({ franchisee_id: "The selected franchisee is invalid." });
  const db = await getDb();
  const [f] = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.id, id), franchiseesInScope(ctx)))
    .limit(1);
  if (!f) throw notFound();
  return id;
}

/**
 * Staff (walkers): live, active role-USER users with a franchisee: the caller's own franchisee's for its members, the
 * asked franchisee's (`franchisee_id`), else every franchisee's in the caller's scope (a MASTER FRANCHISEE's zones).
 */
async function staffScope(ctx: Ctx, params: SourceParams): Promise<SQL | undefined> {
  const companyId = requireCompany(ctx);
  const asked = await franchiseeParam(ctx, params.franchisee_id);
  const franchiseeId = ctx.franchiseeId ?? asked;
  return and(
    liveActiveUser(companyId),
    franchiseeId != null ? eq(users.franchisee_id, franchiseeId) : isNotNull(users.franchisee_id),
    ctx.zoneIds != null && franchiseeId == null
      ? inArray(
          users.franchisee_id,
          sql`(select ${franchisees.id} from ${franchisees} where ${franchiseesInScope(ctx)})`,
        )
      : undefined,
  );
}

/**
 * Customers: live, active role-USER customers of the company (isCustomerUser); a MASTER FRANCHISEE's only those with
 * a live monthly request in their zones (as GET masters answers them).
 */
export async function customerScope(ctx: Ctx): Promise<SQL | undefined> {
  const companyId = requireCompany(ctx);
  return and(
    liveActiveUser(companyId),
    isCustomerUser,
    ctx.zoneIds != null
      ? sql`exists (select 1 from user_monthly_job_requests r where r.user_id = ${users.id}
          and r.company_id = ${companyId} and r.deleted_at is null and ${zoneFilter(ctx, sql`r.zone_id`)})`
      : undefined,
  );
}

/**
 * The next people with page time after `afterId`, by id: each step jumps to the next user of
 * user_timestamps_user_idx (a skip scan), so a page costs its rows, not the company's 100k timestamps (a name order
 * over them took 2.4 s at bench scale).
 */
async function pageTimeUserIds(ctx: Ctx, afterId: number | null, limit: number): Promise<number[]> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const rows = rowsOf<{ id: number | string | null }>(
    await db.execute(sql`
      with recursive u(id) as (
        (select user_id from ${userTimestamps} where company_id = ${companyId} and user_id > ${afterId ?? 0}
          order by user_id limit 1)
        union all
        select (select t.user_id from ${userTimestamps} t where t.company_id = ${companyId} and t.user_id > u.id
                order by t.user_id limit 1)
        from u where u.id is not null
      )
      select id from u where id is not null limit ${limit}`),
  );
  return rows.map((r) => Number(r.id)).filter((n) => Number.isSafeInteger(n) && n > 0);
}

const JOB_SCREENS = [
  "user_monthly_job_requests.list",
  "user_monthly_job_requests.create",
  "user_monthly_job_requests.update",
  "daily_job_plans.list",
  "daily_job_plans.create",
  "daily_job_plans.update",
  "leave_requests.list",
  "leave_requests.create",
  "leave_requests.update",
] as const satisfies readonly Permission[];

/** The sources, by the name the browser asks for. */
export const OPTION_SOURCES = {
  /** Franchisees in the caller's scope (a member's own, a MASTER FRANCHISEE's zones'), live and active. */
  franchisees: {
    permissions: [
      "users.list",
      "users.create",
      "users.update",
      "franchisees.list",
      "franchisee_kyc_documents.create",
      ...JOB_SCREENS,
    ],
    from: franchisees,
    id: franchisees.id,
    name: franchisees.name,
    sublabel: sql<
      string | null
    >`nullif(concat_ws(' · ', nullif(${franchisees.phone}, ''), ${franchisees.email}), '')`,
    search: franchisees.name,
    scope: async (ctx) => franchiseesInScope(ctx),
  },
  /** Walkers and other franchisee staff (see staffScope); `franchisee_id` narrows to one franchisee. */
  staff: {
    permissions: ["users.list", "user_kyc_documents.create", ...JOB_SCREENS],
    from: users,
    id: users.id,
    name: userName,
    sublabel: staffLine,
    search: usersSearchText(users),
    indexed: true,
    joins: positionJoin,
    scope: staffScope,
  },
  /** Customers (see customerScope). */
  customers: {
    permissions: JOB_SCREENS,
    from: users,
    id: users.id,
    name: userName,
    sublabel: customerLine,
    search: usersSearchText(users),
    indexed: true,
    scope: async (ctx) => customerScope(ctx),
  },
  /**
   * The staff field operations assign (outlet users, PJPs, PJP references): live, active role-USER users of the
   * company who are no customers (any franchisee's, or none), with their code and position.
   */
  users: {
    permissions: [
      "outlet_users.create",
      "outlet_users.update",
      "outlet_users.list",
      "pjps.list",
      "pjps.create",
      "pjps.update",
      "pjps.copy",
      "pjp_references.list",
      "pjp_references.create",
      "pjp_references.update",
    ],
    from: users,
    id: users.id,
    name: userName,
    sublabel: staffLine,
    search: usersSearchText(users),
    indexed: true,
    joins: positionJoin,
    scope: async (ctx) => and(liveActiveUser(requireCompany(ctx)), not(isCustomerUser)),
  },
  /**
   * The people with page time in the company (the user timestamps' filter): any role, live or not, found through
   * their timestamps (user_timestamps_user_idx) and named as the list names them.
   */
  page_time_users: {
    permissions: ["user_timestamps.list"],
    from: users,
    id: users.id,
    name: sql<string>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), nullif(${users.email}, ''), '-')`,
    sublabel: sql<string | null>`nullif(${users.email}, '')`,
    search: usersSearchText(users),
    indexed: true,
    browse: pageTimeUserIds,
    scope: async (ctx) => {
      const companyId = requireCompany(ctx);
      return and(
        eq(users.company_id, companyId),
        sql`exists (select 1 from ${userTimestamps} t where t.company_id = ${companyId} and t.user_id = ${users.id})`,
      );
    },
  },
  /** The company's live, active plans (a company may have thousands): named as plans are, priced second. */
  plans: {
    permissions: ["user_monthly_job_requests.create", "user_monthly_job_requests.update", "plans.list"],
    from: plans,
    id: plans.id,
    name: planName(planTier.description),
    sublabel: sql<
      string | null
    >`concat_ws(' · ', '₹' || ${plans.final_amount}::text, nullif(${plans.per_walk_time}, 0) || ' min a walk')`,
    search: sql`concat_ws(' ', ${planName(planTier.description)}, ${plans.final_amount}::text)`,
    joins: [{ table: planTier, on: eq(planTier.id, plans.tier_id) }],
    data: { dogs: plans.no_of_dogs, walks: plans.no_of_walks },
    scope: async (ctx) =>
      and(eq(plans.company_id, requireCompany(ctx)), isNull(plans.deleted_at), eq(plans.is_active, 1)),
  },
  /** Live, active outlets of the company. */
  outlets: {
    permissions: [
      "outlets.list",
      "outlet_users.list",
      "outlet_users.create",
      "pjps.list",
      "pjps.create",
      "pjps.update",
      "pjp_references.create",
      "pjp_references.update",
    ],
    from: outlets,
    id: outlets.id,
    name: outlets.name,
    sublabel: sql<string | null>`nullif(${outlets.brand}, '')`,
    search: outlets.name,
    scope: async (ctx) =>
      and(eq(outlets.company_id, requireCompany(ctx)), isNull(outlets.deleted_at), eq(outlets.is_active, 1)),
  },
} satisfies Record<string, Source>;

export type OptionSourceName = keyof typeof OPTION_SOURCES;

export const isOptionSource = (name: string): name is OptionSourceName => Object.hasOwn(OPTION_SOURCES, name);

function sourceFor(ctx: Ctx, name: string): Source {
  if (!isOptionSource(name)) throw notFound();
  const s: Source = OPTION_SOURCES[name];
  // The apps' users pick nothing from company-wide lists; everyone else needs one of the source's screens.
  if (ctx.roleName === ROLE.USER || !s.permissions.some((p) => can(ctx, p))) throw forbidden();
  return s;
}

/** `after` cursors: the last row's (name, id), base64url JSON. */
const cursorOf = (name: string, id: number) => Buffer.from(JSON.stringify([name, id])).toString("base64url");
function readCursor(after: string | undefined): [string, number] | null {
  if (!after) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === "string" && Number.isSafeInteger(v[1])) {
      return [v[0], v[1] as number];
    }
  } catch {}
  throw invalid({ after: "The cursor is invalid." });
}

/** The source's `data` columns, selected under prefixed keys beside the option's own. */
const dataOf = (s: Source) =>
  Object.fromEntries(Object.entries(s.data ?? {}).map(([k, v]) => [`data_${k}`, sql`${v}`])) as Record<
    string,
    SQL
  >;

function optionOf(s: Source, r: Record<string, unknown>): PickerOption {
  const id = r.id as number;
  const o: PickerOption = {
    id,
    value: encodeId(id),
    label: (r.label as string | null) ?? "",
    sublabel: (r.sublabel as string | null) ?? null,
  };
  if (s.data) {
    o.data = Object.fromEntries(
      Object.keys(s.data).map((k) => [k, (r[`data_${k}`] as number | string | null) ?? null]),
    );
  }
  return o;
}

export type OptionQuery = { search?: string; after?: string; limit?: number; params?: SourceParams };

/**
 * One page of a source's options for the caller: in their scope, matching `search` (ilike anywhere in the source's
 * search text), by name then id, after the `after` cursor; `next` continues when more remain. 403 for a caller
 * without one of the source's screens, 404 for an unknown source or a param outside the scope, 422 on bad input.
 */
export async function optionPage(ctx: Ctx, name: string, q: OptionQuery = {}): Promise<OptionPage> {
  const s = sourceFor(ctx, name);
  const search = (q.search ?? "").trim().slice(0, 100);
  if (search.includes("\u0000")) throw invalid({ search: "The search may not contain a null character." });
  const limit = Math.min(Math.max(Math.trunc(q.limit ?? OPTIONS_DEFAULT_LIMIT), 1), OPTIONS_MAX_LIMIT);
  const after = readCursor(q.after);
  const scope = await s.scope(ctx, q.params ?? {});
  const db = await getDb();
  // A search expression a trigram index is built on (the users'): under row-level security the database's lookup
  // finds its matches by that index first (lib/platform/search.ts); a plain column is matched by ILIKE.
  const indexed = !!search && !!s.indexed && is(s.search, SQL);
  const found = indexed ? await searchIds(db, s.id, search) : undefined;
  let query = db
    .select({ id: sql<number>`${s.id}`, label: sql<string>`${s.name}`, sublabel: s.sublabel, ...dataOf(s) })
    .from(s.from)
    .$dynamic();
  for (const j of s.joins ?? []) query = query.leftJoin(j.table, j.on);
  if (!search && s.browse) {
    // By id: the source's own page of ids, named here.
    const ids = await s.browse(ctx, after ? after[1] : null, limit + 1);
    if (!ids.length) return { data: [], next: null };
    const named = (await query.where(and(scope, inArray(s.id, ids)))).sort((a, b) => a.id - b.id);
    const shown = named.slice(0, limit);
    const end = shown.at(-1);
    return {
      data: shown.map((r) => optionOf(s, r)),
      next: ids.length > limit && end ? cursorOf("", end.id) : null,
    };
  }
  const rows = await query
    .where(
      and(
        scope,
        indexed
          ? searchMatch(s.search as SQL, s.id, search, found)
          : search
            ? sql`${s.search} ilike ${searchPattern(search)}`
            : undefined,
        after ? sql`(${s.name}, ${s.id}) > (${after[0]}, ${after[1]}::int)` : undefined,
      ),
    )
    .orderBy(asc(s.name), asc(s.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => optionOf(s, r)),
    next: rows.length > limit && last ? cursorOf(last.label ?? "", last.id) : null,
  };
}

/**
 * The options of the given ids that the caller's scope holds (the chosen value's label on first paint, without a
 * fetch from the browser); ids outside the scope are left out. Same checks as optionPage.
 */
export async function optionsByIds(
  ctx: Ctx,
  name: string,
  ids: readonly (number | null | undefined)[],
  params: SourceParams = {},
): Promise<PickerOption[]> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null && Number.isSafeInteger(i) && i > 0))];
  if (wanted.length === 0) return [];
  const s = sourceFor(ctx, name);
  const scope = await s.scope(ctx, params);
  const db = await getDb();
  let query = db
    .select({ id: sql<number>`${s.id}`, label: sql<string>`${s.name}`, sublabel: s.sublabel, ...dataOf(s) })
    .from(s.from)
    .$dynamic();
  for (const j of s.joins ?? []) query = query.leftJoin(j.table, j.on);
  const rows = await query.where(and(scope, inArray(s.id, wanted.slice(0, OPTIONS_MAX_LIMIT))));
  return rows.map((r) => optionOf(s, r));
}

/** The first option of `ids` in scope, or null (a form's chosen value). */
export async function optionById(
  ctx: Ctx,
  name: string,
  id: number | null | undefined,
  params?: SourceParams,
): Promise<PickerOption | null> {
  return (await optionsByIds(ctx, name, [id], params))[0] ?? null;
}

type ToolbarFilter = {
  param: string;
  label: string;
  kind?: string;
  options: { value: string; label: string }[];
};

/**
 * A list toolbar's filters with some made server-searched pickers (`pickers`: param → source and its params): each
 * gets kind "search" and, as its only option, the URL's current value named by the server (the trigger and the
 * chip render it on first paint). A value outside the caller's scope names nothing (the list refuses it anyway).
 */
export async function withPickers<F extends ToolbarFilter>(
  ctx: Ctx,
  filters: F[],
  raw: Record<string, string | string[] | undefined>,
  pickers: Record<string, { source: OptionSourceName; params?: Record<string, string> }>,
): Promise<(F & { source?: string; sourceParams?: Record<string, string> })[]> {
  return Promise.all(
    filters.map(async (f) => {
      const p = pickers[f.param];
      if (!p) return f;
      const v = [raw[f.param]].flat()[0]?.trim();
      const id = v ? parseIdParam(v) : null;
      const chosen = id != null ? await optionById(ctx, p.source, id, p.params).catch(() => null) : null;
      return {
        ...f,
        kind: "search" as const,
        source: p.source,
        sourceParams: p.params,
        options: chosen && v ? [{ value: v, label: chosen.label }] : [],
      };
    }),
  );
}

/**
 * A form's current value named for its picker's first paint when it is no longer among the source's rows (an
 * inactive walker still on a plan): any user or franchisee of the acting company by id, else null.
 */
export async function currentOption(
  ctx: Ctx,
  name: OptionSourceName,
  id: number | null | undefined,
  params?: SourceParams,
): Promise<{ value: string; label: string; sublabel?: string | null } | null> {
  if (id == null) return null;
  const o = await optionById(ctx, name, id, params).catch(() => null);
  if (o) return { value: String(o.id), label: o.label, sublabel: o.sublabel };
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const [row] =
    name === "franchisees"
      ? await db
          .select({ label: franchisees.name })
          .from(franchisees)
          .where(and(eq(franchisees.id, id), eq(franchisees.company_id, companyId)))
      : name === "outlets"
        ? await db
            .select({ label: outlets.name })
            .from(outlets)
            .where(and(eq(outlets.id, id), eq(outlets.company_id, companyId)))
        : await db
            .select({ label: userName })
            .from(users)
            .where(and(eq(users.id, id), eq(users.company_id, companyId)));
  return row ? { value: String(id), label: row.label } : null;
}
