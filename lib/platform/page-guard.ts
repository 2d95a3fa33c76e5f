import "server-only";
import { forbidden, notFound, redirect, unauthorized } from "next/navigation";
import { authorize, requireCompany, type Ctx } from "./context";
import { AppError } from "./errors";
import type { Permission } from "./permissions";

/** Where a page sends a lost session: it clears the cookies and shows /login (spec 000 §2.1). */
export const PAGE_LOGIN_PATH = "/auth/login";

/** The 403 message of `requireCompany`: a company-owned read asked before a company was chosen. */
export const CHOOSE_COMPANY_MESSAGE = "Choose a company first.";

/** True for the refusal of a company-owned read made without an acting company (not a missing permission). */
export function isChooseCompany(e: unknown): boolean {
  return e instanceof AppError && e.status === 403 && e.message === CHOOSE_COMPANY_MESSAGE;
}

/**
 * For pages: shows an `AppError` as its screen inside the shell — 401 goes to login, 404 the not-found card, 403
 * the choose-company card (`unauthorized()`, see app/(portal)/unauthorized.tsx) or the access-denied card
 * (`forbidden()`). Anything else is thrown on to the retry card (app/(portal)/error.tsx).
 */
export function throwPageError(e: unknown): never {
  if (e instanceof AppError) {
    if (e.status === 401) redirect(PAGE_LOGIN_PATH);
    if (e.status === 404) notFound();
    // The acting company is part of who the caller is for company-owned data: until it is chosen the page is
    // "unauthorised" (choose one), whereas a missing permission is "forbidden" (choosing changes nothing).
    if (e.status === 403) return isChooseCompany(e) ? unauthorized() : forbidden();
  }
  throw e;
}

/** For pages: runs a loader and shows its refusal (401, 403, 404) as that screen; see `throwPageError`. */
export async function guardPage<T>(load: () => T | Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    return throwPageError(e);
  }
}

/** For pages of company-owned data: the acting company's id, or the choose-company card. */
export function pageCompanyId(ctx: Ctx): number {
  try {
    return requireCompany(ctx);
  } catch (e) {
    return throwPageError(e);
  }
}

/** For pages: nothing when the caller holds the permission, else the access-denied card. */
export function authorizePage(ctx: Ctx, permission: Permission): void {
  try {
    authorize(ctx, permission);
  } catch (e) {
    throwPageError(e);
  }
}
