import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Issue 9, as a new admin would: an outlet, a PJP reference visiting two outlets, next month's PJPs copied from the
// references, found in the PJP list under that month, one of them edited.

/** Picks an option of a labelled dropdown (a radix select); the first option of that name when names repeat. */
async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).first().click();
}

/** The month after today's, in India, as YYYY-MM. */
function nextMonth(): string {
  const [y, m] = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" }).split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** ISO-8601 week number of a calendar date (the test's own arithmetic, not the portal's). */
function isoWeek(y: number, m: number, d: number): number {
  const t = new Date(Date.UTC(y, m - 1, d));
  const thursday = new Date(t);
  thursday.setUTCDate(t.getUTCDate() + 3 - ((t.getUTCDay() + 6) % 7));
  const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  return (
    1 +
    Math.round(
      (thursday.getTime() - jan4.getTime()) / 86_400_000 / 7 - (3 - ((jan4.getUTCDay() + 6) % 7)) / 7,
    )
  );
}

/** The Mondays of a month in EVEN ISO weeks, as DD-MM-YYYY (how the list shows dates). */
function evenMondays(month: string): string[] {
  const [y, m] = month.split("-").map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const out: string[] = [];
  for (let d = 1; d <= days; d++) {
    if (new Date(Date.UTC(y, m - 1, d)).getUTCDay() !== 1 || isoWeek(y, m, d) % 2 !== 0) continue;
    out.push(`${String(d).padStart(2, "0")}-${String(m).padStart(2, "0")}-${y}`);
  }
  return out;
}

test("an admin creates an outlet and a PJP reference with two outlets, copies next month's PJPs from it, finds and edits one", async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const outlet = `E2E Outlet ${stamp}`;
  const round = `E2E Round ${stamp}`;
  const month = nextMonth();
  const expected = evenMondays(month);
  await login(page, LOGINS.admin);

  // 1. The outlet.
  await page.goto("/outlets/create");
  await ready(page.getByRole("button", { name: "Save Outlet" }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Outlet");
  await page.getByLabel(/^Name/).fill(outlet);
  await page.getByLabel(/^Brand/).fill("E2E Pets");
  await page.getByRole("button", { name: "Save Outlet" }).click();
  await expect(page).toHaveURL(/\/outlets(\?|$)/);

  // 2. The reference: Mondays of EVEN weeks, the new outlet and a demo outlet.
  await page.goto("/pjp-references/create");
  await ready(page.getByRole("button", { name: "Save Pjp Reference" }));
  await page.getByLabel(/^Name/).fill(round);
  await page.getByLabel(/^Location/).fill("Andheri West");
  await page.getByRole("combobox", { name: /^User/ }).click();
  const user = (await page.getByRole("option").first().textContent())!.trim();
  await page.getByRole("option").first().click();
  await choose(page, /^Day/, "Monday");
  await choose(page, /^Week/, "EVEN");
  await expect(page.getByText(/ISO week/).first()).toBeVisible();
  await choose(page, /^Outlet 1/, outlet);
  await page.getByRole("button", { name: "Add Outlet" }).click();
  await choose(page, /^Outlet 2/, "Pet Stop Andheri");
  await page.screenshot({ path: testInfo.outputPath("pjp-reference-form.png"), fullPage: true });
  await page.getByRole("button", { name: "Save Pjp Reference" }).click();
  await expect(page).toHaveURL(/\/pjp-references(\?|$)/);

  // 3. Copy next month's PJPs from the user's references; the screen says how many it made and returns to /pjps.
  await page.goto("/pjps/copy-pjp-references");
  await ready(page.getByRole("button", { name: "Copy Pjp" }));
  await choose(page, /^User/, user);
  await page.getByLabel(/^for Month/).fill(month);
  await page.getByRole("button", { name: "Copy Pjp" }).click();
  await expect(page.getByTestId("success-toast")).toContainText(/\d+ PJPs? created/);
  await expect(page).toHaveURL(new RegExp(`/pjps\\?month_year=${month}`));

  // 4. The list under that month holds one PJP of the round on each Monday of an EVEN week.
  await page.goto(`/pjps?month_year=${month}&search_keyword=${encodeURIComponent(round)}`);
  const rows = page.getByRole("row").filter({ hasText: round });
  await expect(rows).toHaveCount(expected.length);
  for (const date of expected) await expect(rows.filter({ hasText: date })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("pjps-next-month.png"), fullPage: true });

  // 5. Edit one: a description and the visit switch; the list shows the change.
  await rows.first().getByRole("link", { name: /edit/i }).click();
  await ready(page.getByRole("button", { name: "Update Pjp" }));
  await expect(page.getByRole("combobox", { name: /^Outlet 2/ })).toContainText("Pet Stop Andheri");
  await page.getByLabel(/^Description/).fill("Visited with the new brochure");
  await page.getByRole("switch", { name: "Is outlet visited" }).click();
  await page.getByRole("button", { name: "Update Pjp" }).click();
  await expect(page).toHaveURL(/\/pjps(\?|$)/);
  await page.goto(`/pjps?month_year=${month}&search_keyword=${encodeURIComponent(round)}`);
  await expect(page.getByRole("row").filter({ hasText: "Visited with the new brochure" })).toHaveCount(1);
});
