import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { LOGINS, PASSWORD, latestMail, login, ready, searchList } from "./helpers";

// Issue 22, as the apps and the back office would play it: a new customer (made by the company's admin) sets a
// password from the mailed code, adds a pet and an address from the app and asks for a week of walks without naming
// a franchisee (the nearest one takes it); the franchisee admin approves it in the browser with a walker; the walker
// starts and completes today's walk with a selfie; the customer reads the report card, sees the photo and rates the
// walk; the admin opens the customer's page and finds the walk with its report.

const NEW_PASSWORD = "Walks@2026";

/** India's today and a date `days` after a date (YYYY-MM-DD). */
const indiaToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real photo's bytes (a small PNG drawn here), as a phone's camera would send one. */
const photoBytes = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

type Json = Record<string, unknown> & { data?: unknown };

async function call(
  request: APIRequestContext,
  method: "GET" | "POST",
  url: string,
  token: string | null,
  body?: { data?: unknown; multipart?: Record<string, unknown> },
  want = 200,
): Promise<Json> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const r =
    method === "GET"
      ? await request.get(url, { headers })
      : await request.post(url, { headers, ...(body ?? {}) } as Parameters<APIRequestContext["post"]>[1]);
  const text = await r.text();
  expect(r.status(), `${method} ${url}: ${text}`).toBe(want);
  return text ? (JSON.parse(text) as Json) : {};
}
const dataOf = <T>(j: Json) => (j.data ?? j) as T;

async function tokenOf(request: APIRequestContext, email: string, password = PASSWORD, web = false) {
  const j = await call(request, "POST", "/api/login", null, { data: { email, password, is_web: web } });
  return j.token as string;
}

type Walk = {
  id: number;
  date: string;
  status: number;
  walker: { user_name: string } | null;
  pets: { name: string }[];
  report: { distance_covered: number | null; note: string | null; photo_urls: string[] } | null;
};

