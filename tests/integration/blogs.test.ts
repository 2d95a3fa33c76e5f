import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { blogDetails, blogs, companies } from "@/db/schema";
import { mayViewRecord } from "@/lib/registry";
import { BLOG_INVALID, blogDetailsCrud, blogOfDetails } from "@/lib/franchise/blog-details";
import { blogsCrud } from "@/lib/franchise/blogs";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { readStoredFile } from "@/lib/platform/file-access";
import { IMAGE_REFUSED } from "@/lib/platform/files";
import { encodeId } from "@/lib/platform/ids";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";
import { spareBlog, spareBlogDetail } from "./contract/blogs";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const blogActions = await import("@/app/(portal)/blogs/actions");
const detailActions = await import("@/app/(portal)/blog-details/actions");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let png: Buffer;

const image = (bytes: Buffer | string, name = "blog.png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/png" });

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const HOSTILE =
  '<p>Hello <strong>dogs</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)" onclick="x()">link</a></p>';

/** Neither a script, an event handler nor a javascript: link survives. */
function expectClean(html: string | null) {
  expect(html).toContain("<strong>dogs</strong>");
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  png = await sharp({ create: { width: 16, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
});

describe("blogs list", () => {
  it("searches titles, filters status, pages, shows the description as plain text; trash and restore", async () => {
    const b = await blogsCrud.create(admin, {
      title: "Rainy day games",
      description: "<p>Hide &amp; seek <strong>indoors</strong> &lt;3</p><p>Second paragraph</p>",
      is_active: 0,
    });
    const all = await blogsCrud.list(admin, {});
    // Two seeded blogs and the new one, newest first.
    expect(all.count).toBe(3);
    expect(all.data[0]).toMatchObject({
      id: b.id,
      title: "Rainy day games",
      description_text: "Hide & seek indoors <3 Second paragraph",
    });
    const r = await api("GET", "blogs?search_keyword=monsoon", { token });
    expect((r.json.data as { title: string }[]).map((x) => x.title)).toEqual(["Monsoon paw care"]);
    expect((await blogsCrud.list(admin, { is_active: "0" })).data.map((x) => x.id)).toEqual([b.id]);
    const page2 = await api("GET", "blogs?page=2&rowsPerPage=2", { token });
    expect((page2.json.data as unknown[]).length).toBe(1);
    expect((await api("GET", "blog_exports?search_keyword=rain", { token })).json.data).toMatch(
      /^\/api\/download\?/,
    );

    const del = await api("POST", `blogs/delete/${b.id}`, { token });
    expect(del.json).toEqual({ message: "Blog deleted successfully." });
    const trash = await api("GET", "blogs?show_deleted=1", { token });
    expect((trash.json.data as { id: number }[]).map((x) => x.id)).toEqual([b.id]);
    expect((await blogActions.restoreBlogAction(encodeId(b.id))).ok).toBe(true);
    expect((await blogsCrud.get(admin, b.id)).id).toBe(b.id);
  });
});

describe("saving a blog", () => {
  it("sanitises the rich text on the server (create and edit)", async () => {
    const r = await api("POST", "blogs", { token, body: { title: "Safe", description: HOSTILE } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = (r.json.data as { id: number }).id;
    const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
    expectClean(row.description);
    expect(row.company_id).toBe(happy.id);

    const e = await api("PATCH", `blogs/${id}`, { token, body: { description: `<p>x</p>${HOSTILE}` } });
    expect(e.status).toBe(200);
    const [edited] = await db.select().from(blogs).where(eq(blogs.id, id));
    expectClean(edited.description);
    // Blank rich text is no text.
    expect((await blogsCrud.update(admin, { id, description: "<p> </p>" })).description).toBeNull();
  });

  it("takes the image with the save (multipart imagepath), images only by content; refused → nothing written", async () => {
    const form = new FormData();
    form.set("title", "With image");
    form.set("description", "<p>Hi</p>");
    form.set("imagepath", image(png));
    const r = await api("POST", "blogs", { token, form });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const saved = r.json.data as { id: number; imagepath: string };
    expect(saved.imagepath).toMatch(/\.png$/);
    const file = await readStoredFile(admin, saved.imagepath, mayViewRecord);
    expect(file).toBeTruthy();

    const bad = new FormData();
    bad.set("title", "Not an image");
    bad.set("imagepath", image("%PDF-1.4 not a picture"));
    const refused = await api("POST", "blogs", { token, form: bad });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ imagepath: [IMAGE_REFUSED] });
    expect(await db.select().from(blogs).where(eq(blogs.title, "Not an image"))).toEqual([]);

    // The form's action: title required, the image refused, both under their fields.
    const a = await blogActions.createBlogAction({ title: " ", imagepath: image("text") });
    expect(a).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { title: "The title field is required.", imagepath: IMAGE_REFUSED },
    });
  });

  it("upload_blog stores an image on a blog, answers it unchanged without a file, 404 for another company's", async () => {
    const id = await spareBlog({ db }, happy.id);
    const none = new FormData();
    none.set("id", String(id));
    const unchanged = await api("POST", "blogs/upload_blog", { token, form: none });
    expect(unchanged.status).toBe(200);
    expect((unchanged.json.data as { imagepath: string | null }).imagepath).toBeNull();

    const bad = new FormData();
    bad.set("id", encodeId(id));
    bad.set("imagepath", image("GIF89 nope"));
    expect((await api("POST", "blogs/upload_blog", { token, form: bad })).json.errors).toEqual({
      imagepath: [IMAGE_REFUSED],
    });

    const foreign = new FormData();
    foreign.set("id", String(await spareBlog({ db }, wag.id)));
    foreign.set("imagepath", image(png));
    expect((await api("POST", "blogs/upload_blog", { token, form: foreign })).status).toBe(404);
  });
});

