import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as serveFile } from "@/app/api/files/[...key]/route";
import { companies, storedFiles, users, type companies as Companies } from "@/db/schema";
import { companiesCrud } from "@/lib/admin/companies";
import type { Db } from "@/lib/platform/db";
import { withFiles, type NewFile } from "@/lib/platform/files";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { getStorage } from "@/lib/platform/storage";
import {
  DEMO_LOGINS,
  DEMO_PASSWORD,
  adminEmail,
  api,
  ctxFor,
  seeded,
  superEmail,
  tokenFor,
} from "../support/fixtures";

// A stored file knows the record it belongs to and is served only to callers who may view that record; a record's
// files are written in its transaction, and a replaced file goes.

let db: Db;
let happy: typeof Companies.$inferSelect;
let wag: typeof Companies.$inferSelect;
let tokens: { admin: string; wagAdmin: string; customer: string; franchisee: string; super: string };
let png: Buffer;

/** GET /api/files/<key> as a client with that token. */
async function fetchFile(key: string, token: string) {
  const url = `http://localhost/api/files/${key}`;
  const res = await serveFile(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ key: key.split("/") }),
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function uploadLogo(token: string, companyId: number) {
  const form = new FormData();
  form.set("id", String(companyId));
  form.set("logo_path", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
  return api("POST", "companies/upload_logo_path", { token, form });
}

const rowOf = async (key: string) => (await db.select().from(storedFiles).where(eq(storedFiles.key, key)))[0];
const doc = (text: string): NewFile => ({
  body: Buffer.from(text),
  contentType: "application/pdf",
  ext: "pdf",
});

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  const [customer] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.company_id, happy.id),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        eq(users.is_active, 1),
        isNull(users.deleted_at),
      ),
    )
    .limit(1);
  const login = await api("POST", "login", {
    body: { email: customer.email, password: DEMO_PASSWORD, is_web: false },
  });
  tokens = {
    admin: await tokenFor(adminEmail),
    wagAdmin: await tokenFor("admin@wagnation.test"),
    customer: (login.json as { token: string }).token,
    franchisee: await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]),
    super: await tokenFor(superEmail),
  };
});

describe("a company's logo", () => {
  let first: string;

  it("is stored as a file of the company record and served to the company's users only", async () => {
    const r = await uploadLogo(tokens.admin, happy.id);
    expect(r.status).toBe(200);
    first = (r.json.data as { logo_path: string }).logo_path;
    expect(await rowOf(first)).toMatchObject({
      entity: "companies",
      entity_id: happy.id,
      company_id: happy.id,
    });

    const mine = await fetchFile(first, tokens.admin);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe("image/png");
    expect(mine.bytes.subarray(0, 8)).toEqual(png.subarray(0, 8));
    // Its branding: every member reads it (as through get_company), without companies.view.
    expect((await fetchFile(first, tokens.customer)).status).toBe(200);
    expect((await fetchFile(first, tokens.super)).status).toBe(200);

    const foreign = await fetchFile(first, tokens.wagAdmin);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.bytes.toString())).toEqual({ message: "Not found." });
  });

  it("replaced, its old object and row are removed and the new one served", async () => {
    const r = await uploadLogo(tokens.admin, happy.id);
    expect(r.status).toBe(200);
    const second = (r.json.data as { logo_path: string }).logo_path;
    expect(second).not.toBe(first);
    expect(await getStorage().get(first)).toBeNull();
    expect(await rowOf(first)).toBeUndefined();
    expect(await rowOf(second)).toMatchObject({ entity: "companies", entity_id: happy.id });
    expect((await fetchFile(first, tokens.admin)).status).toBe(404);
    expect((await fetchFile(second, tokens.admin)).status).toBe(200);
    const [c] = await db.select().from(companies).where(eq(companies.id, happy.id));
    expect(c.logo_path).toBe(second);
  });

  it("a failed save leaves no stored file behind", async () => {
    const before = await db.select().from(storedFiles);
    const put = vi.spyOn(getStorage(), "put");
    // Wag Nation's admin gets as far as the save, whose scope answers 404 inside the transaction.
    const wagAdmin = await ctxFor("admin@wagnation.test", wag.id);
    const logo = new File([new Uint8Array(png)], "logo.png", { type: "image/png" });
    const failed = await companiesCrud
      .update(wagAdmin, { id: happy.id, logo_path: logo })
      .catch((e) => e.status);
    expect(failed).toBe(404);
    expect(put).toHaveBeenCalledTimes(1);
    const stored = put.mock.calls[0][0];
    put.mockRestore();
    expect(await getStorage().get(stored)).toBeNull();
    expect(await db.select().from(storedFiles)).toEqual(before);
  });
});

describe("withFiles", () => {
  it("rolls back the rows and removes the objects when the record's transaction fails after attaching", async () => {
    let key = "";
    const boom = withFiles(await ctxFor(adminEmail), "test", { doc: doc("%PDF-1") }, (s) =>
      db.transaction(async (tx) => {
        key = s.keys.doc;
        await s.attach(tx, { entity: "users", id: 1, companyId: happy.id });
        throw new Error("the record's save failed");
      }),
    );
    await expect(boom).rejects.toThrow("the record's save failed");
    expect(await rowOf(key)).toBeUndefined();
    expect(await getStorage().get(key)).toBeNull();
  });

  it("serves a record's file to whoever may view the record: not another franchisee's admin, nor a customer", async () => {
    const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const [staff] = await db
      .insert(users)
      .values({
        company_id: happy.id,
        role_id: ROLE_IDS[ROLE.USER],
        franchisee_id: null,
        first_name: "Kyc",
        last_name: "Holder",
        email: "kyc.holder@happypaws.test",
        password_hash: "x",
      })
      .returning();
    const key = await withFiles(fa, `users/${staff.id}`, { kyc: doc("%PDF-kyc") }, (s) =>
      db.transaction(async (tx) => {
        await s.attach(tx, { entity: "users", id: staff.id, companyId: happy.id });
        return s.keys.kyc;
      }),
    );
    expect((await fetchFile(key, tokens.admin)).status).toBe(200);
    // Same company, but not a user of the franchisee admin's own franchisee; a customer may not view users at all.
    expect((await fetchFile(key, tokens.franchisee)).status).toBe(404);
    expect((await fetchFile(key, tokens.customer)).status).toBe(404);
    expect((await fetchFile(key, tokens.wagAdmin)).status).toBe(404);
  });

  it("keeps the company rule for files stored before owners were recorded", async () => {
    await getStorage().put(`companies/${happy.id}/legacy.png`, png, "image/png");
    await db.insert(storedFiles).values({
      key: `companies/${happy.id}/legacy.png`,
      company_id: happy.id,
      content_type: "image/png",
      size: png.length,
    });
    expect((await fetchFile(`companies/${happy.id}/legacy.png`, tokens.customer)).status).toBe(200);
    expect((await fetchFile(`companies/${happy.id}/legacy.png`, tokens.wagAdmin)).status).toBe(404);
    expect((await fetchFile("companies/none.png", tokens.admin)).status).toBe(404);
  });
});
