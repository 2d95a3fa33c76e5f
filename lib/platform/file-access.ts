import "server-only";
import { eq } from "drizzle-orm";
import { storedFiles } from "@/db/schema";
import type { Ctx } from "./context";
import { getDb } from "./db";
import { notFound } from "./errors";
import { ROLE } from "./permissions";
import { getStorage } from "./storage";

/** A stored file the caller may read: their acting company's, or any for platform admins. Others answer 404. */
export async function readStoredFile(ctx: Ctx, key: string) {
  const db = await getDb();
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
  if (!row) throw notFound();
  const platformAdmin = ctx.roleName === ROLE.SUPER_ADMIN || ctx.roleName === ROLE.BACKEND_ADMIN;
  if (!platformAdmin && row.company_id != null && row.company_id !== ctx.companyId) throw notFound();
  const file = await getStorage().get(key);
  if (!file) throw notFound();
  return file;
}

/** The URL the portal and clients use for a stored path. */
export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/api/files/${key.split("/").map(encodeURIComponent).join("/")}` : null;
}
