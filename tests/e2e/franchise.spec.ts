import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LOGINS, PASSWORD, latestMail, login, ready, searchList } from "./helpers";

// Issue 10, as people would do it: an applicant applies from the app; the ADMIN approves the franchisee application
// and creates the franchisee from it; its new FRANCHISEE ADMIN sets a password from the code mailed to them and
// submits the KYC documents; the ADMIN rejects one with a reason, the franchisee admin re-submits it, the ADMIN
// approves it, and the franchisee is KYC-valid.

const run = Date.now().toString(36);
const applicant = `Kiran Franchise ${run}`;
const franchiseeEmail = `kiran.${run}@franchise.test`;
const NEW_PASSWORD = "Kiran@2026x";
const PDF = path.join(process.cwd(), "tests/e2e/fixtures/kyc.pdf");

/** Opens a KYC row's link (Submit Document, Review Kyc Document or Re-submit) and waits for its form. */
async function openDocument(page: Page, link: RegExp) {
  const a = page.getByRole("link", { name: link });
  await ready(a);
  await a.click();
  await ready(page.getByRole("button", { name: /Submit Document|Review Kyc Document|Re-submit Document/ }));
}

/** The franchisee admin sends a document's file (and an expiry date where the type asks one). */
async function submitFile(page: Page, button: string) {
  await page.getByLabel("Document (PDF or image)").setInputFiles(PDF);
  const expiry = page.getByLabel("Expiry Date");
  if (await expiry.isVisible()) await expiry.fill("31-12-2030");
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/franchisee-kyc-documents(\?|$)/);
}

/** A reviewer sets a document's status (and the remark when rejecting). */
async function review(page: Page, status: "APPROVED" | "REJECTED", remark?: string) {
  await page.getByRole("combobox", { name: /^Status/ }).click();
  await page.getByRole("option", { name: status }).click();
  if (remark) await page.getByLabel(/^Remark/).fill(remark);
  await page.getByRole("button", { name: "Review Kyc Document" }).click();
  await expect(page).toHaveURL(/\/franchisee-kyc-documents(\?|$)/);
}

