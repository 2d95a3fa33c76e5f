import "server-only";
import type { z } from "zod";
import { abilities, type Abilities, type AnyEntity, type Entity, type EntityTable } from "./entity";
import { type Ctx } from "./context";
import { encodeId } from "./ids";
import {
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
};

function needsCompany(ctx: Ctx, def: AnyEntity) {
  if (def.scope.kind !== "global") pageCompanyId(ctx);
}

/**
 * A list screen's data: the session (or login), the list permission (or the access-denied card), the company (or
 * the choose-company card), the parameters parsed once, the page's rows with opaque ids, and what the caller may
 * do. `load` is the entity's list function, so the page checks exactly what its loader checks.
 */
export async function listScreen<R extends { id: number }>(
  def: AnyEntity,
  searchParams: Search,
  load: (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => Promise<ListResult<R>>,
) {
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("list"));
  needsCompany(ctx, def);
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
  };
  return { ctx, raw, query, may, table, trash: query.trash };
}

/** A create screen: the session, the create permission, the company. */
export async function createScreen(def: AnyEntity) {
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("create"));
  needsCompany(ctx, def);
  return { ctx, may: abilities(ctx, def) };
}

/**
 * An edit screen: the session, the permission its loader checks (view), the company, the record (the not-found
 * card outside the caller's scope), and read-only when the caller may not update.
 */
export async function editScreen<T>(
  def: AnyEntity,
  opaqueId: string,
  load: (ctx: Ctx, id: number) => Promise<T>,
) {
  const ctx = await requirePageContext();
  authorizePage(ctx, def.permission("view"));
  needsCompany(ctx, def);
  const id = pageId(opaqueId);
  const record = await guardPage(() => load(ctx, id));
  const may = abilities(ctx, def);
  return { ctx, id, opaqueId, record, may, readOnly: !may.update };
}

/** The values a form starts from: the create schema's input type, for typed fields. */
export type FormValues<D> = D extends Entity<EntityTable, infer C> ? z.input<C> : never;
