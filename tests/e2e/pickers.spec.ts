import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Issue 23: pickers over tables that grow search on the server as you type (the page ships no list of options), a
// chosen filter value is named on first paint, and the walk calendar loads a day's walks when the day is opened.

const AXE = path.join(process.cwd(), "node_modules/axe-core/axe.min.js");

/** The serious and critical axe violations of the page as it is now, one line per rule. */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe;
    return (await axe.run({ resultTypes: ["violations"] })) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the users list's franchisee filter searches as you type, and names its choice on first paint", async ({
  page,
}) => {
  await login(page, LOGINS.admin);
  await page.goto("/users");
  const html = await (await page.request.get("/users")).text();
  // No franchisee list in the page: at most the filter's trigger.
  expect(html.match(/role="option"/g) ?? []).toHaveLength(0);
  const filter = page.getByRole("combobox", { name: "Franchisee" });
  await ready(filter);
  await filter.click();
  const search = page.getByRole("combobox", { name: "Search Franchisee" });
  await expect(search).toBeFocused();
  await search.fill("andh");
  const option = page.getByRole("option", { name: /Happy Paws Andheri/ });
  await expect(option).toBeVisible();
  // The search has settled (the typed text is sent after a pause): "All" is offered only while not searching, and an
  // Enter before that would pick from the unsearched list.
  await expect(page.getByRole("option", { name: /^All/ })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);
  // Keyboard: down to the match, Enter picks it (the first choice is "All (Franchisee)" only while not searching).
  await search.press("Enter");
  await expect(page).toHaveURL(/franchisee_id=/);
  await expect(page.getByRole("button", { name: "Remove filter Franchisee" })).toBeVisible();
  // A fresh load names the chosen franchisee from the server.
  const url = page.url();
  const fresh = await (await page.request.get(url)).text();
  expect(fresh).toContain("Happy Paws Andheri");
  await page.goto(url);
  await expect(page.getByRole("combobox", { name: "Franchisee" })).toHaveText(/Happy Paws Andheri/);
});

test("the daily plan form's customer is searched and chosen like a user would", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/daily-job-plans/create");
  const customer = page.getByRole("combobox", { name: /^Customer/ });
  await ready(customer);
  await customer.click();
  const first = page.getByRole("option").first();
  await expect(first).toBeVisible();
  const label = (await first.textContent())!.trim();
  const word = label.split(" ")[0];
  const search = page.getByRole("combobox", { name: /^Search/ });
  await search.fill(word);
  await expect(page.getByRole("option", { name: new RegExp(word) }).first()).toBeVisible();
  await page.getByRole("option", { name: label }).first().click();
  await expect(customer).toHaveText(label);
  // At 375 px the picker stays inside the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await customer.click();
  const box = await page.getByRole("listbox").boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 376).toBe(true);
  await page.keyboard.press("Escape");
  expect(await axeProblems(page)).toEqual([]);
});

test("the walk calendar sends counts per day and loads a day's walks when it is opened", async ({ page }) => {
  await login(page, LOGINS.admin);
  const res = await page.request.get("/walk-calendar");
  const html = await res.text();
  expect(html.length).toBeLessThan(300_000);
  await page.goto("/walk-calendar");
  const day = page
    .getByRole("list", { name: /^Days of/ })
    .getByRole("button")
    .nth(10);
  await ready(day);
  await day.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Loading the day…")).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "Open the day's daily job plans" })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.keyboard.press("Escape");
  // The franchisee filter is a searched picker too.
  const franchisee = page.getByRole("combobox", { name: "Franchisee" });
  await franchisee.click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("andh");
  await page.getByRole("option", { name: /Happy Paws Andheri/ }).click();
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/franchisee_id=/);
  await expect(page.getByRole("combobox", { name: "Franchisee" })).toHaveText(/Happy Paws Andheri/);
  expect(await axeProblems(page)).toEqual([]);
});
