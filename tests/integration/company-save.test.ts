import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords, companies, storedFiles } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import type { Db } from "@/lib/platform/db";
import { IMAGE_REFUSED, IMAGE_TOO_LARGE } from "@/lib/platform/files";
import { encodeId } from "@/lib/platform/ids";
import { getStorage } from "@/lib/platform/storage";
import { adminEmail, api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";

// A company and its images are saved together or not at all, from the form's server action and from /api alike:
// a refused image answers under its field and nothing changes; a store that fails leaves the record as it was.

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
// The audit insert is the last write of a save's transaction: failing it on demand fails a save after its files.
const audit = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/platform/mutations", async (orig) => {
  const real = await orig<typeof import("@/lib/platform/mutations")>();
  return {
    ...real,
    writeAudit: (...a: Parameters<typeof real.writeAudit>) =>
      audit.fail ? Promise.reject(new Error("the database went away")) : real.writeAudit(...a),
  };
});
const actions = await import("@/app/(portal)/companies/actions");

let db: Db;
let happy: typeof companies.$inferSelect;
let adminToken: string;
let png: Buffer;

const image = (bytes: Buffer | string, name = "logo.png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/png" });
const fake = () => image("<?php echo 1; ?>"); // a "PNG" that is not one
const company = async () => (await db.select().from(companies).where(eq(companies.id, happy.id)))[0];
const counts = async () => ({
  files: (await db.select().from(storedFiles)).length,
  audits: (await db.select().from(auditRecords)).length,
});

beforeAll(async () => {
  ({ db, happy } = await seeded());
  adminToken = await tokenFor(adminEmail);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
});

afterEach(() => {
  vi.restoreAllMocks();
  audit.fail = false;
});

describe("saving a company with its images (the form's server action)", () => {
  it("refuses a bad logo under its field and changes nothing: no name change, no file stored", async () => {
    session.ctx = await ctxFor(adminEmail);
    const before = await company();
    const was = await counts();
    const put = vi.spyOn(getStorage(), "put");

    const r = await actions.updateCompanyAction(encodeId(happy.id), {
      name: "Renamed With A Bad Logo",
      logo_path: fake(),
    });

    expect(r).toMatchObject({ ok: false, status: 422, fieldErrors: { logo_path: IMAGE_REFUSED } });
    expect(put).not.toHaveBeenCalled();
    expect(await company()).toEqual(before);
    expect(await counts()).toEqual(was);
  });

  it("answers the input's field errors and the image's together", async () => {
    session.ctx = await ctxFor(superEmail);
    const r = await actions.createCompanyAction({
      name: "No Email Pets",
      address: "1 Lane",
      phone: "+91 99000 22222",
      logo_path: image(Buffer.alloc(5 * 1024 * 1024 + 1)),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toMatchObject({ email: expect.any(String), logo_path: IMAGE_TOO_LARGE });
    expect(await db.select().from(companies).where(eq(companies.name, "No Email Pets"))).toEqual([]);
  });

  it("saves the fields and the logo in one step, and removes the logo it replaced", async () => {
    session.ctx = await ctxFor(adminEmail);
    const first = await actions.updateCompanyAction(encodeId(happy.id), { logo_path: image(png) });
    expect(first.ok).toBe(true);
    const old = (await company()).logo_path!;

    const r = await actions.updateCompanyAction(encodeId(happy.id), {
      name: "Happy Paws Pvt Ltd",
      city: "Pune",
      logo_path: image(png),
      explorer_poster_path: null, // a field with no file chosen
    });
    expect(r.ok).toBe(true);
    const row = await company();
    expect(row.city).toBe("Pune");
    expect(row.logo_path).not.toBe(old);
    expect(row.explorer_poster_path).toBe(happy.explorer_poster_path);
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, row.logo_path!));
    expect(file).toMatchObject({ entity: "companies", entity_id: happy.id, company_id: happy.id });
    expect((await getStorage().get(row.logo_path!))?.contentType).toBe("image/png");
    expect(await getStorage().get(old)).toBeNull();
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, old))).toEqual([]);
  });

  it("leaves the record as it was when the file store fails", async () => {
    session.ctx = await ctxFor(adminEmail);
    const before = await company();
    const was = await counts();
    vi.spyOn(getStorage(), "put").mockRejectedValue(new Error("the object store is down"));
    vi.spyOn(console, "error").mockImplementation(() => {});

    const r = await actions.updateCompanyAction(encodeId(happy.id), {
      name: "Lost Store",
      logo_path: image(png),
    });

    expect(r).toMatchObject({ ok: false, status: 500 });
    expect(await company()).toEqual(before);
    expect(await counts()).toEqual(was);
  });

  it("removes the stored image when the record's transaction fails after storing it", async () => {
    session.ctx = await ctxFor(superEmail);
    const put = vi.spyOn(getStorage(), "put");
    audit.fail = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const was = await counts();

    const r = await actions.createCompanyAction({
      name: "Never Saved Pets",
      email: "never@saved.test",
      phone: "+91 99000 33333",
      address: "2 Lane",
      logo_path: image(png),
    });

    expect(r).toMatchObject({ ok: false, status: 500 });
    expect(put).toHaveBeenCalledTimes(1);
    expect(await getStorage().get(put.mock.calls[0][0])).toBeNull();
    expect(await db.select().from(companies).where(eq(companies.name, "Never Saved Pets"))).toEqual([]);
    expect(await counts()).toEqual(was);
  });
});

describe("saving a company with its images through /api", () => {
  it("PATCH companies/{id} with a bad logo (multipart) changes nothing and answers the field", async () => {
    const before = await company();
    const form = new FormData();
    form.set("name", "Renamed Over Api");
    form.set("logo_path", fake());
    const r = await api("PATCH", `companies/${happy.id}`, { token: adminToken, form });
    expect(r.status).toBe(422);
    expect(r.json.errors!.logo_path[0]).toBe(IMAGE_REFUSED);
    expect(await company()).toEqual(before);
  });

  it("POST companies with a bad poster creates no company; with good images, the company and both files", async () => {
    const superToken = await tokenFor(superEmail);
    const fields = {
      name: "Multipart Pets",
      email: "mp@pets.test",
      phone: "+91 99000 44444",
      address: "3 Lane",
    };
    const bad = new FormData();
    for (const [k, v] of Object.entries(fields)) bad.set(k, v);
    bad.set("logo_path", image(png));
    bad.set("explorer_poster_path", fake());
    const refused = await api("POST", "companies", { token: superToken, form: bad });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors!)).toEqual(["explorer_poster_path"]);
    expect(await db.select().from(companies).where(eq(companies.name, fields.name))).toEqual([]);

    const good = new FormData();
    for (const [k, v] of Object.entries(fields)) good.set(k, v);
    good.set("logo_path", image(png));
    good.set("explorer_poster_path", image(png, "poster.png"));
    const created = await api("POST", "companies", { token: superToken, form: good });
    expect(created.status).toBe(200);
    const data = created.json.data as { id: number; logo_path: string; explorer_poster_path: string };
    for (const key of [data.logo_path, data.explorer_poster_path]) {
      const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, key));
      expect(file).toMatchObject({ entity: "companies", entity_id: data.id, company_id: data.id });
    }
  });
});
