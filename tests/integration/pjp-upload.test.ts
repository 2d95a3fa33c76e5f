import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, outlets, pjpOutlets, pjps, positions, stagedRows, users } from "@/db/schema";
import { PJP_UPLOAD_MESSAGES, pjpsUpload, uploadDate } from "@/lib/operations/pjp-upload";
import { PJP_MESSAGES } from "@/lib/operations/pjps";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";
import { readXlsx, xlsx } from "../support/xlsx";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/pjps/upload/actions");

const HEADER = ["Name", "Location", "Date", "Description", "User Name", "Outlet Name", "Is Outlet Visited"];
type Cell = string | number | Date | null;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let wagId: number;
let admin: Ctx;
let token: string;
let wagToken: string;
let dev: { id: number; email: string };
const names = { a: "", b: "", closed: "", wag: "" };
let seq = 0;

async function newUser(companyId: number, first: string, userName: string) {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), eq(positions.name, "CUSTOMER")));
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS.USER,
      position_id: p.id,
      first_name: first,
      last_name: "Upload",
      user_name: userName,
      email: `${first.toLowerCase()}.${++seq}@upload.test`,
      password_hash: "!unset:test",
    })
    .returning({ id: users.id, email: users.email });
  return u;
}

async function newOutlet(companyId: number, name: string, active = 1) {
  await db.insert(outlets).values({ company_id: companyId, name, is_active: active });
  return name;
}

async function upload(rows: Cell[][], t = token, header = HEADER) {
  const form = new FormData();
  form.set("pjps", new File([new Uint8Array(await xlsx(header, rows))], "pjps.xlsx"));
  return api("POST", "crud_pjps/upload_pjp", { token: t, form });
}

type Preview = {
  data: (Record<string, string | null> & { errors: Record<string, string> | null })[];
  count: number;
  invalid: number;
};
const preview = async (t = token) =>
  (await api("GET", "crud_pjps?rowsPerPage=100", { token: t })).json as unknown as Preview;

async function pjpsOf(userId: number) {
  const rows = await db
    .select()
    .from(pjps)
    .where(and(eq(pjps.user_id, userId), isNull(pjps.deleted_at)))
    .orderBy(asc(pjps.date), asc(pjps.id));
  const links = await db.select().from(pjpOutlets);
  return rows.map((r) => ({
    ...r,
    outlets: links.filter((l) => l.pjp_id === r.id).map((l) => l.outlet_id),
  }));
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  wagId = s.wag.id;
  admin = await ctxFor(adminEmail);
  token = await tokenFor(adminEmail);
  wagToken = await tokenFor("admin@wagnation.test");
  dev = await newUser(happyId, "Dev", "Dev Kumar");
  // Two users sharing a user name: the file must name them by email.
  await newUser(happyId, "TwinA", "Same Name");
  await newUser(happyId, "TwinB", "Same Name");
  names.a = await newOutlet(happyId, "Upload Alpha");
  names.b = await newOutlet(happyId, "Upload Beta");
  names.closed = await newOutlet(happyId, "Upload Closed", 0);
  names.wag = await newOutlet(wagId, "Upload Wag Only");
});

describe("pjp upload dates", () => {
  it("reads date cells and DD-MM-YYYY or YYYY-MM-DD text, and nothing else", () => {
    expect(uploadDate("2026-06-25")).toBe("2026-06-25");
    expect(uploadDate("2026-06-25T00:00:00.000Z")).toBe("2026-06-25");
    expect(uploadDate("25-06-2026")).toBe("2026-06-25");
    expect(uploadDate("5/6/2026")).toBe("2026-06-05");
    for (const bad of ["31-02-2026", "06-25-2026", "June 25", "2026-6", ""])
      expect(uploadDate(bad)).toBeNull();
  });
});

