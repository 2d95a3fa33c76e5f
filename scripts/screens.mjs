#!/usr/bin/env node
// Screenshots of the five roles' main lists, on a laptop (1366×768) and a phone (375×812), for docs/screens/ (the
// README links them, so a newcomer sees the product before installing it).
//
//   node scripts/screens.mjs --base http://127.0.0.1:3000 [--out docs/screens]
//
// Against a server with the demo data (`npm start` with no configuration seeds it). Uses playwright-core and the
// machine's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), as the browser tests do.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg("base", "http://127.0.0.1:3000");
const out = arg("out", "docs/screens");
const PASSWORD = "Demo@1234";

/** Each role's login and its main lists (what the role opens every day). */
const ROLES = [
  { role: "super-admin", email: "superadmin@petportal.test", lists: ["/companies", "/modules"] },
  {
    role: "admin",
    email: "admin@happypaws.test",
    lists: ["/users", "/franchisees", "/user-monthly-job-requests"],
  },
  // Acting as the Admin of a company (the top bar's switch): a BACKEND ADMIN's own view is only Home.
  {
    role: "backend-admin",
    email: "backend@petportal.test",
    actAs: "Happy Paws Pvt Ltd",
    lists: ["/plans", "/positions"],
  },
  {
    role: "master-franchisee",
    email: "master@happypaws.test",
    lists: ["/franchisees", "/franchisee-staffs"],
  },
  {
    role: "franchisee-admin",
    email: "franchisee@happypaws.test",
    lists: ["/leave-requests", "/customer-walk-requests", "/franchisee-kyc-documents"],
  },
];
const SIZES = [
  { name: "laptop", width: 1366, height: 768 },
  { name: "phone", width: 375, height: 812 },
];

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const written = [];
try {
  for (const { role, email, lists, actAs } of ROLES) {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.fill("input[name=email]", email);
    await page.fill("input[name=password]", PASSWORD);
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith("/login")),
      page.click("button[type=submit]"),
    ]);
    if (actAs) {
      // A click before hydration reaches no handler: press again until the picker opens.
      const picker = page.getByTestId("company-picker");
      for (let i = 0; i < 20 && !(await picker.isVisible()); i++) {
        await page.getByRole("switch", { name: "Switch to Admin for a company" }).click();
        await page.waitForTimeout(500);
      }
      await page
        .getByTestId("company-picker")
        .getByRole("button", { name: `Select ${actAs}` })
        .click();
      await page.waitForURL((u) => u.pathname === "/home");
    }
    for (const list of lists) {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`${base}${list}`);
        await page.waitForLoadState("networkidle");
        await page.evaluate(() =>
          Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
        );
        const file = path.join(out, `${role}${list.replaceAll("/", "-")}-${size.name}.png`);
        await page.screenshot({ path: file });
        written.push(file);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(written.join("\n"));
