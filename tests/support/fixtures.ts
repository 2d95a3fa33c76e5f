import { eq, sql } from "drizzle-orm";
import { companies, users } from "@/db/schema";
import { bootstrap } from "@/lib/seed";
import { DEMO_LOGINS, DEMO_PASSWORD } from "@/lib/seed/demo";
import { dispatch } from "@/lib/api/dispatch";
import { resolveContext, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { ROLE } from "@/lib/platform/permissions";

export { DEMO_LOGINS, DEMO_PASSWORD };

/** Migrates the test database and seeds the demo data (two full companies, every role). */
export async function seeded() {
  await bootstrap({ demo: true });
  const db = await getDb();
  const [happy] = await db.select().from(companies).where(eq(companies.name, "Happy Paws Pvt Ltd"));
  const [wag] = await db.select().from(companies).where(eq(companies.name, "Wag Nation LLP"));
  return { db, happy, wag };
}

export async function userId(email: string): Promise<number> {
  const db = await getDb();
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}

/** The context a signed-in user of that email gets (optionally acting for a company). */
export async function ctxFor(email: string, companyId?: number | null): Promise<Ctx> {
  return resolveContext({
    userId: await userId(email),
    via: "session",
    binding: "s:test-session",
    requestedCompanyId: companyId ?? null,
  });
}

export const adminEmail = DEMO_LOGINS[ROLE.ADMIN];
export const superEmail = DEMO_LOGINS[ROLE.SUPER_ADMIN];

/** A list's answer when nothing matches (lib/platform/list.ts ListResult). */
export const EMPTY_LIST = {
  data: [],
  count: 0,
  count_estimated: false,
  next_cursor: null,
  prev_cursor: null,
};

type CallOpts = {
  token?: string;
  companyId?: number | string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

/** Calls the /api dispatcher directly with a real Request, as a mobile client would over HTTP. */
export async function api(method: string, path: string, o: CallOpts = {}) {
  const headers = new Headers(o.headers);
  if (o.token) headers.set("authorization", `Bearer ${o.token}`);
  if (o.companyId != null) headers.set("company-id", String(o.companyId));
  let body: BodyInit | undefined;
  if (o.form) body = o.form;
  else if (o.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(o.body);
  }
  const url = new URL(`http://localhost/api/${path}`);
  const req = new Request(url, { method, headers, body });
  const segments = url.pathname.replace(/^\/api\//, "").split("/");
  const res = await dispatch(req, segments);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return {
    status: res.status,
    json: json as Record<string, unknown> & {
      data?: unknown;
      count?: number;
      errors?: Record<string, string[]>;
    },
    res,
  };
}

/** Logs in through /api/login and answers the bearer token. */
/** The request an /api client makes to open an export link: the link, with the bearer token that asked for it. */
export function linkRequest(link: string, token: string): Request {
  return new Request(`http://localhost${link}`, { headers: { authorization: `Bearer ${token}` } });
}

export async function tokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await api("POST", "login", { body: { email, password, is_web: true } });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  return (r.json as { token: string }).token;
}
