import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready, searchList } from "./helpers";

// Writes that never lose an edit (issue 24): an edit form saved over a newer save is refused with who and when,
// keeps what was typed and reloads the other change in; a create form submitted twice makes one record.

const ADMIN_NAME = "Priya Admin";

async function createBanner(page: Page, title: string) {
  await page.goto("/banners/create");
  const save = page.getByRole("button", { name: "Save Banner" });
  await ready(save);
  await page.getByLabel(/^Name/).fill(title);
  await save.dblclick();
  await expect(page).toHaveURL(/\/banners$/);
}

test("a create form submitted twice before it answers makes one record", async ({ page }) => {
  const title = `E2E Double ${Date.now()}`;
  await login(page, LOGINS.admin);
  // The Save button is disabled once a save is under way, but two submits in one tick (a double Enter, a double
  // click on a busy browser) both reach the server: without the form's key that made two banners.
  let saves = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"] && r.postData()?.includes(title)) saves++;
  });
  await page.goto("/banners/create");
  await ready(page.getByRole("button", { name: "Save Banner" }));
  await page.getByLabel(/^Name/).fill(title);
  await page.locator("form[novalidate]").evaluate((f: HTMLFormElement) => {
    f.requestSubmit();
    f.requestSubmit();
  });
  await expect(page).toHaveURL(/\/banners$/);
  expect(saves).toBe(2);
  await searchList(page, title);
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
});

test("two tabs edit one record: the second save names the first editor, keeps what was typed, and Reload merges", async ({
  page,
  context,
}, testInfo) => {
  const title = `E2E Conflict ${Date.now()}`;
  await login(page, LOGINS.admin);
  await createBanner(page, title);
  await searchList(page, title);
  const edit = page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: /edit/i });
  const href = await edit.getAttribute("href");
  expect(href).toBeTruthy();

  const tabA = page;
  const tabB = await context.newPage();
  for (const tab of [tabA, tabB]) {
    await tab.goto(href!);
    await ready(tab.getByRole("button", { name: "Update Banner" }));
  }

  // Tab A: turns the banner off and saves.
  await tabA.getByRole("switch", { name: "Is Active" }).click();
  await tabA.getByRole("button", { name: "Update Banner" }).click();
  await expect(tabA).toHaveURL(/\/banners$/);

  // Tab B, opened before A's save: renames it and saves.
  const mine = `${title} (B)`;
  await tabB.getByLabel(/^Name/).fill(mine);
  await tabB.getByRole("button", { name: "Update Banner" }).click();
  const dialog = tabB.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    new RegExp(`This record was changed by ${ADMIN_NAME} at \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2} [AP]M\\.`),
  );
  await tabB.screenshot({ path: testInfo.outputPath("conflict-dialog.png") });
  // Nothing was written, and what B typed is still in the form.
  await expect(tabB).toHaveURL(href!);
  await expect(tabB.getByLabel(/^Name/)).toHaveValue(mine);

  // Reload: A's change comes in (the switch is off), B's typed name stays.
  await dialog.getByRole("button", { name: "Reload" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tabB.getByRole("switch", { name: "Is Active" })).toHaveAttribute("aria-checked", "false");
  await expect(tabB.getByLabel(/^Name/)).toHaveValue(mine);
  await tabB.screenshot({ path: testInfo.outputPath("conflict-reloaded.png") });

  // Saved again, knowingly: both changes are kept.
  await tabB.getByRole("button", { name: "Update Banner" }).click();
  await expect(tabB).toHaveURL(/\/banners$/);
  await tabB.goto(href!);
  await ready(tabB.getByRole("button", { name: "Update Banner" }));
  await expect(tabB.getByLabel(/^Name/)).toHaveValue(mine);
  await expect(tabB.getByRole("switch", { name: "Is Active" })).toHaveAttribute("aria-checked", "false");
});

test("Keep mine saves what was typed over the other change", async ({ page, context }) => {
  const title = `E2E Keep ${Date.now()}`;
  await login(page, LOGINS.admin);
  await createBanner(page, title);
  await searchList(page, title);
  const href = await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /edit/i })
    .getAttribute("href");
  const tabB = await context.newPage();
  await tabB.goto(href!);
  await ready(tabB.getByRole("button", { name: "Update Banner" }));
  await page.goto(href!);
  await ready(page.getByRole("button", { name: "Update Banner" }));
  await page.getByLabel(/^Name/).fill(`${title} (A)`);
  await page.getByRole("button", { name: "Update Banner" }).click();
  await expect(page).toHaveURL(/\/banners$/);

  await tabB.getByLabel(/^Name/).fill(`${title} (B)`);
  await tabB.getByRole("button", { name: "Update Banner" }).click();
  const dialog = tabB.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Keep mine" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tabB.getByLabel(/^Name/)).toHaveValue(`${title} (B)`);
  await tabB.getByRole("button", { name: "Update Banner" }).click();
  await expect(tabB).toHaveURL(/\/banners$/);
  await searchList(tabB, title);
  await expect(tabB.getByRole("row").filter({ hasText: `${title} (B)` })).toHaveCount(1);
});
