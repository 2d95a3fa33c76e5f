import "server-only";
import { touchInteractive } from "./interactive";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { resolveContext, type Ctx } from "./context";
import { AppError, notFound as notFoundError, unauthenticated } from "./errors";
import { decodeId } from "./ids";
import { guardPage, PAGE_LOGIN_PATH } from "./page-guard";
import { sessionClaims } from "./session-token";

/** Cookie holding the company a SUPER ADMIN or BACKEND ADMIN chose (opaque id; checked on every request). */
export const ACTING_COMPANY_COOKIE = "acting_company";

/** The browser caller's context, or null when there is no valid session. Cached for the request. */
export const getSessionContext = cache(async (): Promise<Ctx | null> => {
  // What `auth()` answers, read without Auth.js's session action (lib/platform/session-token.ts).
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const session = await sessionClaims(jar.getAll(), h);
  if (!session?.uid) return null;
  const chosen = jar.get(ACTING_COMPANY_COOKIE)?.value;
  try {
    return await resolveContext({
      userId: session.uid,
      sessionVersion: session.sv ?? 0,
      via: "session",
      binding: `s:${session.sid ?? `v${session.sv ?? 0}`}`,
      requestedCompanyId: chosen ? decodeId(chosen) : null,
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 401) return null;
    throw e;
  }
});

/** For pages: the context, or a redirect to /auth/login when the session is gone (spec 000 §2.1). */
export async function requirePageContext(): Promise<Ctx> {
  touchInteractive();
  const ctx = await getSessionContext();
  if (!ctx) redirect(PAGE_LOGIN_PATH);
  return ctx;
}

/** For edit pages: the plain id inside a URL's opaque id, or the not-found page. */
export function pageId(opaque: string): number {
  const id = decodeId(opaque);
  if (id == null) notFound();
  return id;
}

/**
 * For pages: a record, with 404 (missing, or another company's) shown as the not-found page; 401, 403 and
 * "choose a company" answer as `guardPage` does.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  return guardPage(() => load);
}

/** For server actions: the caller's context, or 401 (the action answers it and the browser goes to login). */
export async function actionContext(): Promise<Ctx> {
  const ctx = await getSessionContext();
  if (!ctx) throw unauthenticated();
  return ctx;
}

/** For server actions: the plain id inside an opaque id sent by the browser; anything else answers 404. */
export function actionId(opaque: unknown): number {
  const id = typeof opaque === "string" ? decodeId(opaque) : null;
  if (id == null) throw notFoundError();
  return id;
}
