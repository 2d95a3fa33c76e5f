import { readiness } from "@/lib/platform/health";

// GET /api/ready: readiness. 200 when the database answers within a second with every migration of this build and
// the file storage answers; 503 with Retry-After otherwise (a load balancer sends traffic elsewhere meanwhile). No
// login; each check says only "ok" or "unavailable" ("current" or "behind" for the migrations).
export const dynamic = "force-dynamic";

export async function GET() {
  const r = await readiness();
  return Response.json(
    { status: r.ready ? "ready" : "unavailable", checks: r.checks },
    {
      status: r.ready ? 200 : 503,
      headers: {
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        ...(r.ready ? {} : { "retry-after": "5" }),
      },
    },
  );
}