test("a new customer's first walk: pet, address and request from the app, approved, walked, reported and rated", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const today = indiaToday();
  const admin = await tokenOf(request, LOGINS.admin, PASSWORD, true);

  // The franchisee admin's franchisee and where it is: the new customer lives right there.
  const fa = await tokenOf(request, LOGINS.franchisee, PASSWORD, true);
  const me = dataOf<{ franchisee_id: number }>(await call(request, "GET", "/api/me", fa));
  const franchisee = dataOf<{ id: number; name: string; latitude: number; longitude: number }>(
    await call(request, "GET", `/api/franchisees/${me.franchisee_id}`, admin),
  );

  // 1. The admin adds the customer; the customer sets a password from the mailed code.
  const positions = dataOf<{ id: number; name: string }[]>(
    await call(request, "GET", "/api/positions?search_keyword=CUSTOMER", admin),
  );
  const email = `new.customer.${run}@example.test`;
  const name = `Asha ${run}`;
  await call(request, "POST", "/api/users", admin, {
    data: {
      first_name: "Asha",
      last_name: run,
      email,
      position_id: positions.find((p) => p.name === "CUSTOMER")!.id,
    },
  });
  await call(request, "POST", "/api/forgot_password", null, { data: { email } });
  const code = /\b(\d{10})\b/.exec(await latestMail(email))?.[1];
  expect(code, "a 10-digit code in the mail").toBeTruthy();
  await call(request, "POST", "/api/forgot_password", null, {
    data: { email, otp: code, password: NEW_PASSWORD, soft_password: NEW_PASSWORD },
  });
  const customer = await tokenOf(request, email, NEW_PASSWORD);

  // 2. From the app: a pet, an address, and a week of walks from today, with no franchisee named.
  const pet = dataOf<{ id: number }>(
    await call(request, "POST", "/api/user_pets", customer, {
      data: {
        name: `Toffee ${run}`,
        gender: "FEMALE",
        weight: 9.5,
        age: 2,
        temperament: "Loves other dogs.",
      },
    }),
  );
  const address = dataOf<{ id: number; is_default: boolean }>(
    await call(request, "POST", "/api/user_addresses", customer, {
      data: {
        address: `Flat ${run}, Near ${franchisee.name}`,
        latitude: franchisee.latitude,
        longitude: franchisee.longitude,
        pin_code: "400053",
      },
    }),
  );
  expect(address.is_default).toBe(true);
  const plans = dataOf<{ id: number; no_of_dogs: number; no_of_walks: number }[]>(
    await call(request, "GET", "/api/plans?rowsPerPage=100", customer),
  );
  const plan = plans.find((p) => p.no_of_dogs === 1 && p.no_of_walks === 1) ?? plans[0];
  const made = dataOf<{ id: number; franchisee_id: number }>(
    await call(request, "POST", "/api/user_monthly_job_requests", customer, {
      data: {
        user_address_id: address.id,
        user_pet_ids: [pet.id],
        plan_id: plan.id,
        start_date: today,
        end_date: addDays(today, 6),
      },
    }),
  );
  expect(made.franchisee_id, "the nearest franchisee takes the request").toBe(franchisee.id);

  // 3. The franchisee admin approves it in the portal, with a walker and a timeslot.
  await login(page, LOGINS.franchisee);
  await page.goto("/user-monthly-job-requests");
  await searchList(page, name);
  await page.getByRole("row").filter({ hasText: name }).first().getByRole("link", { name: /edit/i }).click();
  await page.getByRole("combobox", { name: /^Franchisee Approval Status/ }).click();
  await page.getByRole("option", { name: "APPROVED" }).first().click();
  await page.getByRole("combobox", { name: /^Walker/ }).click();
  const walkerName = (await page.getByRole("option").first().textContent())!.trim();
  await page.getByRole("option").first().click();
  await page.getByLabel(/^Timeslot$/).fill("06:15");
  await page.getByRole("button", { name: /^(Update|Save)/ }).click();
  await expect(page).toHaveURL(/\/user-monthly-job-requests(\?|$)/);

  // 4. The walker sees today's walk, starts it with a selfie and completes it with a photo.
  const walkers = dataOf<{ id: number; user_name: string }[]>(
    await call(request, "GET", `/api/users?search_keyword=${encodeURIComponent(walkerName)}`, admin),
  );
  const walkerUser = dataOf<{ email: string }>(
    await call(request, "GET", `/api/users/${walkers.find((w) => w.user_name === walkerName)!.id}`, admin),
  );
  const walker = await tokenOf(request, walkerUser.email);
  const mine = dataOf<Walk[]>(
    await call(
      request,
      "GET",
      `/api/walks?user_monthly_job_request_id=${made.id}&from_date=${today}&to_date=${today}`,
      walker,
    ),
  );
  expect(mine).toHaveLength(1);
  const walk = mine[0];
  expect(walk.pets.map((p) => p.name)).toEqual([`Toffee ${run}`]);
  const PNG = await photoBytes();
  const selfie = { name: "selfie.png", mimeType: "image/png", buffer: PNG };
  await call(request, "POST", `/api/walks/${walk.id}/start`, walker, { multipart: { selfie } });
  // Starting twice is not a walk.
  await call(request, "POST", `/api/walks/${walk.id}/start`, walker, { multipart: { selfie } }, 409);
  await call(request, "POST", `/api/walks/${walk.id}/complete`, walker, {
    multipart: {
      distance_covered: "2.4",
      calories_burnt: "130",
      duration: "32",
      note: `Toffee loved the park (${run})`,
      photos: { name: "park.png", mimeType: "image/png", buffer: PNG },
    },
  });

  // 5. The customer: the report card as a notification and on the walk, its photo, and a rating.
  const notes = dataOf<{ title: string; body: string | null }[]>(
    await call(request, "GET", "/api/notifications?rowsPerPage=20", customer),
  );
  expect(notes.map((n) => `${n.title} ${n.body ?? ""}`).join("\n")).toContain("2.4");
  const seen = dataOf<Walk>(await call(request, "GET", `/api/walks/${walk.id}`, customer));
  expect(seen.status).toBe(2);
  expect(seen.report).toBeTruthy();
  expect(seen.report!.distance_covered).toBe(2.4);
  expect(seen.report!.photo_urls).toHaveLength(1);
  const photo = await request.get(seen.report!.photo_urls[0], {
    headers: { authorization: `Bearer ${customer}` },
  });
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/png");
  await call(request, "POST", `/api/walks/${walk.id}/rating`, customer, {
    data: { rating: 5, feedback: "Wonderful" },
  });
  await call(request, "POST", `/api/walks/${walk.id}/rating`, customer, { data: { rating: 4 } }, 409);

  // 6. The back office: the admin opens the customer's page from the users list and finds the walk and its report.
  await page.context().clearCookies();
  await login(page, LOGINS.admin);
  await page.goto("/users");
  await searchList(page, email);
  const customerLink = page.getByRole("link", { name: /^Customer page of / }).first();
  await ready(customerLink);
  await customerLink.click();
  await expect(page).toHaveURL(/\/customers\//);
  await expect(page.getByText(`Toffee ${run}`).first()).toBeVisible();
  await expect(page.getByText(`Toffee loved the park (${run})`).first()).toBeVisible();
  await expect(page.getByText(/2\.4\s*km/).first()).toBeVisible();
  await expect(page.getByText("Wonderful").first()).toBeVisible();
});
