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
 */
export async function readStoredFile(ctx: Ctx, key: string, mayView: MayViewRecord, onRead?: OnFileRead) {
  const db = await getDb();
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  if (!row || !(await mayRead(ctx, row, mayView))) throw notFound();
  const file = await getStorage().get(key);
  if (!file) throw notFound();
  await onRead?.(ctx, row);
  return file;
}

/** The URL the portal and clients use for a stored path. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/api/files/${key.split("/").map(encodeURIComponent).join("/")}` : null;
}
