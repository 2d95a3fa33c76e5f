import { and, asc, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { banners } from "@/db/schema";
import { api } from "../../support/fixtures";
import type { Env, Sample } from "./types";

/** The first live (seeded) banner of a company. */
export async function bannerOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [b] = await e.db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.company_id, companyId), isNull(banners.deleted_at)))
    .orderBy(asc(banners.id))
    .limit(1);
  return b.id;
}

let n = 0;
/** A fresh banner of a company (deleted when `deleted`). */
async function spareBanner(e: Env, companyId: number, deleted = false): Promise<number> {
  const [b] = await e.db
    .insert(banners)
    .values({
      company_id: companyId,
      title: `Contract Banner ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: banners.id });
  return b.id;
}

const spare = { patch: 0, del: 0, restore: 0 };

export const bannersSamples: Record<string, Sample> = {
  "GET banners": { path: () => "banners?page=1&rowsPerPage=5&show_deleted=0&search_keyword=walk" },
  "GET banner_exports": { path: () => "banner_exports?search_keyword=walk" },
  "POST banners": {
    path: () => "banners",
    // The earlier client sends role_id 4: accepted and ignored.
    body: () => ({ title: `Contract Banner ${++n}`, role_id: 4 }),
  },
  "GET banners/:id": {
    path: async (e) => `banners/${await bannerOf(e, e.happyId)}`,
    foreign: async (e) => `banners/${await bannerOf(e, e.wagId)}`,
  },
  "PATCH banners/:id": {
    before: async (e) => void (spare.patch = await spareBanner(e, e.happyId)),
    path: () => `banners/${spare.patch || 1}`,
    body: () => ({ title: "Contract Banner Renamed", is_active: 0 }),
    foreign: async (e) => `banners/${await bannerOf(e, e.wagId)}`,
  },
  "POST banners/delete/:id": {
    before: async (e) => void (spare.del = await spareBanner(e, e.happyId)),
    path: () => `banners/delete/${spare.del || 1}`,
    foreign: async (e) => `banners/delete/${await spareBanner(e, e.wagId)}`,
  },
  "POST banners/restore/:id": {
    before: async (e) => void (spare.restore = await spareBanner(e, e.happyId, true)),
    path: () => `banners/restore/${spare.restore || 1}`,
    foreign: (e) => `banners/restore/${e.trash.banner}`,
  },
  "POST upload_banner_image_path": {
    path: () => "upload_banner_image_path",
    // Multipart: a real image is stored on the banner; another company's banner answers 404.
    async valid(e) {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("id", String(await spareBanner(e, e.happyId)));
      form.set("image_path", new File([new Uint8Array(png)], "banner.png", { type: "image/png" }));
      const r = await api("POST", "upload_banner_image_path", { token: e.tokens.admin, form });
      expect(r.status).toBe(200);
      expect((r.json.data as { image_path: string }).image_path).toMatch(/\.png$/);
      const foreign = new FormData();
      foreign.set("id", String(await spareBanner(e, e.wagId)));
      foreign.set("image_path", new File([new Uint8Array(png)], "banner.png", { type: "image/png" }));
      const f = await api("POST", "upload_banner_image_path", { token: e.tokens.full, form: foreign });
      expect(f.status).toBe(404);
    },
  },
};
