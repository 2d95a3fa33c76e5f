import { exportDefs } from "@/lib/api/exports";
import { errorResponse } from "@/lib/api/dispatch";
import { resolveContext } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { readExportLink, streamExport } from "@/lib/platform/exports";

/** Opens an export link: the signature binds it to the user and company that asked; permissions are checked again now. */
export async function GET(request: Request) {
  try {
    const link = readExportLink(new URL(request.url).searchParams.get("t"));
    const def = link && exportDefs[link.e];
    if (!link || !def) throw new AppError(404, "This download link is invalid or has expired.");
    const ctx = await resolveContext({
      userId: link.u,
      via: "token",
      requestedCompanyId: link.c,
      strictCompany: true,
    });
    return await streamExport(ctx, def, new URLSearchParams(link.q));
  } catch (e) {
    return errorResponse(e);
  }
}
export const dynamic = "force-dynamic";
