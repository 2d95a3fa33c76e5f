import { expect, test } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

test("a logged-out visitor is sent to login from any page", async ({ page }) => {
  for (const path of ["/", "/home", "/companies", "/companies/create", "/no/such/page"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await page.goto("/forgot-password");
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a failed login shows the spec's alert and keeps the email", async ({ page }) => {
  // An account no other test signs in with: failures add up to a lockout across runs against one server.
  const email = "admin@wagnation.test";
  await page.goto("/login");
  await ready(page.getByLabel("Email"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Wrong#pass1");
  await page.getByRole("button", { name: "Login" }).click();
  // Next's route announcer is an (empty) alert too: find ours by its text.
  await expect(page.getByRole("alert").filter({ hasText: "User can't login in portal" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test("a form submitted before its script runs never puts the password in the address", async ({
  browser,
}) => {
  // Without JavaScript (or before hydration) the browser submits the form itself: as a POST, not a GET.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@e2e.test");
  await page.getByLabel("Password", { exact: true }).fill("Secret#123");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await page.waitForLoadState();
  expect(page.url()).not.toContain("Secret");
  expect(page.url()).not.toContain("password");
  await context.close();
});

test("a signed-in user goes home from login, forgot-password and unknown routes", async ({ page }) => {
  await login(page, LOGINS.admin);
  await expect(page.getByText(/Happy Paws Pvt Ltd/).first()).toBeVisible();
  for (const path of ["/login", "/forgot-password", "/this/does/not/exist"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
  }
});

test("a session ended elsewhere sends the browser to login on its next navigation", async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await login(a, LOGINS.master);
  await login(b, LOGINS.master);
  // Logging out in one browser ends every session of the account.
  await ready(a.getByRole("button", { name: /account menu/i }));
  await a.getByRole("button", { name: /account menu/i }).click();
  await a.getByRole("menuitem", { name: "Logout" }).click();
  await expect(a).toHaveURL(/\/login$/);
  await b.goto("/home");
  await expect(b).toHaveURL(/\/login$/);
  await expect(b.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("the side drawer follows the role", async ({ page }) => {
  await login(page, LOGINS.franchisee);
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "Leave Requests" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
});
