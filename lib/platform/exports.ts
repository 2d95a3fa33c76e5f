import "server-only";
import { PassThrough, Readable } from "node:stream";
import type { Ctx } from "./context";
import { signPayload, verifyPayload } from "./signed";
import { writeXlsx, type ExportColumn } from "./spreadsheet";

/** An export: its permission is checked by `rows` itself (the domain function), the link only carries the request. */
export type ExportDef<Row> = {
  filename: string;
  sheet: string;
  columns: ExportColumn<Row>[];
  rows: (ctx: Ctx, params: URLSearchParams) => AsyncIterable<Row>;
};

/** e: export, q: its filters, u: user, c: company, b: the session or token that asked (Ctx.binding). */
type LinkPayload = { e: string; q: string; u: number; c: number | null; b: string };

/** Links live long enough to open in a new tab, not longer. */
const LINK_TTL_SECONDS = 300;

/**
 * The download link an export call answers (opened in a new tab): signed, short-lived, and bound to the user and
 * the browser session or bearer token that asked. Only a request carrying that same live session (the portal's
 * new tab sends its cookie) or token (an /api client sends it) opens it: a link passed on, or kept after a logout,
 * opens nothing.
 */
export function exportLink(ctx: Ctx, name: string, params: URLSearchParams): string {
  const q = new URLSearchParams(params);
  for (const k of ["page", "rowsPerPage"]) q.delete(k);
  if (!ctx.binding) throw new Error("exportLink: the caller's session or token is unknown");
  const t = signPayload(
    { e: name, q: q.toString(), u: ctx.userId, c: ctx.companyId, b: ctx.binding } satisfies LinkPayload,
    LINK_TTL_SECONDS,
  );
  return `/api/download?t=${encodeURIComponent(t)}`;
}

export function readExportLink(token: string | null): LinkPayload | null {
  return verifyPayload<LinkPayload>(token);
}

/** Streams an export as XLSX: the first row is fetched before answering, so a refused export answers its error status. */
export async function streamExport<Row>(
  ctx: Ctx,
  def: ExportDef<Row>,
  params: URLSearchParams,
): Promise<Response> {
  const it = def.rows(ctx, params)[Symbol.asyncIterator]();
  const first = await it.next(); // throws 403 before any byte is sent
  async function* all(): AsyncGenerator<Row> {
    if (!first.done) yield first.value;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  }
  const out = new PassThrough();
  writeXlsx(out, def.sheet, def.columns, all()).then(
    () => undefined,
    (e) => out.destroy(e as Error),
  );
  return new Response(Readable.toWeb(out) as ReadableStream, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${def.filename}"`,
      "cache-control": "no-store",
    },
  });
}
