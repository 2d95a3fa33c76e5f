import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Demo@1234";
export const LOGINS = {
  super: "superadmin@petportal.test",
  admin: "admin@happypaws.test",
  backend: "backend@petportal.test",
  master: "master@happypaws.test",
  franchisee: "franchisee@happypaws.test",
};

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/(home|companies)$/);
}
