import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

/** The signed-in shell is around the page: the greeting in the top bar and the side drawer. */
async function expectShell(page: Page) {
  await expect(page.getByText(/^Hello, /).first()).toBeVisible();
  await expect(page.getByRole("navigation").first()).toBeVisible();
}

test("a backend admin opening company-owned screens before choosing a company is asked to choose one", async ({
  page,
}) => {
  await login(page, LOGINS.backend);
  for (const path of ["/users", "/companies", "/positions"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Choose a company" })).toBeVisible();
    await expectShell(page);
    // Never the retry card nor the access warning.
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Warning" })).toHaveCount(0);
  }

  // The card opens the company picker; choosing reloads the app at the login path, which leads home.
  await page.goto("/users");
  await ready(page.getByRole("button", { name: "Choose company" }));
  await page.getByRole("button", { name: "Choose company" }).click();
  const picker = page.getByTestId("company-picker");
  await expect(picker.getByRole("heading", { name: "Select Company" })).toBeVisible();
  await picker.getByRole("button", { name: "Select Happy Paws Pvt Ltd" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Choose a company" })).toHaveCount(0);
});

test("a record id that does not exist shows the not-found card inside the shell", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/positions/not-a-real-id");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expectShell(page);
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
