import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Forms: a save and its files succeed or fail together, the first invalid field gets focus, leaving with unsaved
// changes asks first, successes are toasts, a lost session goes to login, and every form page has one h1.

const LEAVE_TEXT = "You have unsaved changes. Leave this page?";

/** Opens a form page and waits until its Save button is hydrated. */
async function openForm(page: Page, path: string, save: string) {
  await page.goto(path);
  await ready(page.getByRole("button", { name: save }));
}

test("a refused logo shows under its field, keeps what was typed and stays on the page; nothing is saved", async ({
  page,
}, testInfo) => {
  const name = `E2E Bad Logo ${Date.now()}`;
  await login(page, LOGINS.super);
  await openForm(page, "/companies/create", "Save Company");
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill("badlogo@paws.test");
  await page.getByLabel(/^Phone/).fill("+91 98765 43210");
  await page.getByLabel(/^Address/).fill("1 Test Lane");
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<?php echo 1; ?>"),
  });
  await page.getByRole("button", { name: "Save Company" }).click();

  const logoError = page.locator('[data-field="logo_path"]').getByRole("alert");
  await expect(logoError).toHaveText("The file must be an image (PNG, JPEG, WebP or GIF).");
  // The refused file's field is the first invalid one: scrolled to and focused.
  await expect(page.getByLabel("Logo", { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/companies\/create$/);
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);
  await expect(page.getByTestId("error-popup")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("company-bad-logo.png") });

  await page.goto(`/companies?search_keyword=${encodeURIComponent(name)}`);
  await expect(page.getByText("No data found")).toBeVisible();
});

test("Save focuses the first invalid field in the page's order, a custom select included", async ({
  page,
}) => {
  await login(page, LOGINS.admin);
  await openForm(page, "/users/create", "Save User");
  await page.getByLabel(/^First Name/).fill("Focus");
  await page.getByLabel(/^Last Name/).fill("Tester");
  await page.getByLabel(/^Email/).fill(`focus.${Date.now()}@happypaws.test`);
  await page.getByRole("button", { name: "Save User" }).click();
  // The server answers the position's error (a radix select): its trigger gets focus.
  await expect(page.locator('[data-field="position_id"]').getByRole("alert")).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Position/ })).toBeFocused();

  await page.getByLabel(/^First Name/).fill("");
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.locator('[data-field="first_name"]').getByRole("alert")).toBeVisible();
  await expect(page.getByLabel(/^First Name/)).toBeFocused();
});

test("leaving a form with unsaved changes asks first; a successful save does not, and confirms with a toast", async ({
  page,
}) => {
  const name = `E2E LEAVE ${Date.now()}`;
  await login(page, LOGINS.admin);
  await openForm(page, "/positions/create", "Save Position");

  // Untouched: Cancel leaves at once.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/positions$/);

  await openForm(page, "/positions/create", "Save Position");
  await page.getByLabel(/^Name/).fill(name);
  await page.getByRole("link", { name: "Cancel" }).click();
  const dialog = page.getByTestId("leave-dialog");
  await expect(dialog).toContainText(LEAVE_TEXT);
  await dialog.getByRole("button", { name: "Stay" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/positions\/create$/);
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);

  // A menu link asks too; Leave follows it.
  await page.getByRole("link", { name: "Users", exact: true }).first().click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/users$/);

  // A reload asks through the browser's own prompt.
  await openForm(page, "/positions/create", "Save Position");
  await page.getByLabel(/^Name/).fill(name);
  const prompt = page.waitForEvent("dialog");
  void page.evaluate(() => window.location.reload()).catch(() => {});
  const unload = await prompt;
  expect(unload.type()).toBe("beforeunload");
  await unload.dismiss();
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);

  // Saved: a toast with the spec's text, back to the list without a question.
  await page.getByRole("button", { name: "Save Position" }).click();
  await expect(
    page.getByTestId("success-toast").filter({ hasText: "Position created successfully." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/positions$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a lost session during a delete goes to the login page", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/positions");
  const button = page
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /delete/i });
  await ready(button);
  // Prefetches still in flight would answer with a refreshed session cookie and bring the session back: the
  // session is lost only once nothing is loading.
  await page.waitForLoadState("networkidle");
  await page.context().clearCookies();
  await button.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
});

test("a lost session during a save goes to the login page, without asking to stay", async ({ page }) => {
  await login(page, LOGINS.admin);
  await openForm(page, "/positions/create", "Save Position");
  await page.getByLabel(/^Name/).fill(`E2E LOST ${Date.now()}`);
  await page.waitForLoadState("networkidle"); // see the delete test above
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Save Position" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the error popup gives focus back to the control that opened it", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/positions?search_keyword=CUSTOMER");
  // Customers hold this position: its delete is refused (409) in the error popup.
  const button = page
    .getByRole("row", { name: /CUSTOMER/ })
    .first()
    .getByRole("button", { name: /delete/i });
  await ready(button);
  await button.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  const popup = page.getByTestId("error-popup");
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Close" }).first().click();
  await expect(popup).toBeHidden();
  await expect(button).toBeFocused();
});

const FORM_PAGES: Record<keyof typeof LOGINS, [string, string][]> = {
  // [the create page, its h1]; each list's first row opens an edit (or view) page.
  admin: [
    ["/users/create", "Add User"],
    ["/positions/create", "Add Position"],
  ],
  super: [
    ["/companies/create", "Add Company"],
    ["/roles/create", "Add Role"],
    ["/modules/create", "Add Module"],
    ["/permissions/create", "Add Permission"],
  ],
  franchisee: [["/franchisee-staffs/create", "Add Staff"]],
  backend: [],
  master: [],
};

for (const [role, pages] of Object.entries(FORM_PAGES).filter(([, p]) => p.length)) {
  test(`every form page has exactly one h1, the form's title (${role})`, async ({ page }) => {
    await login(page, LOGINS[role as keyof typeof LOGINS]);
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("h1")).toHaveCount(1);
      await page.goto(path.replace(/\/create$/, ""));
      const edit = page.getByRole("row").nth(1).getByRole("link", { name: /edit/i });
      await ready(edit);
      await edit.click();
      await expect(page.locator("h1")).toHaveText(/^(Edit|View) /);
      await expect(page.locator("h1")).toHaveCount(1);
      // Opened and left untouched, it lets a link go without asking (nothing on it counts as a change).
      await page.getByRole("link", { name: /^(Cancel|Back)$/ }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\/create$/, "")}(\\?.*)?$`));
      await expect(page.getByTestId("leave-dialog")).toHaveCount(0);
    }
  });
}
