import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { banners, companies, storedFiles } from "@/db/schema";
import { BANNER_UPLOAD_FAILED, bannersCrud } from "@/lib/operations/banners";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { readStoredFile } from "@/lib/platform/file-access";
import { IMAGE_REFUSED } from "@/lib/platform/files";
import { encodeId } from "@/lib/platform/ids";
import { mayViewRecord } from "@/lib/registry";
import { adminEmail, api, ctxFor, EMPTY_LIST, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/banners/actions");

const { create, list, get } = bannersCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let wagAdmin: Ctx;
let token: string;
let png: Buffer;

const image = (bytes: Buffer | string, name = "banner.png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/png" });

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  wagAdmin = await ctxFor("admin@wagnation.test");
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  png = await sharp({ create: { width: 16, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
});

describe("banners list", () => {
  it("searches titles, filters by status, pages and opens the trash, within the acting company", async () => {
    const all = await list(admin, {});
    // The two seeded banners of Happy Paws; Wag Nation's are never counted.
    expect(all.count).toBe(2);
    expect(all.data.map((b) => b.title)).toEqual([
      "Monsoon walks: rain coats on us",
      "Refer a friend, get a week free",
    ]);
    expect((await list(admin, { is_active: "0" })).data.map((b) => b.title)).toEqual([
      "Refer a friend, get a week free",
    ]);
    const search = await api("GET", "banners?search_keyword=MONSOON", { token });
    expect((search.json.data as { title: string }[]).map((b) => b.title)).toEqual([
      "Monsoon walks: rain coats on us",
    ]);
    const page2 = await api("GET", "banners?page=2&rowsPerPage=1", { token });
    expect((page2.json.data as { title: string }[]).map((b) => b.title)).toEqual([
      "Refer a friend, get a week free",
    ]);

    const b = await create(admin, { title: "Short lived" });
    const del = await api("POST", `banners/delete/${b.id}`, { token });
    expect(del.json).toEqual({ message: "Banner deleted successfully." });
    const trash = await api("GET", "banners?show_deleted=1", { token });
    expect((trash.json.data as { title: string }[]).map((x) => x.title)).toEqual(["Short lived"]);
    const res = await api("POST", `banners/restore/${b.id}`, { token });
    expect(res.json).toEqual({ message: "Banner restored successfully." });
    expect((await list(admin, { show_deleted: "1" })).count).toBe(0);
    expect((await api("GET", "banners?search_keyword=zzz", { token })).json).toEqual(EMPTY_LIST);
  });
});

describe("saving a banner", () => {
  it("creates a banner from a title (role_id accepted and ignored), answering data.id", async () => {
    const r = await api("POST", "banners", {
      token,
      body: { title: "Puppy week", role_id: 4, company_id: wag.id },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = r.json.data as {
      id: number;
      company_id: number;
      image_path: string | null;
      is_active: number;
    };
    expect(data).toMatchObject({ company_id: happy.id, image_path: null, is_active: 1 });
    expect(data.id).toBeGreaterThan(0);
    expect(data).not.toHaveProperty("role_id");

    expect((await api("POST", "banners", { token, body: { title: " " } })).json.errors).toEqual({
      title: ["The title field is required."],
    });
  });

  it("takes the image with the save (multipart), checked by content; a refused file writes nothing", async () => {
    const form = new FormData();
    form.set("title", "With image");
    form.set("image_path", image(png));
    const r = await api("POST", "banners", { token, form });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const saved = r.json.data as { id: number; image_path: string };
    expect(saved.image_path).toMatch(/\.png$/);

    // The image opens for whoever may view the banner, and for nobody of another company.
    const file = await readStoredFile(admin, saved.image_path, mayViewRecord);
    expect(file).toBeTruthy();
    expect((await failure(readStoredFile(wagAdmin, saved.image_path, mayViewRecord))).status).toBe(404);

    const bad = new FormData();
    bad.set("title", "Not an image");
    bad.set("image_path", image("%PDF-1.4 not a picture", "banner.png"));
    const refused = await api("POST", "banners", { token, form: bad });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ image_path: [IMAGE_REFUSED] });
    expect(await db.select().from(banners).where(eq(banners.title, "Not an image"))).toEqual([]);
  });

  it("edits title and status, and keeps the image unless a new one is chosen", async () => {
    const b = await create(admin, { title: "Edit me", image_path: image(png) });
    const r = await api("PATCH", `banners/${b.id}`, { token, body: { title: "Edited", is_active: 0 } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ title: "Edited", is_active: 0, image_path: b.image_path });
  });

  it("shows the spec's upload text, then the reason, when the form's image is refused", async () => {
    const r = await actions.createBannerAction({ title: "Form banner", image_path: image("plain text") });
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { image_path: `${BANNER_UPLOAD_FAILED} ${IMAGE_REFUSED}` },
    });
    const ok = await actions.createBannerAction({ title: "Form banner", image_path: image(png), role_id: 4 });
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    // Other field errors are left as they are.
    const blank = await actions.createBannerAction({ title: "" });
    expect(blank).toMatchObject({ ok: false, fieldErrors: { title: "The title field is required." } });
  });
});

describe("POST upload_banner_image_path", () => {
  it("stores the image on the banner, replacing the one it had", async () => {
    const b = await create(admin, { title: "Upload target" });
    const send = async (id: string | number, file?: File) => {
      const form = new FormData();
      form.set("id", String(id));
      if (file) form.set("image_path", file);
      return api("POST", "upload_banner_image_path", { token, form });
    };
    const first = await send(b.id, image(png));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const firstKey = (first.json.data as { image_path: string }).image_path;
    expect(firstKey).toMatch(/\.png$/);

    // The portal's opaque id works too; the replaced file's record goes.
    const second = await send(encodeId(b.id), image(png, "again.png"));
    expect(second.status).toBe(200);
    const secondKey = (second.json.data as { image_path: string }).image_path;
    expect(secondKey).not.toBe(firstKey);
    expect((await get(admin, b.id)).image_path).toBe(secondKey);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, firstKey))).toEqual([]);

    const refused = await send(b.id, image("GIF? no"));
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual({ image_path: [IMAGE_REFUSED] });
    expect((await get(admin, b.id)).image_path).toBe(secondKey);

    expect((await send(b.id)).json.errors).toEqual({ image_path: ["Choose an image to upload."] });
    expect((await api("POST", "upload_banner_image_path", { token, form: new FormData() })).status).toBe(422);
  });

  it("answers 404 for another company's banner, before reading the file", async () => {
    const [w] = await db.select().from(banners).where(eq(banners.company_id, wag.id)).limit(1);
    const form = new FormData();
    form.set("id", String(w.id));
    form.set("image_path", image(png));
    expect((await api("POST", "upload_banner_image_path", { token, form })).status).toBe(404);
    for (const [method, path] of [
      ["GET", `banners/${w.id}`],
      ["PATCH", `banners/${w.id}`],
      ["POST", `banners/delete/${w.id}`],
    ] as const)
      expect((await api(method, path, { token, body: method === "GET" ? undefined : {} })).status).toBe(404);
  });
});