describe("blog details", () => {
  it("lists one blog's live details, searches, deletes and restores with the kit's texts", async () => {
    const blogId = await spareBlog({ db }, happy.id);
    const first = await blogDetailsCrud.create(admin, { blog_id: blogId, description: "<p>Bring water</p>" });
    const second = await blogDetailsCrud.create(admin, {
      blog_id: String(blogId),
      description: "<p>Treats</p>",
    });
    const l = await api("GET", `blog_details?blog_id=${blogId}`, { token });
    expect((l.json.data as { id: number }[]).map((d) => d.id)).toEqual([second.id, first.id]);
    expect(
      (await blogDetailsCrud.list(admin, { blog_id: encodeId(blogId), search_keyword: "water" })).count,
    ).toBe(1);
    expect((await api("POST", `blog_details/delete/${first.id}`, { token })).json).toEqual({
      message: "Blog Detail deleted successfully.",
    });
    const trash = await blogDetailsCrud.list(admin, { blog_id: String(blogId), show_deleted: "1" });
    expect(trash.data.map((d) => d.id)).toEqual([first.id]);
    expect((await detailActions.restoreBlogDetailAction(encodeId(first.id))).ok).toBe(true);
    expect((await blogDetailsCrud.list(admin, { blog_id: String(blogId) })).count).toBe(2);
  });

  it("sanitises the description and refuses a file that is not an image", async () => {
    const blogId = await spareBlog({ db }, happy.id);
    const form = new FormData();
    form.set("blog_id", String(blogId));
    form.set("description", HOSTILE);
    form.set("imagepath", image(png));
    const r = await api("POST", "blog_details", { token, form });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = r.json.data as { id: number; imagepath: string };
    expect(d.imagepath).toMatch(/\.png$/);
    const [row] = await db.select().from(blogDetails).where(eq(blogDetails.id, d.id));
    expectClean(row.description);

    const up = new FormData();
    up.set("id", String(d.id));
    up.set("imagepath", image("<svg onload=alert(1)>", "x.png"));
    const refused = await api("POST", "blog_details/upload_blog_detail", { token, form: up });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ imagepath: [IMAGE_REFUSED] });

    // The screen's action names the blog by its opaque id.
    const a = await detailActions.createBlogDetailAction(encodeId(blogId), {
      description: "<p>From the form</p>",
    });
    expect(a.ok).toBe(true);
    const wrong = await detailActions.createBlogDetailAction("nonsense", { description: "<p>x</p>" });
    expect(wrong).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { blog_id: "The blog field is required." },
    });
  });

  it("a detail of a deleted or another company's blog answers 404; a new one needs a live blog of the company", async () => {
    const detailId = await spareBlogDetail({ db }, happy.id);
    const [{ blog_id }] = await db.select().from(blogDetails).where(eq(blogDetails.id, detailId));
    expect((await api("GET", `blog_details/${detailId}`, { token })).status).toBe(200);
    await blogsCrud.delete(admin, { id: blog_id });
    expect((await api("GET", `blog_details/${detailId}`, { token })).status).toBe(404);
    expect((await api("PATCH", `blog_details/${detailId}`, { token, body: { is_active: 0 } })).status).toBe(
      404,
    );
    expect((await api("POST", `blog_details/delete/${detailId}`, { token })).status).toBe(404);
    expect((await blogDetailsCrud.list(admin, { blog_id: String(blog_id) })).count).toBe(0);
    expect((await failure(blogOfDetails(admin, blog_id))).status).toBe(404);
    expect((await failure(blogDetailsCrud.create(admin, { blog_id }))).fieldErrors).toEqual({
      blog_id: BLOG_INVALID,
    });
    // Restored, the blog's details are back.
    await blogsCrud.restore(admin, { id: blog_id });
    expect((await api("GET", `blog_details/${detailId}`, { token })).status).toBe(200);

    const foreign = await spareBlogDetail({ db }, wag.id);
    expect((await api("GET", `blog_details/${foreign}`, { token })).status).toBe(404);
    const [{ blog_id: wagBlog }] = await db.select().from(blogDetails).where(eq(blogDetails.id, foreign));
    expect((await failure(blogOfDetails(admin, wagBlog))).status).toBe(404);
    expect((await failure(blogDetailsCrud.create(admin, { blog_id: wagBlog }))).fieldErrors).toEqual({
      blog_id: BLOG_INVALID,
    });
  });
});
