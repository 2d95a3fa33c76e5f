// Security headers for every response (issue 7). Written here rather than taken from @nosecone/next: its releases
// since 1.6 require Node 22 (this project runs on Node 20), and its middleware does not compose with next-auth's
// proxy. The choices follow its defaults and Next's CSP guide; where they differ, the comment says why.
//
// Who sends what:
// - next.config.ts `headers()` sends COMMON_HEADERS and the strict STATIC_CSP on every path: /api (JSON,
//   downloads), /_next/static and anything else the proxy does not see. Stored files (/api/files/...) set their own
//   frame rules and policy in their route: the same strict ones, sandboxed, except a real PDF, which the portal's own
//   pages may frame (frame-ancestors 'self': the inbox's PDF viewer).
// - proxy.ts replaces that CSP on the pages with pageCsp(nonce), a fresh nonce per request. Next reads the nonce
//   from the request's policy and puts it on its own scripts, so every page renders dynamically (app/layout.tsx).
// Nothing here may import server-only code: next.config.ts loads this file.

/** Header names, lower case: Next keeps the config's headers and the proxy's in one object keyed by name. */
export const CSP = "content-security-policy";
export const FRAME_OPTIONS = "x-frame-options";

/** A policy from its directives, in order; a directive with no sources is a bare flag. */
function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** 128 random bits, base64: unguessable and fresh per request (the form Next extracts: 'nonce-[A-Za-z0-9+/=]'). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The pages' policy for one request. */
export function pageCsp(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return policy({
    "default-src": ["'self'"],
    // Only scripts carrying this request's nonce (Next's own and inline hydration data), and what they load
    // ('strict-dynamic': the chunks Next, Swagger UI and tiptap load later). 'self' is the fallback for
    // browsers without 'strict-dynamic'. In development React rebuilds server error stacks with eval;
    // production has no 'unsafe-eval'.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // Styles may be inline, on purpose: sonner (2.0.8) and tiptap insert a <style> element when they load, and
    // sonner takes no nonce; radix, tiptap, sonner and Swagger UI set style attributes (positions, sizes,
    // transforms), which no nonce can cover. A nonce listed here would switch 'unsafe-inline' off.
    // Scripts, the real risk, stay nonce-only.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Uploaded files come from /api/files (same origin); the image field previews a chosen file as blob:/data:;
    // Swagger UI's stylesheet draws its icons as data: images.
    "img-src": ["'self'", "blob:", "data:"],
    "font-src": ["'self'"],
    // fetch and server actions to the portal itself (Swagger UI's "Try it out" calls /api).
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    // The inbox's side panel shows a KYC PDF from /api/files in a frame (the browser's PDF viewer); nothing else.
    "frame-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    // No page may be framed by any origin (clickjacking); X-Frame-Options says the same to older browsers.
    "frame-ancestors": ["'none'"],
    // No upgrade-insecure-requests: every source is 'self', which HSTS already keeps on https, and on a plain
    // http address (local runs, the browser tests) it would break every request.
  });
}

/** Everything that is not a page (JSON, files, downloads, static chunks): it may load nothing, nor be framed. */
export const STATIC_CSP = policy({
  "default-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
});

/** The headers that are the same on every response. */
export const COMMON_HEADERS: { key: string; value: string }[] = [
  { key: "x-content-type-options", value: "nosniff" },
  { key: FRAME_OPTIONS, value: "DENY" },
  // Not no-referrer: with it, a form's native POST (the login form before hydration) carries `Origin: null`, and
  // Next refuses a server action whose origin is not the host. Other sites get the origin only, never the path.
  { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
  // Browsers ignore it over plain http, so it is safe to send always; a year, subdomains included, no preload.
  { key: "strict-transport-security", value: "max-age=31536000; includeSubDomains" },
  // The portal uses none of these (the image field's camera capture is the file picker, not getUserMedia).
  {
    key: "permissions-policy",
    value:
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), " +
      "display-capture=(), browsing-topics=()",
  },
  // A window the portal opens (an export) or that opens the portal shares no browsing context group.
  { key: "cross-origin-opener-policy", value: "same-origin" },
  // Other sites may not embed the portal's files and JSON (a mobile app is no browser and is not affected).
  // No Cross-Origin-Embedder-Policy: it protects nothing here (no cross-origin isolation is needed).
  { key: "cross-origin-resource-policy", value: "same-origin" },
  { key: "origin-agent-cluster", value: "?1" },
  { key: "x-dns-prefetch-control", value: "off" },
  { key: "x-permitted-cross-domain-policies", value: "none" },
];
