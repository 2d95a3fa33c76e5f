import { cookies } from "next/headers";
import { NextResponse } from "next/server";

/** Where the portal sends a browser whose session is gone: clear the session cookies and show the login page. */
export async function GET(request: Request) {
  const jar = await cookies();
  for (const c of jar.getAll()) {
    if (c.name.includes("authjs.session-token") || c.name === "acting_company") jar.delete(c.name);
  }
  return NextResponse.redirect(new URL("/login", request.url));
}
export const dynamic = "force-dynamic";
