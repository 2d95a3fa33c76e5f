import { callerOf, errorResponse } from "@/lib/api/dispatch";
import { invalid } from "@/lib/platform/errors";
import { optionPage } from "@/lib/options/option-sources";

const RESERVED = new Set(["search", "after", "limit"]);

/**
 * GET /api/options/<source>?search=&after=&limit=(&franchisee_id=): one page of a picker's options, searched and
 * keyset-paged on the server (lib/options/option-sources.ts), for the portal's session or an app's token. Answers
 * `{ data: [{ id, value, label, sublabel }], next }`: `next` is the `after` of the following page, null at the end.
 */
export async function GET(request: Request, { params }: { params: Promise<{ source: string }> }) {
  try {
    const { source } = await params;
    const ctx = await callerOf(request);
    const q = new URL(request.url).searchParams;
    const limitRaw = q.get("limit");
    if (limitRaw != null && !/^\d{1,3}$/.test(limitRaw))
      throw invalid({ limit: "The limit must be a number." });
    const rest: Record<string, string> = {};
    for (const [k, v] of q) if (!RESERVED.has(k)) rest[k] = v;
    const page = await optionPage(ctx, source, {
      search: q.get("search") ?? undefined,
      after: q.get("after") ?? undefined,
      limit: limitRaw != null ? Number(limitRaw) : undefined,
      params: rest,
    });
    return Response.json(page, { headers: { "cache-control": "private, no-store" } });
  } catch (e) {
    return errorResponse(e);
  }
}
export const dynamic = "force-dynamic";
