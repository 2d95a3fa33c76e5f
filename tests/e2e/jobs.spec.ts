import { expect, test, type APIRequestContext } from "@playwright/test";
import { LOGINS, PASSWORD, login, ready, searchList } from "./helpers";

// Issue 11, as people would do it: a customer asks for walks from the app; the FRANCHISEE ADMIN approves the request
// with a walker and opens its daily plans; the walker asks for a day off from the app; the franchisee admin approves
// it with a replacement and sees the day's walks moved; the customer asks to reschedule a walk, and the ADMIN
// approves it and sees the walk on its new date.

/** A date `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of next month in India; each run takes its own stretch of it (runs may share one server). */
function firstOfNextMonth(): string {
  const [y, m] = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" }).split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

const ddmmyyyy = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;

async function tokenOf(request: APIRequestContext, email: string, web: boolean) {
  const r = await request.post("/api/login", { data: { email, password: PASSWORD, is_web: web } });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { token: string }).token;
}

async function getJson<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const r = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status(), url).toBe(200);
  const j = (await r.json()) as { data?: T } & T;
  return (j.data ?? j) as T;
}

async function postJson<T>(
  request: APIRequestContext,
  url: string,
  token: string,
  data: unknown,
): Promise<T> {
  const r = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
  const j = (await r.json()) as { data?: T } & T;
  return (j.data ?? j) as T;
}

type Masters = {
  customers: { id: number; user_name: string }[];
  walkers: { id: number; user_name: string }[];
  plans: { id: number; name: string; no_of_dogs: number; no_of_walks: number }[];
  franchisees: { id: number; name: string }[];
  pets?: { id: number; name: string }[];
  addresses?: { id: number; address: string }[];
};
type PlanRow = {
  id: number;
  date: string;
  walks: { id: number; timeslot: string; walker_id?: number | null; walker?: string | null }[];
};

