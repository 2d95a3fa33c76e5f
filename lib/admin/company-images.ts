import "server-only";
import type { Ctx } from "@/lib/platform/context";
import { authorize } from "@/lib/platform/context";
import { invalid } from "@/lib/platform/errors";
import { fileColumnsOf, prepareImage } from "@/lib/platform/files";
import { parseIdParam } from "@/lib/platform/ids";
import { companiesCrud, companiesDef } from "./companies";

const IMAGE_FIELDS = ["logo_path", "explorer_poster_path"] as const;
type ImageField = (typeof IMAGE_FIELDS)[number];
type Prepared = { field: ImageField; body: Buffer; contentType: string; ext: string; name: string };

/** Checks every uploaded image by content first: one bad file refuses the request before anything is stored. */
async function checkImages(files: Record<string, File>): Promise<Prepared[]> {
  const out: Prepared[] = [];
  const errors: Record<string, string> = {};
  for (const field of IMAGE_FIELDS) {
    const file = files[field];
    if (!file || file.size === 0) continue;
    const p = await prepareImage(Buffer.from(await file.arrayBuffer()));
    if (!p.ok) errors[field] = p.message;
    else out.push({ field, body: p.body, contentType: p.contentType, ext: p.ext, name: file.name });
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/**
 * Stores checked images as files of the company record and writes its path columns with them in one transaction
 * (an audited edit); a replaced image's file is removed, and a failed save stores nothing.
 */
const storeImages = fileColumnsOf(companiesDef, IMAGE_FIELDS);
const asFiles = (images: Prepared[]) =>
  Object.fromEntries(
    images.map((i) => [
      i.field,
      { body: i.body, contentType: i.contentType, ext: i.ext, originalName: i.name },
    ]),
  );

/** POST companies/upload_logo_path: id plus either or both images. */
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
  await companiesCrud.get(ctx, id); // 404 for another company's id before any file is read or stored
  const images = await checkImages(files);
  if (!images.length) throw invalid({ logo_path: "Choose an image to upload." });
  return storeImages(ctx, id, asFiles(images));
}

/** POST companies: the company fields plus optional images (multipart) in one call; a bad image refuses it all. */
export async function createCompanyWithImages(
  ctx: Ctx,
  body: Record<string, unknown>,
  files: Record<string, File>,
) {
  authorize(ctx, "companies.create");
  const images = await checkImages(files);
  const company = await companiesCrud.create(ctx, body);
  if (!images.length) return company;
  return storeImages(ctx, company.id, asFiles(images));
}
