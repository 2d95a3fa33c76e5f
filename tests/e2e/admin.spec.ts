import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { LOGINS, confirmDelete, login, ready, searchList } from "./helpers";

/** Checks the success toast's text (the spec's success text) and closes it, as a user would. */
async function hurray(page: Page, text: string) {
  const toast = page.getByTestId("success-toast").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toBeHidden();
}

test("an ADMIN creates a position with two permissions and a user in it, finds, edits, deletes and restores the user", async ({
  page,
}) => {
  const stamp = Date.now();
  const position = `E2E WALKER ${stamp}`;
  const first = `Tara${stamp}`;

  await login(page, LOGINS.admin);

  // A position with two permissions, chosen under their modules.
  await page.goto("/positions");
  await page.getByRole("link", { name: /Add Position/ }).click();
  await expect(page).toHaveURL(/\/positions\/create$/);
  await ready(page.getByRole("button", { name: "Save Position" }));
  await page.getByLabel(/^Name/).fill(position);
  await page.getByLabel("users.list", { exact: true }).check();
  await page.getByLabel("users.view", { exact: true }).check();
  await page.getByRole("button", { name: "Save Position" }).click();
  await hurray(page, "Position created successfully.");
  await expect(page).toHaveURL(/\/positions$/);
  await searchList(page, position);
  await page
    .getByRole("row", { name: new RegExp(position) })
    .getByRole("link", { name: /edit/i })
    .click();
  await expect(page.getByLabel("users.list", { exact: true })).toBeChecked();
  await expect(page.getByLabel("users.view", { exact: true })).toBeChecked();
  await expect(page.getByLabel("users.delete", { exact: true })).not.toBeChecked();

  // A user in that position; a failed save keeps what was typed and shows the errors under the fields.
  await page.goto("/users/create");
  await ready(page.getByRole("button", { name: "Save User" }));
  await page.getByLabel(/^First Name/).fill(first);
  await page.getByLabel(/^Email/).fill("not-an-email");
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(page.getByText("The last name field is required.")).toBeVisible();
  await expect(page.getByText("The position field is required.")).toBeVisible();
  await expect(page.getByLabel(/^First Name/)).toHaveValue(first);
  await page.getByLabel(/^Last Name/).fill("Walker");
  await page.getByLabel(/^Email/).fill(`tara.${stamp}@e2e.test`);
  await page.getByLabel(/^Position/).click();
  await page.getByRole("option", { name: position }).click();
  await page.getByRole("button", { name: "Save User" }).click();
  await hurray(page, "User created successfully.");
  await expect(page).toHaveURL(/\/users$/);

  // Found by search, and by the position filter.
  await searchList(page, first);
  await expect(page.getByRole("row", { name: new RegExp(first) })).toContainText(position);
  await page.goto("/users");
  await ready(page.getByRole("button", { name: "Position filter" }));
  await page.getByRole("button", { name: "Position filter" }).click();
  await page.getByRole("menuitemcheckbox", { name: position }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/position_id=/);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and our user
  await expect(page.getByRole("row", { name: new RegExp(first) })).toBeVisible();

  // Edit: phone is required on edit.
  await page
    .getByRole("row", { name: new RegExp(first) })
    .getByRole("link", { name: /edit/i })
    .click();
  await expect(page.getByLabel(/^Last Name/)).toHaveValue("Walker");
  await page.getByLabel(/^Last Name/).fill("Walkies");
  await page.getByRole("button", { name: "Update User" }).click();
  await expect(page.getByText("The phone field is required.")).toBeVisible();
  await page.getByLabel(/^Phone/).fill("+91 98765 11111");
  await page.getByRole("button", { name: "Update User" }).click();
  await hurray(page, "User updated successfully.");
  await searchList(page, first);
  const row = page.getByRole("row", { name: new RegExp(first) });
  await expect(row).toContainText("Walkies");

  // Delete, find it in the trash view, restore.
  await confirmDelete(page, row);
  await hurray(page, "User deleted successfully.");
  await expect(page.getByText("No data found")).toBeVisible();
  await page.getByRole("link", { name: "Trash" }).click();
  await expect(page.getByRole("heading", { name: "Deleted Users" })).toBeVisible();
  await searchList(page, first);
  await page
    .getByRole("row", { name: new RegExp(first) })
    .getByRole("button", { name: /restore/i })
    .click();
  await hurray(page, "User restored successfully.");
  await page.goto(`/users?search_keyword=${first}`);
  await expect(page.getByRole("row", { name: new RegExp(first) })).toBeVisible();
});

test("an ADMIN bulk-uploads the sample file, previews it and processes it", async ({ page }, testInfo) => {
  await login(page, LOGINS.admin);
  await page.goto("/users");
  await page.getByRole("link", { name: /Upload Users/ }).click();
  await expect(page).toHaveURL(/\/users\/upload$/);
  await ready(page.getByRole("button", { name: "Upload" }));

  // The sample file, downloaded as a user would: the upload's columns and two rows that would pass.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download sample file/ }).click();
  const sample = testInfo.outputPath("users-sample.xlsx");
  await (await download).saveAs(sample);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(sample);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    "First Name",
    "Middle Name",
    "Last Name",
    "Email",
    "Phone",
    "Position",
    "Upline User",
  ]);
  expect(sheet.getCell("D2").text).toBe("riya.sharma@example.com");
  expect(sheet.getCell("D3").text).toBe("arjun.mehta@example.com");
  // Emails are logins, free only once: this run's own, so the suite can run again against the same server.
  const stamp = Date.now();
  const riya = `riya.${stamp}@e2e.test`;
  const arjun = `arjun.${stamp}@e2e.test`;
  sheet.getCell("D2").value = riya;
  sheet.getCell("D3").value = arjun;
  const file = testInfo.outputPath("users.xlsx");
  await book.xlsx.writeFile(file);

  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole("button", { name: "Upload" }).click();
  await hurray(
    page,
    "The file has been uploaded successfully. Now you can Preview the List & process accordingly.",
  );
  for (const email of [riya, arjun]) {
    await expect(page.getByRole("row", { name: email })).toContainText("OK");
  }

  await page.getByRole("button", { name: "Process" }).click();
  await hurray(page, "The file has been processed successfully. Now you can see your users in User's Tab.");
  await expect(page.getByText("No data found")).toBeVisible();

  await page.goto(`/users?search_keyword=${encodeURIComponent(riya)}`);
  await expect(page.getByRole("row", { name: riya })).toBeVisible();
  // The uploader is told: the bell counts it until the notifications are opened, where it is the newest, new.
  await expect(page.getByTestId("notification-badge")).toBeVisible();
  await page.goto("/notifications");
  const newest = page.getByTestId("notification").first();
  await expect(newest).toContainText("New");
  await expect(newest).toContainText("Bulk upload processed");
  await expect(newest).toContainText("2 users were created.");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
});
