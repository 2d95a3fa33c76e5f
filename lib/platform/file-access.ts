import "server-only";
import { eq } from "drizzle-orm";
import { storedFiles } from "@/db/schema";
import type { Ctx } from "./context";
import { getDb } from "./db";
import { notFound } from "./errors";
import { ROLE } from "./permissions";
import { getStorage } from "./storage";

/** Whether a caller may view one record (the registry's mayViewRecord, passed in: the kernel does not know entities). */
export type MayViewRecord = (ctx: Ctx, entity: string, id: number) => Promise<boolean>;

type FileRow = typeof storedFiles.$inferSelect;

/**
 * Who reads a stored file. A SUPER ADMIN every file. A file with an owning record: whoever may view that record; a
 * company's own files (its logo and poster) also every member of the company, who reads that branding through
 * get_company without companies.view. A file from before owners were recorded: its company's users, any file
 * for a BACKEND ADMIN, and a file of no company for everyone signed in.
 */
async function mayRead(ctx: Ctx, row: FileRow, mayView: MayViewRecord): Promise<boolean> {
  if (ctx.roleName === ROLE.SUPER_ADMIN) return true;
  if (row.entity != null && row.entity_id != null) {
    if (row.entity === "companies" && row.entity_id === ctx.companyId) return true;
    return mayView(ctx, row.entity, row.entity_id);
  }
  return ctx.roleName === ROLE.BACKEND_ADMIN || row.company_id == null || row.company_id === ctx.companyId;
}

/** Called once a caller is served a file (the registry's auditFileRead: KYC documents record each download). */
export type OnFileRead = (ctx: Ctx, row: FileRow) => Promise<void>;

/**
 * A stored file the caller may read (see mayRead); anything else answers 404, exactly like a missing file.
 * `onRead` runs once the file is found and allowed, before it is answered (a failure answers the error).
 * Besides the bytes and type: the name to download it under and how a browser should show it (`disposition`).
 */
export async function readStoredFile(ctx: Ctx, key: string, mayView: MayViewRecord, onRead?: OnFileRead) {
  const db = await getDb();
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  if (!row || !(await mayRead(ctx, row, mayView))) throw notFound();
  const file = await getStorage().get(key);
  if (!file) throw notFound();
  await onRead?.(ctx, row);
  const name = downloadName(row, file.contentType);
  return { ...file, name, disposition: contentDisposition(dispositionOf(file.contentType), name) };
}

/** Image types a browser may show inline: the ones images are re-encoded to or accepted as (never SVG). */
const INLINE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
const EXTENSIONS: Record<string, string> = { ...INLINE_TYPES, "application/pdf": "pdf" };

/** Images are shown inline; documents (PDFs, anything else) are downloaded, never rendered by the browser. */
export const dispositionOf = (contentType: string): "inline" | "attachment" =>
  Object.hasOwn(INLINE_TYPES, contentType.toLowerCase()) ? "inline" : "attachment";

// Control characters, and the invisible marks that can reorder or hide a name's extension (U+202E spells
// "gpj.exe" as "exe.jpg").
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/**
 * The name a stored file is downloaded under: the uploader's file name (stored_files.original_name) without any
 * folder, control or bidirectional characters, with the extension of the type actually stored (an image re-encoded
 * to PNG is "photo.png", a PDF is always ".pdf" whatever its upload was called). A file without its name (stored
 * before names were kept) is named after its record: "<entity>-<id>.<ext>", or its key's own name.
 */
export function downloadName(
  row: Pick<FileRow, "key" | "original_name" | "entity" | "entity_id">,
  contentType: string,
): string {
  const keyName = row.key.split("/").pop() ?? "file";
  const type = contentType.toLowerCase();
  const ext =
    (Object.hasOwn(EXTENSIONS, type) ? EXTENSIONS[type] : null) ??
    /\.([a-z0-9]{1,8})$/i.exec(keyName)?.[1] ??
    "bin";
  const clean = (name: string) =>
    name
      .normalize("NFC")
      .replace(UNSAFE_CHARS, "")
      .replace(/\.[^.]{0,16}$/, "")
      .replace(/^[\s.]+|[\s.]+$/g, "")
      .slice(0, 150);
  const given = clean((row.original_name ?? "").split(/[\\/]/).pop() ?? "");
  const base =
    given ||
    (row.entity && row.entity_id != null ? `${row.entity}-${row.entity_id}` : clean(keyName)) ||
    "file";
  return `${base}.${ext}`;
}

/**
 * A Content-Disposition header (RFC 6266) with the name twice: `filename` in plain ASCII for old clients (anything
 * else, quotes, backslashes and percent signs as "_"), and `filename*` in UTF-8, percent-encoded (RFC 5987/8187).
 */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The URL the portal and clients use for a stored path. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/api/files/${key.split("/").map(encodeURIComponent).join("/")}` : null;
}
