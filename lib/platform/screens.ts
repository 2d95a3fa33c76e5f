import "server-only";
import type { z } from "zod";
import {
  abilities,
  needsCompany,
  type Abilities,
  type AnyEntity,
  type Entity,
  type EntityTable,
} from "./entity";
import { type Ctx } from "./context";
import { encodeId } from "./ids";
import {
  filterBar,
  parseListQuery,
  type List,
  type ListQuery,
  type ListResult,
  type RawParams,
  type Selection,
} from "./list";
import { authorizePage, guardPage, pageCompanyId } from "./page-guard";
import { pageId, requirePageContext } from "./session";
import { versionOf } from "./versions";

type Search = Promise<Record<string, string | string[] | undefined>>;
/** A list page's props. */
export type ListPageProps = { searchParams: Search };

/** A list row as the browser gets it: the id opaque. */
export type ScreenRow<R> = Omit<R, "id"> & { id: string };

/**
 * The most rows a portal list shows at once: page size ALL shows the first this many and the pager says so ("narrow
 * the filters or export"). /api keeps lib/platform/list.ts MAX_PAGE_ROWS (10,000) a page. A thousand rows are ~1 MB
 * of HTML; ten thousand were 57 MB, four seconds of rendering and 700 MB of memory.
 */
export const PORTAL_MAX_ROWS = 1_000;

/** What every list screen's table takes (see components/data-table/entity-table.tsx). */
export type ListScreenProps<R> = {
  rows: ScreenRow<R>[];
  count: number;
  countEstimated: boolean;
  page: number;
  /** The page size the URL asks for (ALL is the server's cap, 10,000); the rows shown are at most `ceiling`. */
  rowsPerPage: number;
  /** The most rows the screen shows (PORTAL_MAX_ROWS). */
  ceiling?: number;
  /** Keyset cursors of the pages before and after this one (the pager uses them deep in a big list). */
  cursors?: { prev: string | null; next: string | null };
  trash: boolean;
  may: Abilities;
  /** The list's route: rows link to `${href}/${id}`. */
  href: string;
  /** The spec's texts after a delete and a restore ('Position deleted successfully.'). */
  messages: { deleted: string; restored: string; deleteTitle?: string };
  /** The rows' sort as applied (`name`, `-name`; the list's default when the URL has none), for the headers. */
  sort?: string | null;
};

/** A parsed query's sort as the URL writes it (`name`, `-name`), or null for the list's id order. */
export const sortParamOf = (q: ListQuery): string | null =>
  q.sort ? `${q.sort.dir === "desc" ? "-" : ""}${q.sort.key}` : null;

/** What an entity form takes from its screen (see components/form/entity-form.tsx). */
export type FormScreenProps = {
  noun: string;
  listHref: string;
  messages: { created: string; updated: string };
  /** Opaque id of the record being edited; absent on create. */
  id?: string;
  /** A caller who may view but not update sees the form without a save button. */
  readOnly?: boolean;
  /** The record's version (lib/platform/versions.ts): the save sends it, and a stale one is refused (409). */
  version?: string;
};

const formProps = (
  def: AnyEntity,
  o: { id?: string; readOnly?: boolean; version?: string } = {},
): FormScreenProps => ({
  noun: def.noun,
  listHref: def.href ?? "/",
  messages: { created: def.messages.created, updated: def.messages.updated },
  ...o,
});

function askForCompany(ctx: Ctx, def: AnyEntity) {
  if (needsCompany(def.scope)) pageCompanyId(ctx);
}

/** The parameters with the portal's ceiling applied: ALL reads the first PORTAL_MAX_ROWS rows, from the start. */
function capped(raw: RawParams, query: ListQuery): { raw: RawParams; query: ListQuery } {
  if (query.rowsPerPage <= PORTAL_MAX_ROWS) return { raw, query };
  const capRaw: Record<string, string | string[] | undefined> = {};
  if (raw instanceof URLSearchParams) raw.forEach((v, k) => (capRaw[k] = v));
  else Object.assign(capRaw, raw);
  for (const k of ["page", "cursor", "before"]) delete capRaw[k];
  capRaw.rowsPerPage = String(PORTAL_MAX_ROWS);
  return {
    raw: capRaw,
    query: { ...query, rowsPerPage: PORTAL_MAX_ROWS, page: 1, cursor: null, direction: "after" },
  };
}

