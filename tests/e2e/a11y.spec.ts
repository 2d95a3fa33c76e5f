import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Issue 7: every page of every role's menu has no serious or critical axe-core violation, and at 375 px no page
// scrolls sideways (a wide table scrolls inside its own box). Issue 26, on the same walk: every date on screen reads
// DD-MM-YYYY (spec 000 §9) and no date field is the browser's own (it shows the browser's locale, 12/10/2026). One
// login per role; the page is reused throughout.

const AXE = path.join(process.cwd(), "node_modules/axe-core/axe.min.js");
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

type AxeNode = { target: unknown[] };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Runs axe over the page as it is now; the serious and critical violations, one line per rule. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<unknown> } }).axe;
    // The dev server's own overlay (next dev only) is not the portal's.
    const context = { include: [document], exclude: [["nextjs-portal"]] };
    // label-content-name-mismatch is experimental in axe (Lighthouse runs it): a control's name holds its text.
    const options = {
      resultTypes: ["violations"],
      rules: { "label-content-name-mismatch": { enabled: true } },
    };
    const r = (await axe.run(context, options)) as { violations: AxeViolation[] };
    return r.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${where}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
          .slice(0, 5)
          .map((n) => JSON.stringify(n.target))
          .join(", ")}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ""}`,
    );
}

/** Waits for a screen to have settled: its content shown, no loading outline, the open animations done. */
async function settle(page: Page) {
  await expect(page.locator("main > :not(template)").first()).toBeVisible();
  await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
}

/** Opens a page; it may still redirect once its stream arrives (a SUPER ADMIN's home goes to the companies list). */
async function visit(page: Page, href: string) {
  await page.goto(href);
  await page.waitForLoadState("networkidle");
  await settle(page);
}

/** A page must not scroll sideways at phone width (a table scrolls within its own box). */
async function overflows(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  return scrollWidth <= innerWidth
    ? []
    : [`${where}: scrolls sideways at ${innerWidth} px (${scrollWidth} px wide)`];
}

const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?";
/** Dates written any other way than DD-MM-YYYY: ISO, slashed, or with a month's name and a day. */
const OTHER_DATES = [
  String.raw`\b\d{4}-\d{2}-\d{2}\b`,
  String.raw`\b\d{1,2}/\d{1,2}/\d{2,4}\b`,
  String.raw`\b\d{1,2}(?:st|nd|rd|th)? ${MONTH},? \d{4}\b`,
  String.raw`\b${MONTH} \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b`,
];

/** The page's dates that do not read DD-MM-YYYY, and any native date field (it shows the browser's locale). */
async function dateProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate((patterns) => {
    const main = document.querySelector("main");
    if (!main) return [];
    const text = main.innerText;
    const bad = patterns.flatMap((p) => text.match(new RegExp(p, "g")) ?? []);
    const native = main.querySelectorAll('input[type="date"], input[type="datetime-local"]').length;
    return [...new Set(bad)].slice(0, 5).concat(native ? [`${native} native date field(s)`] : []);
  }, OTHER_DATES);
  return found.map((f) => `${where}: a date not in DD-MM-YYYY: ${f}`);
}

/**
 * Issue 26's fit: with the default columns (a fresh context: no saved column choice), no list's table is wider than
 * its box on a laptop, and on a phone every row's card shows the fields its list declares (components/data-table:
 * the box's data-fit says who laid it out, the table's data-card-cols the card cells' places).
 */
async function fitProblems(page: Page, where: string, phone: boolean): Promise<string[]> {
  const boxes = page.locator("[data-fit]:not([data-custom])");
  // The browser's own measure replaces the server's first guess once the page has hydrated (and follows a resize).
  const laidOut = phone ? "phone" : "js";
  await expect
    .poll(() =>
      boxes.evaluateAll(
        (els, want) => els.filter((e) => e.checkVisibility() && e.getAttribute("data-fit") !== want).length,
        laidOut,
      ),
    )
    .toBe(0);
  const found = await boxes.evaluateAll((els, phone) => {
    const out: string[] = [];
    for (const box of els) {
      if (!box.checkVisibility()) continue;
      const table = box.querySelector("table");
      if (!table) continue;
      const name = box.getAttribute("aria-label") ?? "a list";
      if (!phone) {
        if (table.scrollWidth > box.clientWidth + 1)
          out.push(`${name}'s table is ${table.scrollWidth} px wide in a ${box.clientWidth} px box`);
        continue;
      }
      const places = (table.getAttribute("data-card-cols") ?? "").split(" ").filter(Boolean).map(Number);
      const wanted = Number(table.getAttribute("data-card-fields") ?? places.length);
      table.querySelectorAll("tbody > tr.dt-tr").forEach((tr, i) => {
        const shown = places.filter((n) => tr.children[n - 1]?.checkVisibility()).length;
        if (shown < wanted) out.push(`${name}, row ${i + 1}: its card shows ${shown} of ${wanted} fields`);
      });
    }
    return out.slice(0, 5);
  }, phone);
  return found.map((f) => `${where}: ${f}`);
}

