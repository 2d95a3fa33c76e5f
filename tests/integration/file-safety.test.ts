import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as serveFile } from "@/app/api/files/[...key]/route";
import { kycDocumentTypes, storedFiles } from "@/db/schema";
import type { Db } from "@/lib/platform/db";
import { contentDisposition, downloadName } from "@/lib/platform/file-access";
import {
  PDF_ACTIVE_CONTENT,
  PDF_ENCRYPTED,
  PDF_TOO_COMPLEX,
  PDF_UNREADABLE,
  preparePdf,
} from "@/lib/platform/files";
import { PDF_CHECK_MS, inspectPdf } from "@/lib/platform/pdf-check";
import { MAX_PDF_OBJECTS } from "@/lib/platform/pdf-inspect.mjs";
import { DEMO_LOGINS, adminEmail, api, seeded, tokenFor } from "../support/fixtures";
import { ROLE } from "@/lib/platform/permissions";

// Issue 21: stored documents are downloaded (Content-Disposition: attachment, under the uploader's name), images shown
// inline; PDFs with scripts, actions or attached files are refused on upload; a NUL or bad percent-encoding in a file
// path answers 400; `npm run audit` says plainly when the registry offers no advisories.

let db: Db;
let happyId: number;
let faToken: string;
let adminToken: string;

