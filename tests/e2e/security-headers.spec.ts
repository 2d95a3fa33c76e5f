import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { LOGINS, login, ready } from "./helpers";

// Security headers on every kind of response, and no Content-Security-Policy violation on any page (issue 7).

type Kind = "page" | "other";

/** The headers every response carries; a page has the nonce policy, anything else the strict one. */
function expectSecurityHeaders(r: APIResponse, kind: Kind) {
  const h = r.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(h["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(h["permissions-policy"]).toContain("camera=(), microphone=(), geolocation=()");
  expect(h["cross-origin-opener-policy"]).toBe("same-origin");
  expect(h["cross-origin-resource-policy"]).toBe("same-origin");
  // One policy only: two would both be enforced, the stricter refusing the page's scripts.
  const policies = r.headersArray().filter((x) => x.name.toLowerCase() === "content-security-policy");
  expect(policies, r.url()).toHaveLength(1);
  const csp = policies[0].value;
  expect(csp).toContain("frame-ancestors 'none'");
  if (kind === "page") {
    expect(csp).toMatch(/(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
  } else {
    expect(csp).toMatch(/^default-src 'none'/);
  }
  return csp;
}

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

test("pages carry a fresh nonce policy that their scripts use; development alone allows eval", async ({
  page,
  request,
}) => {
  const first = await request.get("/login");
  expect(first.status()).toBe(200);
  const csp = expectSecurityHeaders(first, "page");
  const html = await first.text();
  const nonce = nonceOf(csp);
  // Next's scripts carry this response's nonce, and none goes without it.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
  const again = expectSecurityHeaders(await request.get("/login"), "page");
  expect(nonceOf(again)).not.toBe(nonce);

  expectSecurityHeaders(await request.get("/forgot-password"), "page");
  // The proxy's redirects carry them too.
  const redirect = await request.get("/home", { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expectSecurityHeaders(redirect, "page");

  await login(page, LOGINS.admin);
  const home = await page.request.get("/home");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Happy Paws");
  expectSecurityHeaders(home, "page");
  // A page whose path starts like /api's is a page all the same.
  expectSecurityHeaders(await page.request.get("/api-reference"), "page");

  // Next's development overlay (<nextjs-portal>) is there in development only: production has no 'unsafe-eval'.
  const dev = (await page.locator("nextjs-portal").count()) > 0;
  expect(csp.includes("'unsafe-eval'"), `development server: ${dev}`).toBe(dev);
});

test("/api, files, downloads and static files carry the strict policy", async ({ page, request }) => {
  const anonymous = await request.get("/api/companies");
  expect(anonymous.status()).toBe(401);
  expectSecurityHeaders(anonymous, "other");
  expectSecurityHeaders(await request.get("/api/no_such_call"), "other");
  expectSecurityHeaders(await request.get("/api/files/companies/1/no-such-file.png"), "other");
  const download = await request.get("/api/download?t=not-a-link");
  expect(download.status()).toBe(404);
  expectSecurityHeaders(download, "other");

  // Signed in (the portal session works for /api too).
  await login(page, LOGINS.admin);
  const companies = await page.request.get("/api/companies");
  expect(companies.status()).toBe(200);
  expect(companies.headers()["content-type"]).toContain("application/json");
  expectSecurityHeaders(companies, "other");
  const missing = await page.request.get("/api/no_such_call");
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing, "other");
  expectSecurityHeaders(await page.request.get("/api/files/companies/1/no-such-file.png"), "other");

  // A script chunk of the page.
  const html = await (await page.request.get("/home")).text();
  const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1];
  const js = await page.request.get(chunk);
  expect(js.status()).toBe(200);
  expectSecurityHeaders(js, "other");
});

test("another origin cannot show a portal page in a frame", async ({ page, baseURL }) => {
  // A page on another origin (another port: Chromium lets only a local page frame a local address) framing login.
  const framer = http.createServer((_, res) => {
    res.setHeader("content-type", "text/html");
    res.end(
      `<!doctype html><title>Framer</title><iframe src="${baseURL}/login" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((done) => framer.listen(0, "127.0.0.1", done));
  try {
    const refused: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("frame-ancestors")) refused.push(m.text());
    });
    const answered = page.waitForResponse(`${baseURL}/login`);
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    // The portal answered the frame, and the browser refused to show the answer.
    expect((await answered).status()).toBe(200);
    await expect
      .poll(() => refused.join("\n"))
      .toContain(`violates the following Content Security Policy directive: "frame-ancestors 'none'"`);
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator("iframe").getByLabel("Email")).toHaveCount(0);
  } finally {
    framer.close();
  }
});

/** Records every CSP violation a page reports: the browser's own console message and the DOM event. */
function watchViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (m) => {
    const t = m.text();
    if (/Content Security Policy|Content-Security-Policy|^Refused to|Permissions-Policy/.test(t)) {
      found.push(`${page.url()}: ${t}`);
    }
  });
  return found;
}

/** Opens a page and waits until it has hydrated (its heading is React's), so its scripts have all run. */
async function visit(page: Page, path: string) {
  const r = await page.goto(path);
  expect(r?.status(), path).toBeLessThan(400);
  await ready(page.getByRole("heading").first());
  await page.waitForLoadState("networkidle");
}

test("no page breaks the policy: login, forgot-password and every menu page of a SUPER ADMIN", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const violations = watchViolations(page);

  await visit(page, "/forgot-password");
  await visit(page, "/login");
  await login(page, LOGINS.super);

  // Acting for a company, a SUPER ADMIN has the whole menu.
  await ready(page.getByRole("switch", { name: "Switch to Admin for a company" }));
  await page.getByRole("switch", { name: "Switch to Admin for a company" }).click();
  await page.getByTestId("company-picker").getByRole("button", { name: "Select Happy Paws Pvt Ltd" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await ready(page.getByRole("switch", { name: /Switch back to/ }));

  const menu = page.getByRole("navigation", { name: "Main menu" }).first().locator("a[href]");
  const hrefs = [...new Set(await menu.evaluateAll((as) => as.map((a) => a.getAttribute("href")!)))];
  expect(hrefs).toEqual(expect.arrayContaining(["/home", "/users", "/companies", "/api-reference"]));
  for (const href of hrefs) await visit(page, href);

  // The forms: the company form holds tiptap editors, the user form the image field.
  await visit(page, "/companies/create");
  // ProseMirror's own element (not React's): visible once the editor has mounted.
  const editor = page.locator(".ProseMirror").first();
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type("Typed under the policy");
  await expect(editor).toContainText("Typed under the policy");
  await visit(page, "/users/create");

  // Swagger UI: an operation opened and called from the page.
  await visit(page, "/api-reference");
  await page.locator(".opblock-tag", { hasText: "Session" }).first().click();
  const operation = page.locator('.opblock-get:has([data-path="/me"])');
  await operation.locator(".opblock-summary").click();
  await operation.getByRole("button", { name: "Try it out" }).click();
  await operation.getByRole("button", { name: "Execute" }).click();
  await expect(operation.locator(".live-responses-table tbody .response-col_status")).toHaveText(/200/);

  expect(violations).toEqual([]);
});
