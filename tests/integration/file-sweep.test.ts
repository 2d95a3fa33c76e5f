import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "@/db/schema";
import { companiesCrud } from "@/lib/admin/companies";
import type { Db } from "@/lib/platform/db";
import { sweepOrphanFiles } from "@/lib/platform/file-sweep";
import { getStorage } from "@/lib/platform/storage";
import { api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";

// Orphan files (issue 24): uploads cut by a process death leave objects no stored_files row names (26 in the
// measurement), and nothing removed them. The scheduler's sweep removes such an object once it is older than the
// grace period, never before; a soft-deleted record keeps its files for a restore.

let db: Db;
let companyId: number;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  companyId = s.wag.id;
});

describe("the orphan file sweep", () => {
  it("removes a file written without its row only after the grace period", async () => {
    // What a kill between storing the object and committing its row leaves.
    const key = `companies/${companyId}/logo_path-killedmidupload0001.png`;
    await getStorage().put(key, Buffer.from("orphan"), "image/png");
    const justNow = await sweepOrphanFiles({ graceMs: HOUR });
    expect(justNow.removed).not.toContain(key);
    expect(await getStorage().get(key)).not.toBeNull();
    // An hour and a minute later.
    const later = await sweepOrphanFiles({ graceMs: HOUR, now: new Date(Date.now() + HOUR + 60_000) });
    expect(later.removed).toContain(key);
    expect(await getStorage().get(key)).toBeNull();
  });

  it("keeps every file a record names, and a soft-deleted record's file for its restore", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const token = await tokenFor(superEmail);
    const form = new FormData();
    form.set("id", String(companyId));
    form.set("logo_path", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const up = await api("POST", "companies/upload_logo_path", { token, form });
    expect(up.status).toBe(200);
    const [row] = await db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.entity_id, companyId))
      .orderBy(storedFiles.id);
    expect(row).toBeTruthy();
    const ctx = await ctxFor(superEmail);
    await companiesCrud.delete(ctx, { id: companyId });
    const swept = await sweepOrphanFiles({ graceMs: HOUR, now: new Date(Date.now() + 48 * HOUR) });
    expect(swept.listed).toBeGreaterThan(0);
    // Nothing a row names went: the seed's photos and the deleted company's logo.
    const named = new Set((await db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key));
    expect(swept.removed.filter((k) => named.has(k))).toEqual([]);
    expect(await getStorage().get(row.key)).not.toBeNull();
    await companiesCrud.restore(ctx, { id: companyId });
    expect(await getStorage().get(row.key)).not.toBeNull();
  });
});
