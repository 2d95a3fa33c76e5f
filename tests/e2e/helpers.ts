import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

export const PASSWORD = "Demo@1234";
export const LOGINS = {
  super: "superadmin@petportal.test",
  admin: "admin@happypaws.test",
  backend: "backend@petportal.test",
  master: "master@happypaws.test",
  franchisee: "franchisee@happypaws.test",
};

/**
 * Waits until React has hydrated the element (React keeps a hydrated node's props under a `__reactProps$…` key).
 * Server-rendered HTML can show before its handlers are attached, and until then a click or key press reaches no
 * handler: a search's Enter is lost, a menu stays shut, a form submits natively (as a GET with its fields in the
 * URL). Needed after a full page load only: a screen reached by a client navigation renders hydrated.
 */
export async function ready(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))))
    .toBe(true);
}

export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await ready(page.getByLabel("Email"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/(home|companies)$/);
}

/**
 * Searches a list and waits until it has settled (the URL carries the term, the search spinner is gone): acting on
 * a row before that may act on a row the navigation is about to replace (a confirmation seen to close under load).
 */
export async function searchList(page: Page, term: string) {
  const search = page.getByRole("searchbox");
  await ready(search);
  await search.fill(term);
  await search.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`search_keyword=${encodeURIComponent(term).replace(/%20/g, "(\\+|%20)")}`),
  );
  await expect(page.getByLabel("Loading")).toHaveCount(0);
}

/** Deletes a row through its confirmation, once the confirmation is open. */
export async function confirmDelete(page: Page, row: Locator) {
  const button = row.getByRole("button", { name: /delete/i });
  await ready(button);
  await button.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
}

/**
 * The newest mail the browser tests' server delivered to `to` through SMTP (scripts/e2e-server.mjs keeps each in a
 * folder named after its port), waiting for it to arrive; quoted-printable soft line breaks undone.
 */
export async function latestMail(to: string): Promise<string> {
  const base = new URL(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`);
  const dir = path.join(os.tmpdir(), `portal-e2e-mail-${base.port}`);
  let found = "";
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
        for (const f of files) {
          const text = fs.readFileSync(path.join(dir, f), "utf8");
          if (text.split("\n", 1)[0].toLowerCase().includes(to.toLowerCase())) {
            found = text.replace(/=\r?\n/g, "");
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found;
}
