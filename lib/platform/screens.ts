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

type Search = Promise<Record<string, string | string[] | undefined>>;
/** A list page's props. */
export type ListPageProps = { searchParams: Search };

/** A list row as the browser gets it: the id opaque. */
export type ScreenRow<R> = Omit<R, "id"> & { id: string };

/** What every list screen's table takes (see components/data-table/entity-table.tsx). */
export type ListScreenProps<R> = {
  rows: ScreenRow<R>[];
  count: number;
  countEstimated: boolean;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  may: Abilities;
  /** The list's route: rows link to `${href}/${id}`. */
  href: string;
  /** The spec's texts after a delete and a restore ('Position deleted successfully.'). */
  messages: { deleted: string; restored: string };
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
};

const formProps = (def: AnyEntity, o: { id?: string; readOnly?: boolean } = {}): FormScreenProps => ({
  noun: def.noun,
  listHref: def.href ?? "/",
  messages: { created: def.messages.created, updated: def.messages.updated },
  ...o,
});

function askForCompany(ctx: Ctx, def: AnyEntity) {
  if (needsCompany(def.scope)) pageCompanyId(ctx);
}

/**
 * A list screen's data: the session (or login), the list permission (or the access-denied card), the company (or
 * the choose-company card), the parameters parsed once, the page's rows with opaque ids, and what the caller may
 * do. `list` is the entity's list function (a `crudOf` bundle is such a source), so the page checks exactly what
 * its loader checks.
 */
export async function listScreen<R extends { id: number }>(
  src: { def: AnyEntity; list: (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => Promise<ListResult<R>> },
  searchParams: Search,
) {
  const { def, list: load } = src;
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("list"));
  askForCompany(ctx, def);
  const raw = await searchParams;
  const query: ListQuery = await guardPage(() => parseListQuery(def.list as unknown as List<Selection>, raw));
  const result = await guardPage(() => load(ctx, raw, query));
  const may = abilities(ctx, def);
  const table: ListScreenProps<R> = {
    rows: result.data.map((r) => ({ ...r, id: encodeId(r.id) })),
    count: result.count,
    countEstimated: result.count_estimated,
    page: query.page,
    rowsPerPage: query.rowsPerPage,
    trash: query.trash,
    may,
    href: def.href ?? "/",
    messages: { deleted: def.messages.deleted, restored: def.messages.restored },
    sort: sortParamOf(query),
  };
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
  const form = formProps(def, { id: opaqueId, readOnly: !may.update });
  return { ctx, id, opaqueId, record, may, readOnly: !may.update, form };
}

/** The values a form starts from: the create schema's input type, for typed fields. */
export type FormValues<D> = D extends Entity<EntityTable, infer C> ? z.input<C> : never;
