import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { storedFiles } from "@/db/schema";
import type { Ctx } from "./context";
import type { Tx } from "./db";
import { inspectPdf, PDF_UNREADABLE } from "./pdf-check";
import { getStorage } from "./storage";

export { PDF_ACTIVE_CONTENT, PDF_ENCRYPTED, PDF_TOO_COMPLEX, PDF_UNREADABLE } from "./pdf-check";

/** Largest image accepted (bytes) and the largest side kept after re-encoding (pixels). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_IMAGE_SIDE = 2000;
export const IMAGE_REFUSED = "The file must be an image (PNG, JPEG, WebP or GIF).";
export const IMAGE_TOO_LARGE = "The image may not be greater than 5 MB.";

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
  if (buf.length > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_TOO_LARGE };
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

export type PreparedPdf =
  { ok: true; body: Buffer; contentType: string; ext: string } | { ok: false; message: string };

/**
 * Checks an upload that starts with the PDF signature: parsed with pdf-lib, and refused when it carries active content
 * (scripts, actions, launched programs, attached files, rich media, XFA, form submission) or when it is encrypted or
 * cannot be read (lib/platform/pdf-check.ts). An accepted PDF is kept byte for byte.
 */
export async function preparePdf(buf: Buffer): Promise<PreparedPdf> {
  if (sniff(buf)?.type !== "application/pdf") return { ok: false, message: PDF_UNREADABLE };
  const refused = await inspectPdf(buf);
  if (refused) return { ok: false, message: refused };
  return { ok: true, body: buf, contentType: "application/pdf", ext: "pdf" };
}

/** A checked file to store (prepareImage's answer, or a document checked by `sniff`). */
export type NewFile = { body: Buffer; contentType: string; ext: string; originalName?: string | null };

/**
 * How an entity checks an upload into one of its file columns (the declaration's `files`): the file to store, or
 * the message shown under the field. Runs before anything is written or stored.
 */
export type FileRule = (file: File) => Promise<{ ok: true; file: NewFile } | { ok: false; message: string }>;

/** An image column: checked by content and size, re-encoded (prepareImage). */
export const imageFile: FileRule = async (file) => {
  // The size first: a large upload is refused before its bytes are decoded.
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_TOO_LARGE };
  const p = await prepareImage(Buffer.from(await file.arrayBuffer()));
  if (!p.ok) return p;
  return {
    ok: true,
    file: { body: p.body, contentType: p.contentType, ext: p.ext, originalName: file.name },
  };
};

/** The record a stored file belongs to, and that record's company. */
export type FileOwner = { entity: string; id: number; companyId: number | null };

/** The files of one record save, between storing them and the record's commit (see withFiles). */
export type StagedFiles<K extends string> = {
  /** The new objects' keys (the stored paths), by the record's column. */
  keys: Record<K, string>;
  /**
   * Inside the record's transaction: writes the new files' stored_files rows, owned by the record, and deletes the
   * rows of the files they replace (`replaced`: the record's previous paths), whose objects go after the commit.
   */
  attach: (tx: Tx, owner: FileOwner, replaced?: readonly unknown[]) => Promise<void>;
};

/**
 * Saves a record together with its files. The objects are stored first, under fresh keys (object stores are not
 * transactional, and a transaction should not wait on uploads); `save` then writes the record and calls `attach`
 * inside its transaction, so the record's paths and the stored_files rows commit together. A failed save removes
 * the new objects; a committed one removes the objects it replaced.
 */
export async function withFiles<K extends string, R>(
  ctx: Ctx,
  prefix: string,
  files: Partial<Record<K, NewFile>>,
  save: (staged: StagedFiles<K>) => Promise<R>,
): Promise<R> {
  const storage = getStorage();
  const entries = Object.entries(files).filter((e): e is [K, NewFile] => e[1] != null);
  const keys = {} as Record<K, string>;
  let attached = false;
  let replacedKeys: string[] = [];
  try {
    for (const [column, f] of entries) {
      const key = `${prefix}/${column}-${randomBytes(12).toString("hex")}.${f.ext}`;
      keys[column] = key;
      await storage.put(key, f.body, f.contentType);
    }
    const attach: StagedFiles<K>["attach"] = async (tx, owner, replaced = []) => {
      if (entries.length)
        await tx.insert(storedFiles).values(
          entries.map(([column, f]) => ({
            key: keys[column],
            company_id: owner.companyId,
            entity: owner.entity,
            entity_id: owner.id,
            created_by: ctx.userId,
            content_type: f.contentType,
            size: f.body.length,
            original_name: f.originalName?.slice(0, 300) ?? null,
          })),
        );
      const old = replaced.filter((k): k is string => typeof k === "string" && k !== "");
      // Only the record's own files (or rows from before owners were recorded) go with it.
      const gone = old.length
        ? await tx
            .delete(storedFiles)
            .where(
              and(
                inArray(storedFiles.key, old),
                or(
                  isNull(storedFiles.entity),
                  and(eq(storedFiles.entity, owner.entity), eq(storedFiles.entity_id, owner.id)),
                ),
              ),
            )
            .returning({ key: storedFiles.key })
        : [];
      replacedKeys = gone.map((g) => g.key);
      attached = true;
    };
    const result = await save({ keys, attach });
    if (!attached) throw new Error(`withFiles(${prefix}): the save did not attach its files`);
    await removeObjects(replacedKeys);
    return result;
  } catch (e) {
    await removeObjects(Object.values<string>(keys));
    throw e;
  }
}

/** Deletes stored objects whose rows are gone; a failure leaves an unreachable object behind, never a broken record. */
async function removeObjects(keys: string[]): Promise<void> {
  const storage = getStorage();
  for (const key of keys)
    await storage.delete(key).catch((e) => console.error("[files] could not remove", key, e));
}
