import type { NextConfig } from "next";
import path from "node:path";
import { COMMON_HEADERS, CSP, FRAME_OPTIONS, STATIC_CSP } from "./lib/platform/security-headers";

const root = path.resolve(process.cwd());

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "exceljs", "sharp", "nodemailer"],
  outputFileTracingRoot: root,
  turbopack: { root },
  poweredByHeader: false,
  // The container image (Dockerfile) builds with NEXT_OUTPUT=standalone: a self-contained folder with only the
  // node_modules the server uses. Off by default: `npm start` and the tests serve the ordinary build.
  ...(process.env.NEXT_OUTPUT === "standalone" ? { output: "standalone" as const } : {}),
  // Builds of several checkouts' work side by side in one folder (a helper's browser checks): each its own output.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks first, then builds for the browser tests: that build skips the second type check (45 s
  // on 2 cores). Every other build type-checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  // `next dev` serves its hot-reload socket to localhost only; the browser tests and scripts use 127.0.0.1, and
  // without this the pages there never hydrate.
  allowedDevOrigins: ["127.0.0.1"],
  experimental: {
    // A form's save carries its files (a company's logo and poster, 5 MB each, with up to ~1.6 MB of policy text).
    serverActions: { bodySizeLimit: "12mb" },
    // Server actions post to page paths, which pass through the proxy: it must let the same size through (its
    // default is 10 MB, which would cut a full save short).
    proxyClientMaxBodySize: "12mb",
    // forbidden() / unauthorized() render the portal's access-denied and choose-company cards inside the shell.
    authInterrupts: true,
  },
  // Security headers on every response. The strict policy stays on what the proxy does not see (/api, static
  // files); on pages the proxy sends its nonce policy under the same (lower-case) name, which replaces this one.
  // Stored files (/api/files/...) send their own frame rules and policy (app/api/files/[...key]/route.ts: a PDF may be
  // framed by the portal's pages, for the inbox's PDF viewer; everything else as strict as here, and sandboxed): a
  // header set here would replace the route's of the same name.
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS.filter((h) => h.key !== FRAME_OPTIONS) },
      {
        source: "/:path((?!api/files/).*)",
        headers: [
          { key: FRAME_OPTIONS, value: "DENY" },
          { key: CSP, value: STATIC_CSP },
        ],
      },
    ];
  },
};

export default nextConfig;
