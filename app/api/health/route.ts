// GET /api/health: liveness. The process answers; nothing else is checked (a database outage must not make a
// supervisor restart a healthy process: that is readiness, /api/ready). No login; no versions.
export const dynamic = "force-dynamic";

const answer = () =>
  Response.json(
    { status: "ok" },
    { headers: { "cache-control": "no-store", "x-content-type-options": "nosniff" } },
  );

export function GET() {
  return answer();
}

export function HEAD() {
  return new Response(null, { headers: { "cache-control": "no-store" } });
}
