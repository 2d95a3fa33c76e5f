import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as serveFile } from "@/app/api/files/[...key]/route";
import { kycDocumentTypes, storedFiles } from "@/db/schema";
import type { Db } from "@/lib/platform/db";
import { ROLE } from "@/lib/platform/permissions";
import { getStorage } from "@/lib/platform/storage";
import { DEMO_LOGINS, adminEmail, api, seeded, tokenFor } from "../support/fixtures";
import { STATIC_CSP } from "@/lib/platform/security-headers";

// Issue 25: the inbox's side panel shows a KYC PDF in the browser's PDF viewer. /api/files serves a stored file that
// really is a PDF (stored as one, bytes starting "%PDF-") inline, frameable by the portal's own pages only; every
// other file keeps the attachment and the sandbox, so nothing uploaded runs on this origin.

let db: Db;
let happyId: number;
let adminToken: string;

async function getFile(key: string) {
  const res = await serveFile(
    new Request(`http://localhost/api/files/${key}`, { headers: { authorization: `Bearer ${adminToken}` } }),
    { params: Promise.resolve({ key: key.split("/") }) },
  );
  return { status: res.status, h: (name: string) => res.headers.get(name) };
}

/** A file stored as an upload would be: its bytes and stored type, owned by no record of Happy Paws. */
let n = 0;
async function store(body: string, contentType: string, name: string) {
  n += 1;
  const key = `tests/inline-pdf-${Date.now()}-${n}.${name.split(".").pop()}`;
  await getStorage().put(key, Buffer.from(body), contentType);
  await db.insert(storedFiles).values({
    company_id: happyId,
    key,
    original_name: name,
    content_type: contentType,
    size: body.length,
  });
  return key;
}

/**
 * Each PDF-only header absent, the attachment headers present: the strict policy every non-page answer gets, plus the
 * sandbox, and no framing (the route sets them itself: next.config.ts leaves /api/files/ out of its own).
 */
function expectAttachment(got: Awaited<ReturnType<typeof getFile>>) {
  expect(got.status).toBe(200);
  expect(got.h("content-disposition")).toMatch(/^attachment; /);
  expect(got.h("content-security-policy")).toBe(`${STATIC_CSP}; sandbox`);
  expect(got.h("content-security-policy")).toMatch(/^default-src 'none'; .*frame-ancestors 'none'; sandbox$/);
  expect(got.h("x-content-type-options")).toBe("nosniff");
  expect(got.h("x-frame-options")).toBe("DENY");
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  adminToken = await tokenFor(adminEmail);
});

describe("GET /api/files/<key>: a real PDF is shown inline, framed by the portal only", () => {
  it("serves an uploaded KYC PDF inline, without sandbox, frameable by the same origin only", async () => {
    const doc = await PDFDocument.create();
    doc
      .addPage([300, 200])
      .drawText("PAN 1234", { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
    const [type] = await db
      .insert(kycDocumentTypes)
      .values({ company_id: happyId, code: "INLINEPDF", description: "Inline PDF test", applies_to: 1 })
      .returning();
    const form = new FormData();
    form.set("document_type_id", String(type.id));
    form.set("document_name", "Inline PDF");
    form.set(
      "document_path",
      new File([new Uint8Array(await doc.save())], "PAN card.pdf", { type: "application/pdf" }),
    );
    const faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const r = await api("POST", "franchisee_kyc_documents", { token: faToken, form });
    expect(r.status).toBe(200);

    const got = await getFile((r.json.data as { document_path: string }).document_path);
    expect(got.status).toBe(200);
    expect(got.h("content-type")).toBe("application/pdf");
    expect(got.h("content-disposition")).toBe(
      `inline; filename="PAN card.pdf"; filename*=UTF-8''PAN%20card.pdf`,
    );
    const csp = got.h("content-security-policy")!;
    expect(csp).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(csp).not.toContain("sandbox");
    expect(got.h("x-frame-options")).toBe("SAMEORIGIN");
    expect(got.h("x-content-type-options")).toBe("nosniff");
  });

  it("keeps the attachment and the sandbox for a file named .pdf, stored as a PDF, whose bytes are not one", async () => {
    const key = await store(
      "<html><script>alert(document.cookie)</script></html>",
      "application/pdf",
      "evil.pdf",
    );
    expectAttachment(await getFile(key));
  });

  it("keeps them for bytes starting %PDF- that are not stored as a PDF", async () => {
    expectAttachment(
      await getFile(await store("%PDF-1.7\n<script>alert(1)</script>", "text/plain", "note.pdf")),
    );
  });

  it("an HTML file still cannot run: an attachment, sandboxed, loading nothing, not frameable", async () => {
    const key = await store("<!doctype html><script>fetch('/api/users')</script>", "text/html", "page.html");
    const got = await getFile(key);
    expectAttachment(got);
    expect(got.h("content-type")).toBe("text/html");
  });
});
