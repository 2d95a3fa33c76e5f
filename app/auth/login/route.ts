import { cookies } from "next/headers";
import { NextResponse } from "next/server";

/** Where the portal sends a browser whose session is gone: clear the session cookies and show the login page. */
export async function GET() {
  const jar = await cookies();
  // A relative Location: behind a proxy or on 127.0.0.1 the request URL Next sees may name another host,
  // whose cookies (the remembered company) the browser would not send.
  const res = new NextResponse(null, { status: 307, headers: { location: "/login" } });
  for (const c of jar.getAll()) {
    if (c.name.includes("authjs.session-token") || c.name === "acting_company") res.cookies.delete(c.name);
  }
  return res;
}
export const dynamic = "force-dynamic";
