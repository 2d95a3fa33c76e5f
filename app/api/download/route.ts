import { exportDefs } from "@/lib/api/exports";
import { callerOf, errorResponse } from "@/lib/api/dispatch";
import { resolveContext } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { readExportLink, streamExport } from "@/lib/platform/exports";

/**
 * Opens an export link. The signature binds it to the user, company and session or token that asked; the request
 * must come with that same live session or token (401 without one, 404 with another), and permissions are checked
 * again now. The body is XLSX or CSV (the link's format), pulled from the database as the client reads it. An
 * export holds one of a few slots while it runs: a user with two exports running or waiting, or a full queue, gets
 * 429 with Retry-After.
 */
export async function GET(request: Request) {
  try {
    const link = readExportLink(new URL(request.url).searchParams.get("t"));
    const def = link && exportDefs[link.e];
    if (!link || !def) throw new AppError(404, "This download link is invalid or has expired.");
    const caller = await callerOf(request);
    if (caller.userId !== link.u || caller.binding !== link.b)
      throw new AppError(404, "This download link is invalid or has expired.");
    const ctx = await resolveContext({
      userId: link.u,
      via: caller.via,
      binding: caller.binding,
      requestedCompanyId: link.c,
      strictCompany: true,
    });
    // The request (its signal): a client that leaves while its export waits for a slot never starts it, and one that
    // leaves while reading ends it at once (lib/platform/exports.ts, takeSlot and guardedStream).
    return await streamExport(ctx, def, new URLSearchParams(link.q), link.f ?? "xlsx", {
      request,
    });
  } catch (e) {
    return errorResponse(e);
  }
}
export const dynamic = "force-dynamic";
