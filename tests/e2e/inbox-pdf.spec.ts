import { expect, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { LOGINS, PASSWORD, login, ready } from "./helpers";

// Issue 25: the inbox's side panel shows a KYC PDF in the browser's PDF viewer (a same-origin frame); the file's
// answer is inline and frameable by the portal only.

test("the admin sees a franchisee's KYC PDF inline in the inbox's side panel", async ({ page, request }) => {
  test.setTimeout(180_000);
  const tokenOf = async (email: string) => {
    const r = await request.post("/api/login", { data: { email, password: PASSWORD, is_web: true } });
    return ((await r.json()) as { token: string }).token;
  };
  const admin = await tokenOf(LOGINS.admin);
  const stamp = Date.now().toString(36).toUpperCase();
  const type = await request.post("/api/kyc_document_types", {
    headers: { authorization: `Bearer ${admin}` },
    data: { code: `PDF${stamp}`, description: `Inline PDF ${stamp}`, applies_to: 1, is_required: 0 },
  });
  expect(type.ok(), await type.text()).toBe(true);
  const typeId = ((await type.json()) as { data: { id: number } }).data.id;

  const doc = await PDFDocument.create();
  doc.addPage([420, 300]).drawText(`PAN card ${stamp}`, {
    x: 40,
    y: 150,
    size: 24,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const name = `PAN ${stamp}`;
  const uploaded = await request.post("/api/franchisee_kyc_documents", {
    headers: { authorization: `Bearer ${await tokenOf(LOGINS.franchisee)}` },
    multipart: {
      document_type_id: String(typeId),
      document_name: name,
      document_path: { name: "pan.pdf", mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  const refused: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) refused.push(m.text());
  });
  await login(page, LOGINS.admin);
  await page.goto("/approvals");
  const item = page.getByTestId("inbox-item").filter({ hasText: name });
  await ready(item.first());
  await item.first().click();
  const frame = page.getByTitle(/\(PDF\)$/);
  await expect(frame).toBeVisible();
  await expect(page.getByRole("link", { name: /^Open .* \(PDF\)$/ })).toBeVisible();

  const src = (await frame.getAttribute("src"))!;
  const file = await page.request.get(src);
  expect(file.headers()["content-disposition"]).toMatch(/^inline; /);
  expect(file.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(file.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'");
  // The frame shows the file, not Chromium's error page for a refused frame.
  await expect.poll(() => page.frames().some((f) => f.url().includes(src))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith("chrome-error:"))).toBe(false);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: "test-results/inbox-kyc-pdf.png", fullPage: false });
  expect(refused).toEqual([]);
});