test("a franchisee from its application to KYC-valid", async ({ page, request }) => {
  test.setTimeout(240_000);

  // The applicant sends the application from the app (a signed-in app user; here the demo admin's token).
  const loginAnswer = await request.post("/api/login", {
    data: { email: LOGINS.admin, password: PASSWORD, is_web: true },
  });
  const { token } = (await loginAnswer.json()) as { token: string };
  const applied = await request.post("/api/franchisee_career_requests", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      full_name: applicant,
      age: 38,
      phone_no: "+91 98111 22334",
      email: franchiseeEmail,
      address: "21 Lake Road",
      city: "Thane",
      pin_code: "400601",
      business_description: "A pet supplies store in Thane West for six years.",
      proposed_franchisee_location: "Thane West",
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);

  // ADMIN: approve the application, then create the franchisee it offers, pre-filled.
  await login(page, LOGINS.admin);
  await page.goto("/franchisee-career-requests");
  await searchList(page, applicant);
  await page.getByRole("button", { name: new RegExp(`^Approve ${applicant}`) }).click();
  await expect(page.getByRole("heading", { name: "Are you sure to Approve?" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Hurray!" })).toBeVisible();
  await page.getByRole("link", { name: "Create franchisee" }).click();
  await expect(page).toHaveURL(/\/franchisees\/create\?career_request_id=/);
  await ready(page.getByLabel("Name"));
  await expect(page.getByLabel("Name")).toHaveValue(applicant);
  await expect(page.getByLabel("Email")).toHaveValue(franchiseeEmail);
  await page.getByRole("combobox", { name: /^Zone/ }).click();
  await page.getByRole("option", { name: "WEST" }).click();
  await page.getByRole("button", { name: /Save|Add Franchisee/ }).click();
  await expect(page).toHaveURL(/\/franchisees(\?|$)/);
  await searchList(page, applicant);
  const franchiseeRow = page.getByRole("row", { name: new RegExp(applicant) });
  await expect(franchiseeRow.getByText("NO", { exact: true })).toBeVisible();

  // The franchisee admin: a password from the code mailed to them, then their documents.
  const mail = await latestMail(franchiseeEmail);
  const code = /\b(\d{10})\b/.exec(mail)?.[1];
  expect(code, "a 10-digit code in the mail").toBeTruthy();
  const fa = await page.context().browser()!.newPage();
  await fa.goto("/forgot-password");
  await ready(fa.getByLabel("Email"));
  await fa.getByLabel("Email").fill(franchiseeEmail);
  await fa.getByLabel("Verification code").fill(code!);
  await fa.getByRole("button", { name: "Reset Password" }).click();
  await fa.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await fa.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await fa.getByRole("button", { name: "Reset Password" }).click();
  await expect(fa.getByText("All done.")).toBeVisible();
  await login(fa, franchiseeEmail, NEW_PASSWORD);
  await fa.goto("/franchisee-kyc-documents");
  const submits = fa.getByRole("link", { name: /^Submit Document: / });
  await ready(submits.first());
  const documents = (
    await submits.evaluateAll((as) => as.map((a) => a.getAttribute("aria-label") ?? ""))
  ).map((l) => l.replace(/^Submit Document: /, ""));
  expect(documents.length).toBeGreaterThan(0);
  for (const name of documents) {
    await openDocument(fa, new RegExp(`^Submit Document: ${name}$`));
    await submitFile(fa, "Submit Document");
  }

  // ADMIN: the franchisee's documents; the first rejected with a reason on its review screen, the others approved
  // from the "awaiting review" view of the list through the decision dialog (the approval kernel's).
  await page.goto("/franchisees");
  await searchList(page, applicant);
  await page.getByRole("link", { name: `KYC documents of ${applicant}` }).click();
  await expect(page).toHaveURL(/\/franchisee-kyc-documents\?franchisee_id=/);
  const listUrl = page.url();
  const [first, ...rest] = documents;
  await openDocument(page, new RegExp(`^Review Kyc Document: ${first}$`));
  await review(page, "REJECTED", "The scan is unreadable: send a clearer copy.");
  await page.goto(`${listUrl}&review=awaiting`);
  for (const name of rest) {
    const approve = page.getByRole("button", { name: `Approve ${name}`, exact: true });
    await ready(approve);
    const asked = page.getByRole("heading", { name: "Are you sure to Approve?" });
    // Known defect (noted for the team): in full runs the previous decision's refresh, landing late, re-rendered the
    // row and dropped this dialog before Confirm; the dialog is opened again then (the decision was not sent).
    await expect(async () => {
      if (!(await asked.isVisible())) await approve.click({ timeout: 2_000 });
      await expect(asked).toBeVisible({ timeout: 2_000 });
      await page.getByRole("button", { name: "Confirm" }).click({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // Decided: it leaves the awaiting-review view.
    await expect(approve).toHaveCount(0);
  }
  await page.goto(listUrl);
  for (const name of rest)
    await expect(
      page.getByRole("row", { name: new RegExp(name) }).getByText("APPROVED", { exact: true }),
    ).toBeVisible();

  // The franchisee admin re-submits the rejected document.
  await fa.goto("/franchisee-kyc-documents");
  await openDocument(fa, new RegExp(`^Re-submit ${first}$`));
  await expect(fa.getByLabel(/^Remark/)).toHaveValue("The scan is unreadable: send a clearer copy.");
  await submitFile(fa, "Re-submit Document");

  // ADMIN approves it: the franchisee is KYC-valid.
  await page.goto(listUrl);
  await openDocument(page, new RegExp(`^Review Kyc Document: ${first}$`));
  await review(page, "APPROVED");
  await page.goto("/franchisees");
  await searchList(page, applicant);
  await expect(
    page.getByRole("row", { name: new RegExp(applicant) }).getByText("YES", { exact: true }),
  ).toBeVisible();
});