/** A plain one-page PDF, made by pdf-lib (object streams unless told otherwise). */
async function plainDoc() {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText("PAN 1234", { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc;
}
const bytesOf = async (doc: PDFDocument, useObjectStreams = true) =>
  Buffer.from(await doc.save({ useObjectStreams }));

/** POST franchisee_kyc_documents as the franchisee admin, the file under document_path, of a fresh document type. */
let typeNo = 0;
async function upload(body: Buffer, name = "doc.pdf") {
  typeNo += 1;
  const [type] = await db
    .insert(kycDocumentTypes)
    .values({
      company_id: happyId,
      code: `SAFE${typeNo}`,
      description: `Safety test ${typeNo}`,
      applies_to: 1,
    })
    .returning();
  const form = new FormData();
  form.set("document_type_id", String(type.id));
  form.set("document_name", `Safety ${typeNo}`);
  form.set("document_path", new File([new Uint8Array(body)], name, { type: "application/pdf" }));
  return api("POST", "franchisee_kyc_documents", { token: faToken, form });
}

/** GET /api/files/<path> as the request reaches the route: the URL as sent, the parameters as Next decoded them. */
async function fetchFile(urlPath: string, key: string[] | Promise<never>, token = adminToken) {
  const res = await serveFile(
    new Request(`http://localhost/api/files/${urlPath}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Array.isArray(key) ? Promise.resolve({ key }) : key },
  );
  return { res, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  adminToken = await tokenFor(adminEmail);
});

describe("PDF uploads are parsed and refused with active content (through POST franchisee_kyc_documents)", () => {
  let accepted = "";

  it("accepts a plain PDF, kept byte for byte, and serves it inline (the browser's PDF viewer) under the uploader's name", async () => {
    const body = await bytesOf(await plainDoc());
    const r = await upload(body, "Licence März 2026.pdf");
    expect(r.status).toBe(200);
    accepted = (r.json.data as { document_path: string }).document_path;
    const got = await fetchFile(accepted, accepted.split("/"));
    expect(got.status).toBe(200);
    expect(got.body.equals(body)).toBe(true);
    expect(got.res.headers.get("content-type")).toBe("application/pdf");
    expect(got.res.headers.get("content-disposition")).toBe(
      `inline; filename="Licence M_rz 2026.pdf"; filename*=UTF-8''Licence%20M%C3%A4rz%202026.pdf`,
    );
  });

  it("a stored file without its name is served as <entity>-<id>.<ext>", async () => {
    await db.update(storedFiles).set({ original_name: null }).where(eq(storedFiles.key, accepted));
    const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, accepted));
    const got = await fetchFile(accepted, accepted.split("/"));
    const name = `franchisee_kyc_documents-${row.entity_id}.pdf`;
    expect(got.res.headers.get("content-disposition")).toBe(
      `inline; filename="${name}"; filename*=UTF-8''${name}`,
    );
  });

  const refused = async (body: Buffer, message = PDF_ACTIVE_CONTENT) => {
    const before = await db.select({ id: storedFiles.id }).from(storedFiles);
    const r = await upload(body);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({ document_path: [message] });
    // Nothing stored.
    expect(await db.select({ id: storedFiles.id }).from(storedFiles)).toHaveLength(before.length);
  };

  it("refuses an OpenAction JavaScript, inside a compressed object stream and in plain objects", async () => {
    const doc = await plainDoc();
    const action = doc.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") });
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(action));
    const packed = await bytesOf(doc);
    // The names are compressed: only the parse sees them.
    expect(packed.includes("JavaScript")).toBe(false);
    await refused(packed);
    await refused(await bytesOf(doc, false));
  });

  it("accepts an OpenAction that only opens at a page (LaTeX's), refuses one that opens a link or another file", async () => {
    // hyperref writes `/OpenAction << /S /GoTo /D [page /Fit] >>`; others a bare destination array.
    const goTo = await plainDoc();
    const dest = goTo.context.obj([goTo.getPage(0).ref, PDFName.of("Fit")]);
    goTo.catalog.set(
      PDFName.of("OpenAction"),
      goTo.context.register(goTo.context.obj({ S: "GoTo", D: dest })),
    );
    expect(await preparePdf(await bytesOf(goTo))).toMatchObject({ ok: true });
    const bare = await plainDoc();
    bare.catalog.set(PDFName.of("OpenAction"), bare.context.obj([bare.getPage(0).ref, PDFName.of("Fit")]));
    expect(await preparePdf(await bytesOf(bare, false))).toMatchObject({ ok: true });

    const uri = await plainDoc();
    uri.catalog.set(
      PDFName.of("OpenAction"),
      uri.context.obj({ S: "URI", URI: PDFString.of("http://x.test/") }),
    );
    await refused(await bytesOf(uri));
    const remote = await plainDoc();
    const goToR = remote.context.obj({
      S: "GoToR",
      F: PDFString.of("\\\\host\\share\\a.pdf"),
      D: [0, "Fit"],
    });
    remote.catalog.set(PDFName.of("OpenAction"), remote.context.register(goToR));
    await refused(await bytesOf(remote));
    const chained = await plainDoc();
    const next = chained.context.obj({ S: "URI", URI: PDFString.of("http://x.test/") });
    const first = chained.context.obj({ S: "GoTo", D: [chained.getPage(0).ref, "Fit"], Next: next });
    chained.catalog.set(PDFName.of("OpenAction"), chained.context.register(first));
    await refused(await bytesOf(chained));
    // The OpenAction's object written twice: pdf-lib keeps the GoTo, a viewer may read the URI.
    await refused(
      Buffer.from(
        pdfText(
          [
            "<< /Type /Catalog /OpenAction 2 0 R >>",
            "<< /S /URI /URI (http://x.test/) >>",
            "<< /S /GoTo /D [1 0 R /Fit] >>",
          ],
          [1, 2, 2],
        ),
        "latin1",
      ),
    );
  });

  it("refuses an embedded file", async () => {
    const doc = await plainDoc();
    await doc.attach(Buffer.from("MZ payload"), "invoice.exe", { mimeType: "application/octet-stream" });
    await refused(await bytesOf(doc));
  });

  it("refuses a Launch action (a link annotation on the page)", async () => {
    const doc = await plainDoc();
    const annot = doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 300, 200],
      A: { S: "Launch", F: PDFString.of("calc.exe") },
    });
    doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(annot)]));
    await refused(await bytesOf(doc));
  });

  it("refuses names written with #xx escapes: /J#61vaScript, /Op#65nAction, /#4aS (lower-case hex)", async () => {
    const doc = await plainDoc();
    const action = doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") });
    doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(action));
    const text = (await bytesOf(doc, false)).toString("latin1");
    expect(text).toContain("/JavaScript");
    await refused(
      Buffer.from(
        text
          .replace("/JavaScript", "/J#61vaScript")
          .replace("/OpenAction", "/Op#65nAction")
          .replace("/JS ", "/#4aS "),
        "latin1",
      ),
    );
    // Only an escaped /JS, in an additional action: pdf-lib leaves lower-case escapes undecoded.
    await refused(
      Buffer.from(pdfText(["<< /Type /Catalog /AA << /O << /#4a#53 (app.alert(1)) >> >> >>"]), "latin1"),
    );
  });

  it("refuses an active object that a later object of the same number replaces", async () => {
    // A viewer following the cross-reference table may read the first; pdf-lib keeps the last.
    await refused(Buffer.from(pdfText(["<< /JS (app.alert(1)) >>", "<< >>"], [1, 1]), "latin1"));
  });

  it("refuses an encrypted PDF and an unreadable one, each with its own message", async () => {
    const encrypted = pdfText(["<< /Type /Catalog >>", "<< /Filter /Standard /V 1 /R 2 >>"]).replace(
      "trailer\n<<",
      "trailer\n<< /Encrypt 2 0 R",
    );
    await refused(Buffer.from(encrypted, "latin1"), PDF_ENCRYPTED);
    await refused(Buffer.from("%PDF-1.7\nthis is not a PDF at all\n%%EOF\n"), PDF_UNREADABLE);
    const whole = await bytesOf(await plainDoc(), false);
    await refused(whole.subarray(0, Math.floor(whole.length * 0.6)), PDF_UNREADABLE);
  });

  it("refuses an object stream that inflates beyond the budget, without inflating it all", async () => {
    const bomb = deflateSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
    const head = `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`;
    const body = Buffer.concat([
      Buffer.from(head, "latin1"),
      bomb,
      Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n", "latin1"),
    ]);
    const started = performance.now();
    expect(await preparePdf(body)).toEqual({ ok: false, message: PDF_UNREADABLE });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("checks a 5 MB PDF (scanned pages) and a 5 MB PDF of many small objects in a bounded time", async () => {
    const scans = await PDFDocument.create();
    while ((await scans.save()).length < 5 * 1024 * 1024) {
      const pixels = Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => (Math.random() * 256) | 0));
      const noise = await sharp(pixels, { raw: { width: 400, height: 400, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      for (let i = 0; i < 6; i++)
        scans.addPage([400, 400]).drawImage(await scans.embedJpg(noise), { x: 0, y: 0, width: 399 });
    }
    const many = await plainDoc();
    const font = await many.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 4500; i++) {
      const p = many.addPage([300, 200]);
      for (let j = 0; j < 20; j++) p.drawText(`line ${i}.${j}`, { x: 10, y: 10 * j, size: 8, font });
    }
    await preparePdf(await bytesOf(await plainDoc())); // the worker started
    for (const [label, doc, streams] of [
      ["scanned pages", scans, true],
      ["many objects", many, false],
    ] as const) {
      const body = await bytesOf(doc, streams);
      expect(body.length).toBeGreaterThan(5 * 1024 * 1024);
      const started = performance.now();
      expect(await preparePdf(body)).toMatchObject({ ok: true });
      const ms = performance.now() - started;
      console.log(
        `[file-safety] checked a ${(body.length / 1048576).toFixed(1)} MB PDF (${label}) in ${ms.toFixed(0)} ms`,
      );
      expect(ms).toBeLessThan(PDF_CHECK_MS);
    }
  }, 180_000);

  it("refuses a PDF of too many objects, and stops a check past its time without stalling other requests", async () => {
    const parts = ["%PDF-1.7\n"];
    for (let n = 1; n <= MAX_PDF_OBJECTS + 10; n++) parts.push(`${n} 0 obj\n[${n}]\nendobj\n`);
    expect(await preparePdf(Buffer.from(parts.join(""), "latin1"))).toEqual({
      ok: false,
      message: PDF_TOO_COMPLEX,
    });

    // One object of five million numbers: pdf-lib reads it in one go (seconds), in the worker.
    const slow = Buffer.from(`%PDF-1.7\n1 0 obj\n[${"0 ".repeat(5_000_000)}]\nendobj\n`, "latin1");
    let gap = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      gap = Math.max(gap, performance.now() - last);
      last = performance.now();
    }, 10);
    const started = performance.now();
    const verdict = await inspectPdf(slow, 1500);
    clearInterval(tick);
    expect(verdict).toBe(PDF_TOO_COMPLEX);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(gap).toBeLessThan(1_000);
    // The terminated worker is replaced: the next check answers.
    expect(await preparePdf(await bytesOf(await plainDoc()))).toMatchObject({ ok: true });
  }, 60_000);
});

/** A small PDF written by hand: the objects (numbered 1.. unless `numbers` says otherwise) and a trailer. */
function pdfText(objects: string[], numbers = objects.map((_, i) => i + 1)) {
  const body = objects.map((o, i) => `${numbers[i]} 0 obj\n${o}\nendobj\n`).join("");
  return `%PDF-1.7\n${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`;
}

describe("GET /api/files/<key>: how files are served", () => {
  it("shows an image inline under its name, with the extension of the type stored", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("id", String(happyId));
    form.set("logo_path", new File([new Uint8Array(png)], "our logo.webp", { type: "image/webp" }));
    const r = await api("POST", "companies/upload_logo_path", { token: adminToken, form });
    expect(r.status).toBe(200);
    const key = (r.json.data as { logo_path: string }).logo_path;
    const got = await fetchFile(key, key.split("/"));
    expect(got.status).toBe(200);
    expect(got.res.headers.get("content-disposition")).toBe(
      `inline; filename="our logo.png"; filename*=UTF-8''our%20logo.png`,
    );
  });

  it("names a download safely: no folders, quotes, control or bidirectional characters; the stored type's extension", () => {
    const row = {
      key: "franchisee_kyc_documents/3/document_path-ab.pdf",
      entity: "franchisee_kyc_documents",
      entity_id: 3,
    };
    expect(downloadName({ ...row, original_name: "C:\\Users\\me\\..\\pan.pdf" }, "application/pdf")).toBe(
      "pan.pdf",
    );
    expect(downloadName({ ...row, original_name: 'a"b\r\nc\u202Egpj.html' }, "application/pdf")).toBe(
      'a"bcgpj.pdf',
    );
    expect(downloadName({ ...row, original_name: "..." }, "application/pdf")).toBe(
      "franchisee_kyc_documents-3.pdf",
    );
    expect(
      downloadName({ ...row, original_name: null, entity: null, entity_id: null }, "application/pdf"),
    ).toBe("document_path-ab.pdf");
    expect(contentDisposition("attachment", "a\"b\\c%41 (1)*'.pdf")).toBe(
      `attachment; filename="a_b_c_41 (1)*'.pdf"; filename*=UTF-8''a%22b%5Cc%2541%20%281%29%2A%27.pdf`,
    );
  });

  it("answers 400, not 500, to a NUL in the key, raw or %00", async () => {
    for (const [url, key] of [
      ["franchisee_kyc_documents/1/a%00.pdf", ["franchisee_kyc_documents", "1", "a\u0000.pdf"]],
      ["a\u0000b", ["a\u0000b"]],
      ["x/%01", ["x", "\u0001"]],
    ] as const) {
      const got = await fetchFile(url, [...key]);
      expect(got.status).toBe(400);
      expect(JSON.parse(got.body.toString())).toEqual({ message: "The file path is invalid." });
    }
  });

  it("answers 400, not 500, to malformed percent-encoding, whether Next's decoding throws or lets it through", async () => {
    const decodeError = Object.assign(new Error("Failed to decode path param(s)."), { name: "DecodeError" });
    const thrown = await fetchFile("a/%E0%A4%A.pdf", Promise.reject(decodeError) as Promise<never>);
    expect(thrown.status).toBe(400);
    const passed = await fetchFile("a/%E0%A4%A.pdf", ["a", "%E0%A4%A.pdf"]);
    expect(passed.status).toBe(400);
    expect((await fetchFile("a/%ZZ", ["a", "%ZZ"])).status).toBe(400);
    // A well-formed path that names nothing stays 404.
    expect((await fetchFile("a/b%20c.pdf", ["a", "b c.pdf"])).status).toBe(404);
  });
});

describe("npm run audit (scripts/audit.mjs)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "audit-"));
  const run = (report: unknown, ...args: string[]) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(report));
    const r = spawnSync(process.execPath, ["scripts/audit.mjs", `--from-file=${file}`, ...args], {
      encoding: "utf8",
    });
    return { code: r.status, out: r.stdout + r.stderr };
  };

  it("warns and exits 0 where the registry answers 405 to the advisory request", () => {
    const r = run({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      uri: "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/WARNING.*HTTP 405/);
    expect(r.out).toMatch(/NO dependency was checked/);
  });

  it("lists vulnerable packages and fails at the level asked; a clean report passes; another failure is an error", () => {
    const report = {
      vulnerabilities: {
        tar: {
          name: "tar",
          severity: "high",
          isDirect: false,
          via: [
            { source: 1, title: "Arbitrary file overwrite", url: "https://github.com/advisories/GHSA-x" },
          ],
          range: "<6.2.1",
          fixAvailable: true,
        },
      },
      metadata: { vulnerabilities: { high: 1 }, dependencies: { prod: 300 } },
    };
    const high = run(report);
    expect(high.code).toBe(1);
    expect(high.out).toContain("tar@<6.2.1: Arbitrary file overwrite (https://github.com/advisories/GHSA-x)");
    expect(run(report, "--level=critical").code).toBe(0);
    expect(run({ vulnerabilities: {}, metadata: { vulnerabilities: {} } }).code).toBe(0);
    expect(run({ error: { code: "ENOTFOUND", summary: "getaddrinfo ENOTFOUND registry" } }).code).toBe(2);
  });
});