test("a month of walks: approved with a walker, a day's leave covered, a reschedule approved", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const run = Date.now();
  const start = addDays(firstOfNextMonth(), run % 12);
  const end = addDays(start, 9);
  const leaveDay = addDays(start, 3);
  const rescheduleFrom = addDays(start, 5);
  const rescheduleTo = addDays(start, 8);

  // The customer (a demo customer with a pet and an address) asks for ten days of walks at Happy Paws Andheri.
  const admin = await tokenOf(request, LOGINS.admin, true);
  const base = "/api/masters?context=user_monthly_job_requests";
  const masters = await getJson<Masters>(request, base, admin);
  const andheri = masters.franchisees.find((f) => /Andheri/.test(f.name))!;
  const plan = masters.plans.find((p) => p.no_of_dogs === 1 && p.no_of_walks === 1)!;
  let customer: { id: number; user_name: string } | undefined;
  let mine: Masters = masters;
  for (const c of masters.customers) {
    mine = await getJson<Masters>(request, `${base}&user_id=${c.id}`, admin);
    if (mine.pets?.length && mine.addresses?.length) {
      customer = c;
      break;
    }
  }
  expect(customer).toBeTruthy();
  const { email } = await getJson<{ email: string }>(request, `/api/users/${customer!.id}`, admin);
  const customerToken = await tokenOf(request, email, false);
  const made = await postJson<{ id: number }>(request, "/api/user_monthly_job_requests", customerToken, {
    user_address_id: mine.addresses![0].id,
    user_pet_ids: [mine.pets![0].id],
    plan_id: plan.id,
    start_date: start,
    end_date: end,
    franchisee_id: andheri.id,
  });
  expect(made.id).toBeGreaterThan(0);

  // 1. The franchisee admin approves it with a walker and a timeslot, then opens its daily plans.
  await login(page, LOGINS.franchisee);
  await page.goto("/user-monthly-job-requests");
  await searchList(page, customer!.user_name);
  const row = page
    .getByRole("row")
    .filter({ hasText: ddmmyyyy(start) })
    .first();
  // From the list (issue 25): Approve asks the spec's question, with the walker (their walks that day) and the
  // timeslot inside it; the row updates in place with the success message.
  await row.getByRole("button", { name: /^Approve/ }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure to Approve/Reject?" });
  await expect(confirm).toBeVisible();
  const option = confirm
    .locator("label")
    .filter({ has: page.getByRole("radio") })
    .first();
  await expect(option).toBeVisible();
  // Each walker with their walks that day ("No walks that day", or "2 walks that day: 07:00, 09:30").
  const times = (await option.locator("span span").textContent())!;
  expect(times).toMatch(/No walks that day|\d+ walks? that day: /);
  const walkerName = (await option.textContent())!.replace(times, "").trim();
  await option.getByRole("radio").check();
  await confirm
    .getByLabel(/^Timeslot/)
    .first()
    .fill("07:30");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Request approved successfully.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/user-monthly-job-requests(\?|$)/);
  const approved = page
    .getByRole("row")
    .filter({ hasText: ddmmyyyy(start) })
    .first();
  await expect(approved.getByText("Franchisee: APPROVED")).toBeVisible();
  await approved.getByRole("link", { name: /View Daily Plan/ }).click();
  await expect(page).toHaveURL(/\/daily-job-plans\?.*user_monthly_job_request_id=/);
  // Ten days, one plan each, walked by the chosen walker at 07:30.
  await expect(page.getByText(ddmmyyyy(start)).first()).toBeVisible();
  await expect(page.getByText(ddmmyyyy(end)).first()).toBeVisible();
  await expect(page.getByText(walkerName).first()).toBeVisible();

  const plans = await getJson<PlanRow[]>(
    request,
    `/api/daily_job_plans?user_monthly_job_request_id=${made.id}&rowsPerPage=50`,
    admin,
  );
  expect(plans).toHaveLength(10);

  // 2. The walker asks for the fourth day off; the franchisee admin approves it with a replacement.
  const walker = masters.walkers.find((w) => w.user_name === walkerName);
  const walkerId =
    walker?.id ??
    (await getJson<Masters>(request, `${base}&franchisee_id=${andheri.id}`, admin)).walkers.find(
      (w) => w.user_name === walkerName,
    )!.id;
  const walkerUser = await getJson<{ email: string }>(request, `/api/users/${walkerId}`, admin);
  const walkerToken = await tokenOf(request, walkerUser.email, false);
  await postJson(request, "/api/leave_requests", walkerToken, {
    date: leaveDay,
    leave_type: "full_day",
    reason: `Family function (${run})`,
  });
  await page.goto("/leave-requests");
  await searchList(page, String(run));
  const leaveRow = page
    .getByRole("row")
    .filter({ hasText: String(run) })
    .first();
  await ready(leaveRow.getByRole("button", { name: /^Approve/ }));
  await leaveRow.getByRole("button", { name: /^Approve/ }).click();
  const modal = page.getByRole("dialog", { name: "Staff Replacement" });
  await expect(modal).toBeVisible();
  const staff = modal.getByRole("radio").first();
  await expect(staff).toBeVisible();
  const replacement = (await staff.locator("span.font-medium").textContent())!.trim();
  await staff.click();
  await modal.getByLabel("Admin Remarks").fill("Covered by a colleague.");
  await modal.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByText("Leave request approved successfully!").first()).toBeVisible();
  // §4: a full-day leave's approval opens the full-day reassign dialog: the day's walk, now the replacement's.
  const reassign = page.getByRole("dialog", { name: "Full Day Reassign" });
  await expect(
    reassign
      .getByRole("row")
      .filter({ hasText: ddmmyyyy(leaveDay) })
      .first(),
  ).toContainText(replacement);
  await reassign.getByRole("button", { name: "Close" }).last().click();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: String(run) })
      .first()
      .getByText(replacement)
      .first(),
  ).toBeVisible();
  // The day's walk is the replacement's now; the other days stay with the walker.
  await page.goto(`/daily-job-plans?user_monthly_job_request_id=${made.id}&date=${leaveDay}`);
  await expect(page.getByText(`Covered by ${replacement}`)).toBeVisible();
  await ready(page.getByText("1 walk", { exact: true }));
  await page.getByText("1 walk", { exact: true }).click();
  await expect(page.getByRole("cell", { name: replacement }).first()).toBeVisible();
  const after = await getJson<PlanRow[]>(
    request,
    `/api/daily_job_plans?user_monthly_job_request_id=${made.id}&rowsPerPage=50`,
    admin,
  );
  const onLeave = after.find((p) => p.date === leaveDay)!;
  expect(onLeave.walks.every((w) => w.walker_id !== walkerId)).toBe(true);
  expect(
    after.filter((p) => p.date !== leaveDay).every((p) => p.walks.every((w) => w.walker_id === walkerId)),
  ).toBe(true);

  // 3. The customer asks to move the sixth day's walk to the ninth day at 17:00; the ADMIN approves it.
  const walk = after.find((p) => p.date === rescheduleFrom)!.walks[0];
  await postJson(request, "/api/customer_walk_requests", customerToken, {
    walk_id: walk.id,
    request_type: "reschedule",
    new_date: rescheduleTo,
    new_timeslot: "17:00",
    reason: `Visiting family (${run})`,
  });
  await page.context().clearCookies();
  await login(page, LOGINS.admin);
  await page.goto("/customer-walk-requests");
  await searchList(page, String(run));
  // The approval kernel's cell and dialog (issue 25), with the spec's texts.
  const approve = page.getByRole("button", { name: /^Approve Reschedule request/ }).first();
  await ready(approve);
  await approve.click();
  const dialog = page.getByRole("dialog", { name: "Approve Request" });
  await dialog.getByLabel("Admin Remarks (Optional)").fill("Fine by us.");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Request approved successfully.")).toBeVisible();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: ddmmyyyy(rescheduleFrom) })
      .first()
      .getByText("Approved"),
  ).toBeVisible();
  const moved = await getJson<PlanRow[]>(
    request,
    `/api/daily_job_plans?user_monthly_job_request_id=${made.id}&rowsPerPage=50`,
    admin,
  );
  const target = moved.find((p) => p.walks.some((w) => w.id === walk.id))!;
  expect(target.date).toBe(rescheduleTo);
  expect(target.walks.find((w) => w.id === walk.id)!.timeslot.slice(0, 5)).toBe("17:00");
  await page.goto(`/daily-job-plans?user_monthly_job_request_id=${made.id}&date=${rescheduleTo}`);
  await ready(page.getByText("2 walks", { exact: true }));
  await page.getByText("2 walks", { exact: true }).click();
  await expect(page.getByRole("cell", { name: /05:00 PM|17:00/ }).first()).toBeVisible();
});
