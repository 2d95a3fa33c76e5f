import "server-only";
import { randomBytes } from "node:crypto";
import { storedFiles } from "@/db/schema";
import { getDb } from "./db";
import { getStorage } from "./storage";

/** Largest image accepted (bytes) and the largest side kept after re-encoding (pixels). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_SIDE = 2000;
export const IMAGE_REFUSED = "The file must be an image (PNG, JPEG, WebP or GIF).";

type Kind = { type: string; ext: string };

/** The file's real type from its first bytes; never from its name or the client's content type. */
export function sniff(buf: Buffer): Kind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => buf[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: "image/png", ext: "png" };
  if (starts([0xff, 0xd8, 0xff])) return { type: "image/jpeg", ext: "jpg" };
  if (starts([0x47, 0x49, 0x46, 0x38])) return { type: "image/gif", ext: "gif" };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { type: "image/webp", ext: "webp" };
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { type: "application/pdf", ext: "pdf" };
  if (starts([0x50, 0x4b, 0x03, 0x04])) return { type: "application/zip", ext: "zip" };
  return null;
}

export type PreparedImage =
  { ok: true; body: Buffer; contentType: string; ext: string } | { ok: false; message: string };

/**
 * Checks an upload is an image by its content and re-encodes it (drops metadata and anything riding along,
 * caps its size). SVG is refused: it can carry script.
 */
export async function prepareImage(buf: Buffer): Promise<PreparedImage> {
  if (buf.length > MAX_IMAGE_BYTES) return { ok: false, message: "The image may not be greater than 5 MB." };
  const kind = sniff(buf);
  if (!kind || !kind.type.startsWith("image/")) return { ok: false, message: IMAGE_REFUSED };
  try {
    const { default: sharp } = await import("sharp");
    const img = sharp(buf, { limitInputPixels: 40_000_000, animated: false }).rotate();
    const resized = img.resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: "inside", withoutEnlargement: true });
    const out =
      kind.type === "image/jpeg"
        ? await resized.jpeg({ quality: 85 }).toBuffer()
        : await resized.png().toBuffer();
    return kind.type === "image/jpeg"
      ? { ok: true, body: out, contentType: "image/jpeg", ext: "jpg" }
      : { ok: true, body: out, contentType: "image/png", ext: "png" };
  } catch {
    return { ok: false, message: IMAGE_REFUSED };
  }
}

export type UploadInput = {
  companyId: number | null;
  userId: number | null;
  /** Folder-like prefix of the key, e.g. "companies/3/logo". */
  prefix: string;
  file: { body: Buffer; contentType: string; ext: string; originalName?: string | null };
};

/** Stores a checked file under a fresh random key and records who owns it; returns the key (the stored path). */
export async function saveUpload(u: UploadInput): Promise<string> {
  const key = `${u.prefix}-${randomBytes(12).toString("hex")}.${u.file.ext}`;
  await getStorage().put(key, u.file.body, u.file.contentType);
  const db = await getDb();
  await db.insert(storedFiles).values({
    key,
    company_id: u.companyId,
    created_by: u.userId,
    content_type: u.file.contentType,
    size: u.file.body.length,
    original_name: u.file.originalName?.slice(0, 300) ?? null,
  });
  return key;
}