/** Opens a page and checks it at desktop width (axe) and at phone width (axe and sideways scrolling). */
async function checkPage(page: Page, href: string): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  await visit(page, href);
  const problems = await axeProblems(page, href);
  problems.push(...(await dateProblems(page, href)), ...(await fitProblems(page, href, false)));
  await page.setViewportSize(PHONE);
  await settle(page);
  problems.push(...(await fitProblems(page, `${href} @375`, true)));
  problems.push(...(await overflows(page, `${href} @375`)), ...(await axeProblems(page, `${href} @375`)));
  return problems;
}

/** The drawer's links (groups included, open or not), in menu order. */
async function menuHrefs(page: Page): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  const nav = page.getByRole("navigation", { name: "Main menu" });
  await expect(nav).toBeVisible();
  return nav.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
}

/** The signed-in user's own profile, from the account menu (axe-checked while the menu is open). */
async function profileHref(page: Page, problems: string[]): Promise<string> {
  await page.setViewportSize(DESKTOP);
  const account = page.getByRole("button", { name: /account menu/i });
  await ready(account);
  await account.click();
  const item = page.getByRole("menuitem", { name: "My Profile" });
  await expect(item).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  problems.push(...(await axeProblems(page, "account menu")));
  const href = (await item.getAttribute("href")) ?? "";
  await page.keyboard.press("Escape");
  await expect(item).toHaveCount(0);
  return href;
}

/** A list's create form (unless the role may not create there) and the edit form of its first row. */
async function formHrefs(page: Page, list: string, create: boolean): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  await visit(page, list);
  const add = page.getByRole("link", { name: /^Add / });
  // A row's link reads View where the role may only view (issue 26).
  const edit = page
    .getByRole("row")
    .getByRole("link", { name: /^(Edit|View) / })
    .first();
  const hrefs = [(await edit.getAttribute("href")) ?? ""];
  if (create) hrefs.push((await add.first().getAttribute("href")) ?? "");
  else await expect(add).toHaveCount(0);
  expect(hrefs.every(Boolean), `${list} has an Add link and rows with an Edit link`).toBe(true);
  return hrefs;
}

/** The mobile menu sheet, opened from the top bar at phone width. */
async function checkMobileMenu(page: Page): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await visit(page, "/home");
  const open = page.getByRole("button", { name: "Open menu" });
  await ready(open);
  await open.click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  const problems = await axeProblems(page, "mobile menu @375");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  return problems;
}

/**
 * Pages an admin-like role has checked in this run. A SUPER ADMIN or a BACKEND ADMIN acting for a company sees the
 * ADMIN's screens (the same permissions, the same components): they check only what the ADMIN's walk did not.
 * Run alone, a role checks every page of its menu.
 */