describe("pjp upload", () => {
  it("offers a sample file whose rows pass as they are", async () => {
    const r = await api("GET", "crud_pjps/sample", { token });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-disposition")).toContain("pjps-upload-sample.xlsx");
    const ws = await readXlsx(await pjpsUpload.sample(admin));
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const rows: Cell[][] = [];
    ws.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as Cell[]).slice(1));
    });
    expect(rows).toHaveLength(2);
    const up = await upload(rows);
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json).toEqual({ message: PJP_UPLOAD_MESSAGES.uploaded, data: { count: 2, invalid: 0 } });
    await api("GET", "crud_pjps/truncate_pjps", { token });
  });

  it("previews every row with its reasons, and processes nothing while any row is bad", async () => {
    await db
      .insert(pjps)
      .values({ company_id: happyId, user_id: dev.id, date: "2026-06-20", name: "Taken Round" });
    const up = await upload([
      ["Good Round", "Andheri", "2026-06-02", "", dev.email, names.a, "0"],
      ["Bad Date", "", "31-02-2026", "", dev.email, names.a, ""],
      ["No User", "", "2026-06-03", "", "nobody@upload.test", names.a, ""],
      ["Twin", "", "2026-06-03", "", "Same Name", names.a, ""],
      ["Closed", "", "2026-06-03", "", "dev kumar", names.closed, ""],
      ["Other Company", "", "2026-06-03", "", "Dev Kumar", names.wag, ""],
      ["Maybe", "", "2026-06-04", "", "Dev Kumar", names.a, "maybe"],
      ["", "", "", "", "", "", ""].map((c, i) => (i === 3 ? "only a description" : c)),
      ["Group", "Powai", "2026-06-05", "", "Dev Kumar", names.a, "1"],
      ["Group", "Powai", "2026-06-05", "", "Dev Kumar", names.b, "0"],
      ["Group", "Powai", "2026-06-05", "", "Dev Kumar", names.a, "1"],
      ["Taken Round", "", "2026-06-20", "", "Dev Kumar", names.a, ""],
      ["Where", "Powai", "2026-06-06", "", "Dev Kumar", names.a, ""],
      ["Where", "Juhu", "2026-06-06", "", "Dev Kumar", names.b, ""],
    ]);
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.data).toEqual({ count: 14, invalid: 11 });
    expect(up.json.message).toMatch(/3 rows are ready and 11 rows have errors/);

    const p = await preview();
    expect(p.count).toBe(14);
    expect(p.invalid).toBe(11);
    const errorsOf = (i: number) => p.data[i].errors;
    expect(p.data[0]).toMatchObject({ name: "Good Round", user_name: dev.email, errors: null });
    expect(errorsOf(1)).toEqual({ date: PJP_UPLOAD_MESSAGES.dateInvalid });
    expect(errorsOf(2)).toEqual({ user_name: "The selected user is invalid." });
    expect(errorsOf(3)).toEqual({ user_name: PJP_UPLOAD_MESSAGES.userAmbiguous });
    expect(errorsOf(4)).toEqual({ outlet_name: "The selected outlet is invalid." });
    expect(errorsOf(5)).toEqual({ outlet_name: "The selected outlet is invalid." });
    expect(errorsOf(6)).toEqual({ is_outlet_visited: PJP_UPLOAD_MESSAGES.visitedInvalid });
    expect(errorsOf(7)).toEqual({
      name: "The name field is required.",
      date: "The date field is required.",
      user_name: "The user name field is required.",
      outlet_name: "The outlet name field is required.",
    });
    expect(errorsOf(8)).toBeNull();
    expect(errorsOf(9)).toEqual({ is_outlet_visited: PJP_UPLOAD_MESSAGES.visitedDiffers });
    expect(errorsOf(10)).toEqual({ outlet_name: PJP_UPLOAD_MESSAGES.outletRepeated });
    expect(errorsOf(11)).toEqual({ name: PJP_MESSAGES.taken });
    expect(errorsOf(12)).toBeNull();
    expect(errorsOf(13)).toEqual({ location: PJP_UPLOAD_MESSAGES.locationDiffers });

    const before = await pjpsOf(dev.id);
    const r = await api("GET", "crud_pjps/process_pjp", { token });
    expect(r.status).toBe(422);
    expect(r.json.message).toBe(PJP_UPLOAD_MESSAGES.processFailed);
    expect(r.json.errors).toEqual({ pjps: ["11 rows have errors. Correct the file and upload it again."] });
    expect(await pjpsOf(dev.id)).toEqual(before);
    expect((await preview()).count).toBe(14);

    // Delete discards the staging.
    const d = await api("GET", "crud_pjps/truncate_pjps", { token });
    expect(d.json).toEqual({ message: PJP_UPLOAD_MESSAGES.deleted });
    expect((await preview()).count).toBe(0);
  });

  it("processes all rows at once into PJPs, rows of one user, date, name and location making one PJP", async () => {
    const user = await newUser(happyId, "Isha", "Isha Rao");
    const up = await upload([
      ["Morning Round", "Andheri", new Date(Date.UTC(2026, 5, 8)), "Audit", user.email, names.a, "1"],
      ["Morning Round", "andheri", "08-06-2026", "", "isha rao", names.b, "yes"],
      ["Evening Round", "", "2026-06-08", "", user.email, names.b, ""],
    ]);
    expect(up.json).toEqual({ message: PJP_UPLOAD_MESSAGES.uploaded, data: { count: 3, invalid: 0 } });
    // Another admin's staging is their own: Wag Nation's admin sees none of these rows.
    expect((await preview(wagToken)).count).toBe(0);

    session.ctx = admin;
    const r = await actions.processStagedPjpsAction();
    expect(r).toEqual({ ok: true, data: { created: 2, rows: 3, message: PJP_UPLOAD_MESSAGES.processed } });
    const made = await pjpsOf(user.id);
    expect(made.map((p) => [p.date, p.name, p.location, p.description, p.is_outlet_visited])).toEqual([
      ["2026-06-08", "Morning Round", "Andheri", "Audit", 1],
      ["2026-06-08", "Evening Round", null, null, 0],
    ]);
    const [a, b] = await Promise.all(
      [names.a, names.b].map(async (n) => (await db.select().from(outlets).where(eq(outlets.name, n)))[0].id),
    );
    expect(made[0].outlets.sort()).toEqual([a, b].sort());
    expect(made[1].outlets).toEqual([b]);
    // Staging is empty, and the uploader is told.
    expect((await preview()).count).toBe(0);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, admin.userId), eq(notifications.title, "PJP upload processed")));
    expect(notes.map((n) => [n.body, n.link])).toEqual([["2 PJPs were created from 3 rows.", "/pjps"]]);

    // Uploading the same rows again: they are already there.
    await upload([["Morning Round", "Andheri", "2026-06-08", "", user.email, names.a, "1"]]);
    expect((await preview()).data[0].errors).toEqual({ name: PJP_MESSAGES.taken });
    await api("GET", "crud_pjps/truncate_pjps", { token });
  });

  it("checks rows again at process: an outlet closed since the upload refuses the file", async () => {
    const user = await newUser(happyId, "Kabir", "Kabir Shah");
    const soon = await newOutlet(happyId, "Upload Soon Closed");
    await upload([
      ["Check", "", "2026-06-09", "", user.email, names.a, ""],
      ["Check Two", "", "2026-06-10", "", user.email, soon, ""],
    ]);
    expect((await preview()).invalid).toBe(0);
    await db.update(outlets).set({ is_active: 0 }).where(eq(outlets.name, soon));
    const e = await pjpsUpload.process(admin).catch((err: AppError) => err);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(422);
    expect(await pjpsOf(user.id)).toEqual([]);
    const p = await preview();
    expect(p.invalid).toBe(1);
    expect(p.data[1].errors).toEqual({ outlet_name: "The selected outlet is invalid." });
    await api("GET", "crud_pjps/truncate_pjps", { token });
  });

  it("refuses a file without the required columns or rows, with the spec's upload failure text", async () => {
    const noFile = await api("POST", "crud_pjps/upload_pjp", { token, form: new FormData() });
    expect(noFile.status).toBe(422);
    expect(noFile.json.message).toBe(PJP_UPLOAD_MESSAGES.uploadFailed);
    const missing = await upload([["x", "y"]], token, ["Name", "Location"]);
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      pjps: ["The file must have the column(s) Date, User Name, Outlet Name in its first row."],
    });
    // Process with nothing staged.
    const r = await api("GET", "crud_pjps/process_pjp", { token });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ pjps: ["There are no uploaded rows to process. Upload a file first."] });
    const staged = await db.select().from(stagedRows).where(eq(stagedRows.kind, "pjps"));
    expect(staged).toEqual([]);
  });
});
