import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as serveFile } from "@/app/api/files/[...key]/route";
import { companies, plans, services, users } from "@/db/schema";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { api, adminEmail, seeded, tokenFor } from "../support/fixtures";

// Issue 22, content for the apps: app users (role USER: customers and walkers) read their company's active banners,
// plans and blogs and the images of those, never inactive ones nor another company's, and change none of them. The
// spec's shapes (002 §3): plans' tier, interests' user.user_name.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let tokens: { admin: string; wagAdmin: string; customer: string; walker: string };
let png: Buffer;

type Row = Record<string, unknown> & { id: number };
const ids = (data: unknown) => (data as Row[]).map((r) => r.id);

/** GET /api/files/<key> as a client with that token. */
async function fetchFile(key: string, token: string) {
  const res = await serveFile(
    new Request(`http://localhost/api/files/${key}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({ key: key.split("/") }) },
  );
  return { status: res.status, type: res.headers.get("content-type") };
}

/** A banner or blog made as staff do (multipart, with its image); answers the record. */
async function withImage(token: string, path: "banners" | "blogs", fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const file = path === "banners" ? "image_path" : "imagepath";
  form.set(file, new File([new Uint8Array(png)], "picture.png", { type: "image/png" }));
  const r = await api("POST", path, { token, form });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const row = r.json.data as Row;
  expect(typeof row[file]).toBe("string");
  return { id: row.id, image: row[file] as string };
}

async function appUser(staff: boolean) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, happy.id),
        eq(users.role_id, 4),
        staff ? isNotNull(users.franchisee_id) : isNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return issueApiToken(u.id);
}

const content = {
  banner: { id: 0, image: "" },
  hiddenBanner: { id: 0, image: "" },
  wagBanner: { id: 0, image: "" },
  blog: { id: 0, image: "" },
  hiddenBlog: { id: 0, image: "" },
  wagBlog: { id: 0, image: "" },
  plan: 0,
  hiddenPlan: 0,
};

beforeAll(async () => {
  ({ db, happy } = await seeded());
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  tokens = {
    admin: await tokenFor(adminEmail),
    wagAdmin: await tokenFor("admin@wagnation.test"),
    customer: await appUser(false),
    walker: await appUser(true),
  };
  const a = tokens.admin;
  content.banner = await withImage(a, "banners", { title: "App Banner Live", is_active: "1" });
  content.hiddenBanner = await withImage(a, "banners", { title: "App Banner Hidden", is_active: "0" });
  content.wagBanner = await withImage(tokens.wagAdmin, "banners", {
    title: "Wag App Banner",
    is_active: "1",
  });
  content.blog = await withImage(a, "blogs", { title: "App Blog Live", description: "<p>Hi</p>" });
  content.hiddenBlog = await withImage(a, "blogs", { title: "App Blog Hidden", is_active: "0" });
  content.wagBlog = await withImage(tokens.wagAdmin, "blogs", { title: "Wag App Blog" });
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.company_id, happy.id), eq(plans.is_active, 1), isNull(plans.deleted_at)))
    .orderBy(asc(plans.id))
    .limit(1);
  content.plan = plan.id;
  const { id: _id, created_at: _c, updated_at: _u, ...copy } = plan;
  void [_id, _c, _u];
  content.hiddenPlan = (
    await db
      .insert(plans)
      .values({ ...copy, is_active: 0 })
      .returning({ id: plans.id })
  )[0].id;
});

describe("an app user reads their company's published content", () => {
  for (const who of ["customer", "walker"] as const) {
    it(`lists and opens active banners, plans and blogs only (${who})`, async () => {
      const token = tokens[who];
      const cases = [
        {
          path: "banners",
          live: content.banner.id,
          hidden: content.hiddenBanner.id,
          foreign: content.wagBanner.id,
        },
        { path: "blogs", live: content.blog.id, hidden: content.hiddenBlog.id, foreign: content.wagBlog.id },
        { path: "plans", live: content.plan, hidden: content.hiddenPlan, foreign: null },
      ];
      for (const c of cases) {
        const list = await api("GET", `${c.path}?rowsPerPage=ALL`, { token });
        expect(list.status, c.path).toBe(200);
        const rows = list.json.data as Row[];
        expect(ids(rows)).toContain(c.live);
        expect(ids(rows)).not.toContain(c.hidden);
        if (c.foreign) expect(ids(rows)).not.toContain(c.foreign);
        expect(rows.every((r) => r.is_active === 1)).toBe(true);
        // Asking for inactive rows or the trash shows nothing more.
        expect(ids((await api("GET", `${c.path}?is_active=0`, { token })).json.data)).toEqual([]);
        expect(ids((await api("GET", `${c.path}?show_deleted=1`, { token })).json.data)).toEqual([]);
        expect((await api("GET", `${c.path}/${c.live}`, { token })).status).toBe(200);
        expect((await api("GET", `${c.path}/${c.hidden}`, { token })).status).toBe(404);
        if (c.foreign) expect((await api("GET", `${c.path}/${c.foreign}`, { token })).status).toBe(404);
      }
    });
  }

  it("serves the images of active banners and blogs, not of inactive ones nor another company's", async () => {
    const t = tokens.customer;
    expect(await fetchFile(content.banner.image, t)).toEqual({ status: 200, type: "image/png" });
    expect(await fetchFile(content.blog.image, t)).toEqual({ status: 200, type: "image/png" });
    for (const hidden of [content.hiddenBanner, content.hiddenBlog, content.wagBanner, content.wagBlog])
      expect((await fetchFile(hidden.image, t)).status).toBe(404);
    // Staff still read every image of their company.
    expect((await fetchFile(content.hiddenBanner.image, tokens.admin)).status).toBe(200);
  });

  it("changes none of them (403)", async () => {
    const t = tokens.customer;
    const calls: [string, string, unknown][] = [
      ["POST", "banners", { title: "Mine" }],
      ["PATCH", `banners/${content.banner.id}`, { title: "Mine" }],
      ["POST", `banners/delete/${content.banner.id}`, {}],
      ["POST", "upload_banner_image_path", { id: content.banner.id }],
      ["POST", "blogs", { title: "Mine" }],
      ["PATCH", `blogs/${content.blog.id}`, { title: "Mine" }],
      ["POST", `blogs/delete/${content.blog.id}`, {}],
      ["POST", "plans", { no_of_dogs: 1, no_of_walks: 1 }],
      ["PATCH", `plans/${content.plan}`, { is_active: 0 }],
      ["POST", `plans/delete/${content.plan}`, {}],
      ["GET", "banner_exports", undefined],
    ];
    for (const [method, path, body] of calls)
      expect((await api(method, path, { token: t, body })).status, `${method} ${path}`).toBe(403);
    const [still] = await db.select({ a: plans.is_active }).from(plans).where(eq(plans.id, content.plan));
    expect(still.a).toBe(1);
  });
});

describe("the spec's shapes (002 §3)", () => {
  it("plans answer tier (the tier's id) on the list and the item", async () => {
    const [row] = await db.select({ tier: plans.tier_id }).from(plans).where(eq(plans.id, content.plan));
    const item = await api("GET", `plans/${content.plan}`, { token: tokens.customer });
    expect(item.json.data).toMatchObject({ tier: row.tier, tier_id: row.tier });
    const list = await api("GET", "plans?rowsPerPage=ALL", { token: tokens.admin });
    const listed = (list.json.data as Row[]).find((r) => r.id === content.plan);
    expect(listed).toMatchObject({ tier: row.tier, tier_id: row.tier });
  });

  it("interests answer user.user_name on the list, the item and the app's own POST", async () => {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.company_id, happy.id), isNull(services.deleted_at), eq(services.is_active, 1)))
      .orderBy(asc(services.id));
    const me = await api("GET", "me", { token: tokens.customer });
    const myId = (me.json.data as { id: number }).id;
    const [u] = await db.select().from(users).where(eq(users.id, myId));
    let posted = await api("POST", "user_service_interests", {
      token: tokens.customer,
      body: { service_id: service.id },
    });
    if (posted.status === 422) {
      // Already interested (demo data): read the existing one.
      const list = await api("GET", `user_service_interests?rowsPerPage=ALL`, { token: tokens.admin });
      const mine = (list.json.data as Row[]).find((r) => r.user_id === myId && r.service_id === service.id)!;
      posted = await api("GET", `user_service_interests/${mine.id}`, { token: tokens.admin });
    }
    expect(posted.status).toBe(200);
    const id = (posted.json.data as Row).id;
    expect(posted.json.data).toMatchObject({ user_id: myId, user: { id: myId, user_name: u.user_name } });
    const item = await api("GET", `user_service_interests/${id}`, { token: tokens.admin });
    expect(item.json.data).toMatchObject({ user: { id: myId, user_name: u.user_name } });
    const list = await api("GET", "user_service_interests?rowsPerPage=ALL", { token: tokens.admin });
    expect((list.json.data as Row[]).find((r) => r.id === id)).toMatchObject({
      user_name: u.user_name,
      user: { id: myId, user_name: u.user_name },
    });
  });
});