const checkedByAdmins = new Set<string>();

/** Every menu page of the signed-in role, its profile and notifications, a create and an edit form (from `list`). */
async function checkRole(
  page: Page,
  list: string,
  { create = true, problems = [] as string[], adminLike = false } = {},
) {
  const hrefs = await menuHrefs(page);
  const profile = await profileHref(page, problems);
  const forms = await formHrefs(page, list, create);
  const all = [...new Set(["/home", ...hrefs, profile, "/notifications", ...forms])];
  const pages = adminLike ? all.filter((href) => !checkedByAdmins.has(href)) : all;
  for (const href of pages) {
    problems.push(...(await checkPage(page, href)));
    if (adminLike) checkedByAdmins.add(href);
  }
  problems.push(...(await checkMobileMenu(page)));
  expect(problems, `accessibility problems on ${pages.length} pages`).toEqual([]);
}

test.describe("accessibility of every menu page", () => {
  test.setTimeout(600_000);

  test("ADMIN", async ({ page }) => {
    await login(page, LOGINS.admin);
    await checkRole(page, "/users", { adminLike: true });
  });

  test("SUPER ADMIN", async ({ page }) => {
    await login(page, LOGINS.super);
    await checkRole(page, "/companies", { adminLike: true });
  });

  test("BACKEND ADMIN, before and after choosing a company", async ({ page }) => {
    await login(page, LOGINS.backend);
    // Before: company-owned screens ask for a company; the picker itself is checked while open.
    const before = await checkPage(page, "/users");
    await page.setViewportSize(DESKTOP);
    const toAdmin = page.getByRole("switch", { name: "Switch to Admin for a company" });
    await ready(toAdmin);
    await toAdmin.click();
    const picker = page.getByTestId("company-picker");
    await expect(picker.getByRole("button", { name: "Select Happy Paws Pvt Ltd" })).toBeVisible();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
    before.push(...(await axeProblems(page, "company picker")));
    await picker.getByRole("button", { name: "Select Happy Paws Pvt Ltd" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await checkRole(page, "/positions", { problems: before, adminLike: true });
  });

  test("MASTER FRANCHISEE", async ({ page }) => {
    await login(page, LOGINS.master);
    // Sees and edits its franchisees' staff, but does not add staff.
    await checkRole(page, "/franchisee-staffs", { create: false });
  });

  test("FRANCHISEE ADMIN", async ({ page }) => {
    await login(page, LOGINS.franchisee);
    await checkRole(page, "/franchisee-staffs");
  });
});

test("keyboard: the skip link comes first, chips are no tab stops, the menu gives focus back", async ({
  page,
}) => {
  await login(page, LOGINS.admin);
  await page.setViewportSize(DESKTOP);
  await visit(page, "/users");
  await ready(page.getByRole("link", { name: "Skip to content" }));

  // The first Tab shows the skip link; following it puts the focus on the page's content, past the drawer.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.width).toBeGreaterThan(50);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("main :focus")).toHaveCount(1);

  // The status chips only show a tooltip: they are not tab stops.
  const chips = page.getByRole("cell").getByText(/^(Active|Inactive)$/);
  await expect(chips.first()).toBeVisible();
  expect(await chips.evaluateAll((els) => els.filter((e) => (e as HTMLElement).tabIndex >= 0).length)).toBe(
    0,
  );

  // The drawer runs the full height of a long page, wherever it is scrolled to.
  await page.setViewportSize({ width: 1366, height: 400 });
  await visit(page, "/home");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const drawer = await page.locator("aside").evaluate((el) => el.getBoundingClientRect().toJSON());
  expect(drawer).toMatchObject({ top: 0, height: 400 });

  // The phone menu, closed with Escape, gives the focus back to the button that opened it.
  await page.setViewportSize(PHONE);
  const open = page.getByRole("button", { name: "Open menu" });
  await open.click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(open).toBeFocused();
});
