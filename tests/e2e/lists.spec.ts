import { expect, test, type Page } from "@playwright/test";
import { LOGINS, login, ready, searchList } from "./helpers";

/** The list's table: its scroll box is a region named by the list's title. */
const listBox = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

// One ADMIN session for the whole file (logins are throttled), so the tests run in order.
test.describe.configure({ mode: "serial" });

test.describe("the users list", () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await login(page, LOGINS.admin);
  });
  test.afterAll(async () => page.close());
  test.beforeEach(async () => page.setViewportSize({ width: 1366, height: 768 }));

  test("fits a 1366x768 screen: Franchisee, KYC and Action in view, the page never scrolls sideways", async () => {
    // The seed's users (other tests add rows with very long names, which scroll sideways as they should).
    await page.goto("/users?search_keyword=happypaws.test");
    const box = listBox(page, "Users");
    await ready(box);
    for (const name of ["Franchisee", "KYC", "Action"])
      await expect(page.getByRole("columnheader", { name, exact: true })).toBeInViewport({ ratio: 1 });
    await expect(box.getByRole("link", { name: /^Edit / }).first()).toBeInViewport({ ratio: 1 });
    const fit = await page.evaluate(() => {
      const el = document.querySelector('[role="region"][data-slot="table-container"]')!;
      return {
        pageWidth: document.documentElement.scrollWidth,
        width: innerWidth,
        // The box's own horizontal scrollbar sits at its bottom edge: on screen without scrolling the page.
        boxBottom: el.getBoundingClientRect().bottom,
        height: innerHeight,
      };
    });
    expect(fit.pageWidth).toBeLessThanOrEqual(fit.width);
    expect(fit.boxBottom).toBeLessThanOrEqual(fit.height);
  });

  test("on a phone every row is a card: its title, status, card fields and actions in view, the rest behind Details", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/users");
    const box = listBox(page, "Users");
    await ready(box);
    await expect(box).toHaveAttribute("data-fit", "phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    // Every card shows the fields its table declares (data-card-cols: their places).
    const shown = await box.evaluate((el) => {
      const t = el.querySelector("table")!;
      const places = t.dataset.cardCols!.split(" ").map(Number);
      return [...t.querySelectorAll("tbody > tr.dt-tr")].map(
        (tr) => places.filter((p) => (tr.children[p - 1] as HTMLElement).checkVisibility()).length,
      );
    });
    const declared = Number(await box.locator("table").getAttribute("data-card-fields"));
    expect(declared).toBeGreaterThanOrEqual(3);
    expect(shown.every((n) => n === declared)).toBe(true);
    await expect(box.getByRole("button", { name: /^Delete / }).first()).toBeInViewport();
    // The other columns open in place under the card.
    const details = box.getByRole("button", { name: "Details, row 1", exact: true });
    await details.click();
    await expect(details).toHaveAttribute("aria-expanded", "true");
    await expect(box.locator(".dt-detail dt", { hasText: "Email" }).first()).toBeVisible();
  });

  test("shows active filters as chips; a chip removes its filter and Clear all clears search and filters, keeping the page size", async () => {
    await page.goto("/users?rowsPerPage=15");
    const status = page.getByRole("combobox", { name: "Status", exact: true });
    await ready(status);
    await status.click();
    await page.getByRole("option", { name: "ACTIVE", exact: true }).click();
    await expect(page).toHaveURL(/is_active=1/);
    const chips = page.getByRole("list", { name: "Filtered by" });
    await expect(chips.getByRole("listitem")).toHaveText(["Status: ACTIVE"]);

    await searchList(page, "a");
    await expect(chips.getByRole("listitem")).toHaveText(["Search: a", "Status: ACTIVE"]);
    await chips.getByRole("button", { name: "Remove filter Status" }).click();
    await expect(page).not.toHaveURL(/is_active=/);
    await expect(chips.getByRole("listitem")).toHaveText(["Search: a"]);
    // Focus moves to the next chip left, not lost with the removed one.
    await expect(chips.getByRole("button", { name: "Remove filter Search" })).toBeFocused();

    await status.click();
    await page.getByRole("option", { name: "INACTIVE", exact: true }).click();
    await expect(chips.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(page).not.toHaveURL(/search_keyword=|is_active=/);
    await expect(page).toHaveURL(/rowsPerPage=15/);
    await expect(chips).toHaveCount(0);
    // The search box is empty again and has the focus.
    await expect(page.getByRole("searchbox")).toHaveValue("");
    await expect(page.getByRole("searchbox")).toBeFocused();
  });

  test("a header sorts the list, shows it with aria-sort, and the URL keeps it", async () => {
    await page.goto("/users");
    const header = page.getByRole("columnheader", { name: "Name" });
    const button = header.getByRole("button", { name: "Name" });
    await ready(button);
    await expect(header).toHaveAttribute("aria-sort", "none");
    // Unsortable columns carry no sort state.
    await expect(page.getByRole("columnheader", { name: "Phone" })).not.toHaveAttribute("aria-sort");

    const firstName = () => page.getByRole("row").nth(1).getByRole("cell").nth(2).innerText();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    // The header stays the same element: focus is still on it for the next press.
    await expect(button).toBeFocused();
    const ascending = await firstName();

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect.poll(firstName).not.toBe(ascending);

    await page.reload();
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  });

  test("the title and toolbar go out before the rows: the table streams in after its outline", async () => {
    const html = await (await page.request.get("/users")).text();
    const title = html.indexOf(">Users</h1>");
    const outline = html.indexOf('data-testid="table-outline"');
    const rows = html.indexOf("<tbody");
    expect(title).toBeGreaterThan(-1);
    expect(outline).toBeGreaterThan(title);
    expect(rows).toBeGreaterThan(outline);
  });

  test("a row's icon buttons show their tooltip on hover and on keyboard focus (one tooltip for the table)", async () => {
    await page.goto("/users");
    const box = listBox(page, "Users");
    const edit = box.getByRole("link", { name: /^Edit / }).first();
    await ready(edit);
    await edit.hover();
    const tip = page.locator(".dt-tip");
    await expect(tip).toBeVisible();
    await expect(tip).toHaveText("Edit");
    // Above the button, not clipped by the scroll box.
    const [t, b] = [await tip.boundingBox(), await edit.boundingBox()];
    expect(t!.y + t!.height).toBeLessThanOrEqual(b!.y);
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    await edit.focus();
    await page.keyboard.press("Tab");
    await expect(box.getByRole("button", { name: /^Delete / }).first()).toBeFocused();
    await expect(tip).toHaveText("Delete");
    await page.keyboard.press("Escape");
    await expect(tip).toBeHidden();
  });

  test("a row's delete asks by the record's name, says it goes to the trash, and gives focus back on No", async () => {
    await page.goto("/users");
    const remove = listBox(page, "Users")
      .getByRole("button", { name: /^Delete / })
      .first();
    await ready(remove);
    const name = (await remove.getAttribute("aria-label"))!.replace(/^Delete /, "");
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "Are you sure you want to delete this? It moves to the trash, from where it can be restored.",
    );
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
  });
});
