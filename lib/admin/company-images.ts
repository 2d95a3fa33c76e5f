import "server-only";
import type { Ctx } from "@/lib/platform/context";
import { authorize } from "@/lib/platform/context";
import { invalid } from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";
import { companiesCrud } from "./companies";

/**
 * POST companies/upload_logo_path: id plus either or both images, saved as an edit of the company (its `files`:
 * checked first, a bad image refuses the call and nothing is stored; the replaced images go after the commit).
 */
export async function uploadCompanyImages(
  ctx: Ctx,
  body: Record<string, unknown>,
  files: Record<string, File>,
) {
  authorize(ctx, "companies.update");
  // The portal sends the opaque id it holds; other clients send the plain one.
  const id =
    typeof body.id === "string" ? parseIdParam(body.id) : typeof body.id === "number" ? body.id : null;
  if (id == null) throw invalid({ id: "The id field is required." });
  await companiesCrud.get(ctx, id); // another company's id answers 404 before any file is read or stored
  const { logo_path, explorer_poster_path } = files;
  if (!logo_path?.size && !explorer_poster_path?.size)
    throw invalid({ logo_path: "Choose an image to upload." });
  return companiesCrud.update(ctx, { id, logo_path, explorer_poster_path });
}
