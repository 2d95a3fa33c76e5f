import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/auth";
import { resolveContext, type Ctx } from "./context";
import { AppError } from "./errors";
import { decodeId } from "./ids";

/** Cookie holding the company a SUPER ADMIN or BACKEND ADMIN chose (opaque id; checked on every request). */
export const ACTING_COMPANY_COOKIE = "acting_company";

/** The browser caller's context, or null when there is no valid session. Cached for the request. */
export const getSessionContext = cache(async (): Promise<Ctx | null> => {
  const session = (await auth()) as { uid?: number; sv?: number } | null;
  if (!session?.uid) return null;
  const jar = await cookies();
  const chosen = jar.get(ACTING_COMPANY_COOKIE)?.value;
  try {
    return await resolveContext({
      userId: session.uid,
      sessionVersion: session.sv ?? 0,
      via: "session",
      requestedCompanyId: chosen ? decodeId(chosen) : null,
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 401) return null;
    throw e;
  }
});

/** For pages: the context, or a redirect to /auth/login when the session is gone (spec 000 §2.1). */
export async function requirePageContext(): Promise<Ctx> {
  const ctx = await getSessionContext();
  if (!ctx) redirect("/auth/login");
  return ctx;
}
