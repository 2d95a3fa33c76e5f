import type { NextConfig } from "next";
import path from "node:path";

const root = path.resolve(process.cwd());

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "exceljs", "sharp", "nodemailer"],
  outputFileTracingRoot: root,
  turbopack: { root },
  poweredByHeader: false,
  experimental: {
    serverActions: { bodySizeLimit: "2mb" },
    // forbidden() / unauthorized() render the portal's access-denied and choose-company cards inside the shell.
    authInterrupts: true,
  },
};

export default nextConfig;
