import { expect, test, type Response } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Issue 23 on the homes (issue 25's chart): the comparison chart comes drawn in the page's HTML, and recharts' code
// (one ~380 ms task to load and draw) is fetched only when a pointer comes over the chart, never while the page is
// being read.

const CHART = 'figure[aria-label="Plan revenue and refunds per franchisee"]';
// recharts' own class names: a script holding them is recharts' code.
const isRecharts = async (r: Response) =>
  r.request().resourceType() === "script" && /recharts-surface/.test(await r.text().catch(() => ""));

test("the admin's home draws its chart without recharts, and loads recharts for the tooltip on hover", async ({
  page,
}) => {
  const scripts: Promise<boolean>[] = [];
  page.on("response", (r) => scripts.push(isRecharts(r)));
  await login(page, LOGINS.admin);
  await expect(page).toHaveURL(/\/home$/);

  // The server's HTML carries the bars.
  const html = await (await page.request.get("/home")).text();
  expect(/data-chart="svg"[^]*?<rect/.test(html), "the chart's bars in the server's HTML").toBe(true);

  const chart = page.locator(CHART);
  await ready(page.getByRole("heading", { name: /^Hello/ }));
  await expect(chart).toBeVisible();
  const bars = chart.locator("rect");
  expect(await bars.count()).toBeGreaterThan(2);
  await expect(chart.locator("title").first()).toHaveText(/: ₹/);
  // Read for a while (the former chart loaded recharts once idle): no recharts code yet.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(2500);
  expect((await Promise.all(scripts)).some(Boolean)).toBe(false);
  await expect(page.locator(".recharts-wrapper")).toHaveCount(0);

  // A pointer over it: recharts replaces the drawing, and its tooltip names the series.
  await ready(page.locator("[data-chart-ready]").first());
  await chart.hover();
  await expect(page.locator("[data-chart-ready=recharts]").first()).toBeVisible();
  const drawn = page.locator(`${CHART} .recharts-wrapper`);
  await expect(drawn).toBeVisible();
  expect((await Promise.all(scripts)).some(Boolean)).toBe(true);
  const box = (await drawn.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await expect(page.locator(".recharts-tooltip-wrapper")).toContainText("Plan revenue");
});
