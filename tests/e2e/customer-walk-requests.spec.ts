import { expect, test } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// The customer walk requests' details dialog (spec 002 §2) is the list's URL with request=<id>: View Details opens
// it, the inbox's "Open the record" (and a notification's link) lands on it, closing it leaves the list. The rows'
// and the small screen's cards' actions are the kernel's (View Details, Delete with its confirmation). No decision
// is taken here: the seed's pending requests stay for the inbox's tests. The file's name puts it before inbox.spec and
// jobs.spec (files run in name order, one worker), which decide the seed's pending requests.

test("View Details opens the request's dialog from its URL, with its decisions; closing it keeps the list", async ({
  page,
}) => {
  await login(page, LOGINS.admin);
  await page.goto("/customer-walk-requests?status=pending");
  const view = page.getByRole("link", { name: /^View Details: Reschedule request of / }).first();
  await ready(view);
  await view.click();
  await expect(page).toHaveURL(/[?&]status=pending&request=[\w-]{22}$/);
  const dialog = page.getByRole("dialog", { name: "Request Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText(
    /^Reschedule quota: \d+ of \d+ used \(\d+ remaining\)$/,
  );
  await expect(dialog.getByRole("button", { name: /^Approve Reschedule request of / })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Reject Reschedule request of / })).toBeVisible();
  // The URL alone opens it (a reload, a shared link).
  const url = page.url();
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Request Details" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/customer-walk-requests\?status=pending$/);
  expect(url).toContain("request=");
});

test("the inbox's 'Open the record' of a walk request shows that request's details", async ({ page }) => {
  await login(page, LOGINS.admin);
  await page.goto("/approvals?kind=customer_walk_requests");
  const item = page.getByTestId("inbox-item").first();
  await ready(item);
  await item.click();
  const open = page.getByRole("link", { name: "Open the record" });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute("href"))!;
  expect(href).toMatch(/^\/customer-walk-requests\?status=pending&request=[\w-]{22}$/);
  await page.goto(href);
  const dialog = page.getByRole("dialog", { name: "Request Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Reschedule quota: /)).toBeVisible();
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a card carries the kernel's actions: View Details, and Delete with the spec's confirmation", async ({
    page,
  }) => {
    await login(page, LOGINS.admin);
    await page.goto("/customer-walk-requests?status=pending");
    const cards = page.getByRole("list", { name: "Requests" });
    const card = cards.getByRole("listitem").first();
    await ready(card.getByRole("link", { name: /^View Details: / }));
    await card.getByRole("button", { name: /^Delete / }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByText("Are you sure you want to delete this request?")).toBeVisible();
    await confirm.getByRole("button", { name: "No" }).click();
    await expect(confirm).toHaveCount(0);
    await card.getByRole("link", { name: /^View Details: / }).click();
    await expect(page.getByRole("dialog", { name: "Request Details" })).toBeVisible();
  });
});
