import { expect, test } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Issue 26: forms arrive whole. The server's first HTML of a form already holds its values and defaults (Edit Plan
// showed empty amounts for seconds next to a computed ₹800.00; Add Plan's defaults came late), and a read-only
// form asks for nothing.

/** The `value` attribute of the input with this id in a page's HTML, or null when the input or its value is absent. */
function valueIn(html: string, id: string): string | null {
  const tag = new RegExp(`<input\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  const raw = tag ? /\bvalue="([^"]*)"/.exec(tag)?.[1] : undefined;
  return raw == null ? null : decode(raw);
}

/** The HTML escapes React writes in attribute values. */
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const PLAN_NUMBERS = ["original_amount", "price_percent", "discount_percent", "per_walk_time", "days"];

test("Edit Plan's first HTML holds the plan's numbers, the same the hydrated form shows", async ({
  page,
}) => {
  await login(page, LOGINS.admin);
  await page.goto("/plans");
  const edit = page.getByRole("link", { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  const href = (await edit.getAttribute("href"))!;
  expect(href).toMatch(/^\/plans\/[^/]+$/);

  // The page as the server first sends it, with the signed-in browser's cookies: no script has run.
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const first = Object.fromEntries(PLAN_NUMBERS.map((id) => [id, valueIn(html, id)]));
  // Every seeded plan has an original amount and a price percent.
  expect(first.original_amount, html.slice(0, 200)).toMatch(/^\d+(\.\d+)?$/);
  expect(first.price_percent).toMatch(/^\d+(\.\d+)?$/);

  // The hydrated form shows the same values: nothing was filled in later.
  await page.goto(href);
  await ready(page.getByRole("button", { name: "Update Plan" }));
  for (const id of PLAN_NUMBERS) await expect(page.locator(`#${id}`)).toHaveValue(first[id] ?? "");
});

test("Add Plan's first HTML holds spec 002 §9's defaults", async ({ page }) => {
  await login(page, LOGINS.admin);
  const res = await page.request.get("/plans/create");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(valueIn(html, "price_percent")).toBe("100");
  expect(valueIn(html, "discount_percent")).toBe("0");
  expect(valueIn(html, "walkie_percent")).toBe("0");
  expect(valueIn(html, "franchisee_percent")).toBe("0");
});

test("a franchisee's working hours are in the edit form's first HTML", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/franchisees");
  const edit = page.getByRole("link", { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  const href = (await edit.getAttribute("href"))!;
  const html = await (await page.request.get(href)).text();
  await page.goto(href);
  await ready(page.getByRole("button", { name: /^Update/ }));
  // Whatever the franchisee holds (blank included), the first HTML already says it.
  for (const id of ["name", "start_time", "end_time"])
    await expect(page.locator(`#${id}`)).toHaveValue(valueIn(html, id) ?? "");
  expect(valueIn(html, "name")).not.toBe("");
});
