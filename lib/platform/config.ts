import "server-only";
import path from "node:path";

/** Where the embedded defaults keep their state (PGlite data, uploaded files). */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? path.join(process.cwd(), "data"));
}

/** The server secret: signs sessions and keys the URL id codec. scripts/start.mjs provides one when unset. */
export function serverSecret(): string {
  const s = process.env.AUTH_SECRET;
  if (!s) {
    if (process.env.NODE_ENV === "production") throw new Error("AUTH_SECRET is not set");
    return "dev-only-secret-change-me-dev-only-secret";
  }
  return s;
}
