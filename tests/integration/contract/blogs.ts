import sharp from "sharp";
import { expect } from "vitest";
import { blogDetails, blogs } from "@/db/schema";
import { api } from "../../support/fixtures";
import type { Env, Sample } from "./types";

let n = 0;
/** A fresh blog of a company (deleted when `deleted`). */
export async function spareBlog(e: Pick<Env, "db">, companyId: number, deleted = false): Promise<number> {
  const [b] = await e.db
    .insert(blogs)
    .values({
      company_id: companyId,
      title: `Contract Blog ${++n}`,
      description: "<p>Walks in the monsoon</p>",
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: blogs.id });
  return b.id;
}

/** A fresh detail of a fresh live blog of a company (the detail deleted when `deleted`). */
export async function spareBlogDetail(
  e: Pick<Env, "db">,
  companyId: number,
  deleted = false,
): Promise<number> {
  const [d] = await e.db
    .insert(blogDetails)
    .values({
      company_id: companyId,
      blog_id: await spareBlog(e, companyId),
      description: "<p>Carry water</p>",
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: blogDetails.id });
  return d.id;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
const image = async () => new File([new Uint8Array(await png())], "blog.png", { type: "image/png" });

const spare = { get: 0, patch: 0, del: 0, restore: 0, blog: 0, dget: 0, dpatch: 0, ddel: 0, drestore: 0 };

export const blogsSamples: Record<string, Sample> = {
  "GET blogs": { path: () => "blogs?page=1&rowsPerPage=5&show_deleted=0&is_active=1&search_keyword=walk" },
  "GET blog_exports": { path: () => "blog_exports?search_keyword=walk" },
  "POST blogs": {
    path: () => "blogs",
    body: () => ({ title: `Contract Blog ${++n}`, description: "<p>Hello <strong>dogs</strong></p>" }),
  },
  "GET blogs/:id": {
    before: async (e) => void (spare.get = await spareBlog(e, e.happyId)),
    path: () => `blogs/${spare.get || 1}`,
    foreign: async (e) => `blogs/${await spareBlog(e, e.wagId)}`,
  },
  "PATCH blogs/:id": {
    before: async (e) => void (spare.patch = await spareBlog(e, e.happyId)),
    path: () => `blogs/${spare.patch || 1}`,
    body: () => ({ title: "Contract Blog Renamed", is_active: 0 }),
    foreign: async (e) => `blogs/${await spareBlog(e, e.wagId)}`,
  },
  "POST blogs/delete/:id": {
    before: async (e) => void (spare.del = await spareBlog(e, e.happyId)),
    path: () => `blogs/delete/${spare.del || 1}`,
    foreign: async (e) => `blogs/delete/${await spareBlog(e, e.wagId)}`,
  },
  "POST blogs/restore/:id": {
    before: async (e) => void (spare.restore = await spareBlog(e, e.happyId, true)),
    path: () => `blogs/restore/${spare.restore || 1}`,
    foreign: (e) => `blogs/restore/${e.trash.blog}`,
  },
  "POST blogs/upload_blog": {
    path: () => "blogs/upload_blog",
    // Multipart: a real image is stored on the blog; another company's blog answers 404.
    async valid(e) {
      const form = new FormData();
      form.set("id", String(await spareBlog(e, e.happyId)));
      form.set("imagepath", await image());
      const r = await api("POST", "blogs/upload_blog", { token: e.tokens.admin, form });
      expect(r.status).toBe(200);
      expect((r.json.data as { imagepath: string }).imagepath).toMatch(/\.png$/);
      const foreign = new FormData();
      foreign.set("id", String(await spareBlog(e, e.wagId)));
      foreign.set("imagepath", await image());
      const f = await api("POST", "blogs/upload_blog", { token: e.tokens.full, form: foreign });
      expect(f.status).toBe(404);
    },
  },
  "GET blog_details": {
    before: async (e) => void (spare.blog = await spareBlog(e, e.happyId)),
    path: () =>
      `blog_details?page=1&rowsPerPage=5&show_deleted=0&blog_id=${spare.blog || 1}&is_active=1&search_keyword=water`,
  },
  "GET blog_detail_exports": { path: () => "blog_detail_exports?search_keyword=water" },
  "POST blog_details": {
    before: async (e) => void (spare.blog = await spareBlog(e, e.happyId)),
    path: () => "blog_details",
    body: () => ({ blog_id: spare.blog, description: "<p>Bring treats</p>" }),
  },
  "GET blog_details/:id": {
    before: async (e) => void (spare.dget = await spareBlogDetail(e, e.happyId)),
    path: () => `blog_details/${spare.dget || 1}`,
    foreign: async (e) => `blog_details/${await spareBlogDetail(e, e.wagId)}`,
  },
  "PATCH blog_details/:id": {
    before: async (e) => void (spare.dpatch = await spareBlogDetail(e, e.happyId)),
    path: () => `blog_details/${spare.dpatch || 1}`,
    body: () => ({ description: "<p>Updated</p>", is_active: 0 }),
    foreign: async (e) => `blog_details/${await spareBlogDetail(e, e.wagId)}`,
  },
  "POST blog_details/delete/:id": {
    before: async (e) => void (spare.ddel = await spareBlogDetail(e, e.happyId)),
    path: () => `blog_details/delete/${spare.ddel || 1}`,
    foreign: async (e) => `blog_details/delete/${await spareBlogDetail(e, e.wagId)}`,
  },
  "POST blog_details/restore/:id": {
    before: async (e) => void (spare.drestore = await spareBlogDetail(e, e.happyId, true)),
    path: () => `blog_details/restore/${spare.drestore || 1}`,
    foreign: (e) => `blog_details/restore/${e.trash.blog_detail}`,
  },
  "POST blog_details/upload_blog_detail": {
    path: () => "blog_details/upload_blog_detail",
    async valid(e) {
      const form = new FormData();
      form.set("id", String(await spareBlogDetail(e, e.happyId)));
      form.set("imagepath", await image());
      const r = await api("POST", "blog_details/upload_blog_detail", { token: e.tokens.admin, form });
      expect(r.status).toBe(200);
      expect((r.json.data as { imagepath: string }).imagepath).toMatch(/\.png$/);
      const foreign = new FormData();
      foreign.set("id", String(await spareBlogDetail(e, e.wagId)));
      foreign.set("imagepath", await image());
      const f = await api("POST", "blog_details/upload_blog_detail", { token: e.tokens.full, form: foreign });
      expect(f.status).toBe(404);
    },
  },
};
