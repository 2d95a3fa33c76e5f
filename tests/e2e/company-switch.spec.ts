import { expect, test } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

test("a MASTER FRANCHISEE of two companies switches between them from the top bar", async ({ page }) => {
  await login(page, LOGINS.master);
  const header = page.getByRole("banner");
  await expect(header).toContainText("Happy Paws Pvt Ltd");

  const open = async () => {
    const button = page.getByRole("button", { name: "Switch Company" });
    // It shows once the server has said, after hydration, that this user has several companies.
    await expect(button).toBeVisible({ timeout: 30_000 });
    await ready(button);
    await button.click();
    const picker = page.getByTestId("company-picker");
    await expect(picker).toBeVisible();
    return picker;
  };

  // Only their own two companies, the acting one marked.
  let picker = await open();
  // A header row and one row per company.
  await expect(picker.getByRole("row")).toHaveCount(3);
  await expect(picker.getByRole("row").nth(1)).toContainText("Happy Paws Pvt Ltd");
  await expect(picker.getByRole("button", { name: "Current" })).toBeDisabled();
  await picker.getByRole("button", { name: "Select Wag Nation LLP" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(header).toContainText("Wag Nation LLP");

  picker = await open();
  await picker.getByRole("button", { name: "Select Happy Paws Pvt Ltd" }).click();
  await expect(header).toContainText("Happy Paws Pvt Ltd");
});

test("a user of one company has no company switch", async ({ page }) => {
  await login(page, LOGINS.franchisee);
  await ready(page.getByRole("button", { name: /Account menu/ }));
  // The switch asks the server once after hydration; give it the time a first answer takes.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("button", { name: "Switch Company" })).toHaveCount(0);
});
