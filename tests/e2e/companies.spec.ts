import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { LOGINS, confirmDelete, login, ready, searchList } from "./helpers";

// A real 1×1 PNG for the logo upload.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNg+M8AAAICAQB7CYF4AAAAAElFTkSuQmCC",
  "base64",
);

test("a SUPER ADMIN creates, finds, edits and deletes a company", async ({ page }, testInfo) => {
  const logo = testInfo.outputPath("logo.png");
  fs.writeFileSync(logo, PNG);
  const name = `E2E Paws ${Date.now()}`;

  await login(page, LOGINS.super);
  await page.goto("/companies");
  await expect(page.getByRole("heading", { name: "Companies" })).toBeVisible();
  await page.getByRole("link", { name: /Add Company/ }).click();
  await expect(page).toHaveURL(/\/companies\/create$/);
  await ready(page.getByRole("button", { name: "Save Company" }));

  // A failed save shows the errors under the fields and keeps what was typed.
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill("not-an-email");
  await page.getByRole("button", { name: "Save Company" }).click();
  await expect(page.getByText("The email must be a valid email address.")).toBeVisible();
  await expect(page.getByText("The phone field is required.")).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);

  await page.getByLabel(/^Email/).fill("e2e@paws.test");
  await page.getByLabel(/^Phone/).fill("+91 98765 43210");
  await page.getByLabel(/^Address/).fill("1 Test Lane");
  await page.getByLabel(/^City/).fill("Pune");
  await page.locator('input[type="file"]').first().setInputFiles(logo);
  await page.getByRole("button", { name: "Save Company" }).click();
  await expect(
    page.getByTestId("success-toast").filter({ hasText: "Company created successfully." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/companies$/);

  // Search runs on Enter.
  await searchList(page, name);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.locator("img")).toBeVisible();

  await row.getByRole("link", { name: /edit/i }).click();
  await expect(page.getByLabel(/^City/)).toHaveValue("Pune");
  await page.getByLabel(/^City/).fill("Nashik");
  await page.getByRole("button", { name: "Update Company" }).click();
  await expect(
    page.getByTestId("success-toast").filter({ hasText: "Company updated successfully." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/companies$/);
  await searchList(page, name);
  await expect(page.getByRole("row", { name: new RegExp(`${name}.*`) })).toContainText("Nashik");
  await expect(page.getByRole("row")).toHaveCount(2);
  await confirmDelete(page, page.getByRole("row", { name: new RegExp(name) }));
  await expect(
    page.getByTestId("success-toast").filter({ hasText: "Company deleted successfully." }),
  ).toBeVisible();
  await expect(page.getByText("No data found")).toBeVisible();

  await page.goto(`/companies?open_trash=1&search_keyword=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name: "Deleted Companies" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("companies-trash.png"), fullPage: true });
});

test("the companies list pages and filters", async ({ page }) => {
  await login(page, LOGINS.super);
  await page.goto("/companies?rowsPerPage=10");
  await expect(page.getByRole("row")).toHaveCount(11);
  await page.goto("/companies?is_active=0&rowsPerPage=1000000");
  const chips = page.getByRole("row").getByText("Inactive", { exact: true });
  await expect(chips.first()).toBeVisible();
  await expect(page.getByRole("row").getByText("Active", { exact: true })).toHaveCount(0);
});