/**
 * A list screen's data: the session (or login), the list permission (or the access-denied card), the company (or
 * the choose-company card), the parameters parsed once and what the caller may do, all before anything streams;
 * then `table`, a promise of the page's rows with opaque ids, which the page renders under a Suspense boundary
 * (components/data-table/list-rows.tsx) so the shell, title and toolbar go out before the list's query answers.
 * `list` is the entity's list function (a `crudOf` bundle is such a source), so the page checks exactly what its
 * loader checks. `fields` names the row fields the table shows: only those (and the id) reach the browser.
 */
export async function listScreen<R extends { id: number }, K extends keyof R = keyof R>(
  src: { def: AnyEntity; list: (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => Promise<ListResult<R>> },
  searchParams: Search,
  o: { fields?: readonly K[] } = {},
) {
  const { def, list: load } = src;
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("list"));
  askForCompany(ctx, def);
  const raw = await searchParams;
  const query: ListQuery = await guardPage(() => parseListQuery(def.list as unknown as List<Selection>, raw));
  // The scope resolves before the shell streams: a caller it refuses (no company chosen) gets its card, not an
  // error inside the table's boundary after a 200.
  await guardPage(() => def.scope.where(ctx));
  const may = abilities(ctx, def);
  const shown = capped(raw, query);
  const table: Promise<ListScreenProps<Pick<R, K | "id">>> = guardPage(() =>
    load(ctx, shown.raw, shown.query),
  ).then((result) => ({
    rows: result.data.map((r) => ({ ...pick(r, o.fields), id: encodeId(r.id) })),
    count: result.count,
    countEstimated: result.count_estimated,
    page: shown.query.page,
    rowsPerPage: query.rowsPerPage,
    ceiling: PORTAL_MAX_ROWS,
    cursors: { prev: result.prev_cursor, next: result.next_cursor },
    trash: query.trash,
    may,
    href: def.href ?? "/",
    messages: {
      deleted: def.messages.deleted,
      restored: def.messages.restored,
      ...(def.messages.deleteTitle ? { deleteTitle: def.messages.deleteTitle } : {}),
    },
    sort: sortParamOf(query),
  }));
  // Awaited by the page's Suspense boundary; until then a failure must not count as unhandled.
  table.catch(() => {});
  const page = {
    title: def.plural,
    noun: def.noun,
    href: def.href ?? "/",
    filters: filterBar(def.list as unknown as List<Selection>),
    may,
    trash: query.trash,
  };
  return { ctx, raw, query, may, table, page, trash: query.trash };
}

/** The row with only the fields the table shows (all of them when none are named); the id is added by the caller. */
function pick<R extends object, K extends keyof R>(row: R, fields: readonly K[] | undefined): Omit<R, "id"> {
  if (!fields) return row;
  const out = {} as Record<K, unknown>;
  for (const f of fields) out[f] = row[f];
  return out as unknown as Omit<R, "id">;
}

/** A create screen: the session, the create permission, the company. */
export async function createScreen({ def }: { def: AnyEntity }) {
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("create"));
  askForCompany(ctx, def);
  return { ctx, may: abilities(ctx, def), form: formProps(def) };
}

/**
 * An edit screen: the session, the permission its loader checks (view), the company, the record (the not-found
 * card outside the caller's scope), and read-only when the caller may not update.
 */
export async function editScreen<T>(
  src: { def: AnyEntity; get: (ctx: Ctx, id: number) => Promise<T> },
  opaqueId: string,
) {
  const { def, get: load } = src;
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("view"));
  askForCompany(ctx, def);
  const id = pageId(opaqueId);
  const record = await guardPage(() => load(ctx, id));
  const may = abilities(ctx, def);
  const version = versionOf(record as { updated_at?: unknown }) ?? undefined;
  const form = formProps(def, { id: opaqueId, readOnly: !may.update, version });
  return { ctx, id, opaqueId, record, may, readOnly: !may.update, form };
}

/** The values a form starts from: the create schema's input type, for typed fields. */
export type FormValues<D> = D extends Entity<EntityTable, infer C> ? z.input<C> : never;
