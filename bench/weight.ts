// The page weight row: first-load JavaScript per route, gzipped, from the build's own record of each route's
// first-load chunks (NEXT_DIST_DIR/diagnostics/route-bundle-stats.json, which `next build` writes). Each chunk is
// gzipped here (level 9, as a server or CDN sends it), so the row says what a browser downloads on a first visit.
//
//   node --import tsx bench/weight.ts [DIST]     prints every route, heaviest first
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export type RouteWeight = { route: string; gzip: number; raw: number; chunks: number };

/** Routes exempt from the page weight target: the Swagger reference loads its UI there only. */
export const WEIGHT_EXEMPT = ["/api-reference"];

export function routeWeights(dist: string, root = process.cwd()): RouteWeight[] {
  const file = path.join(root, dist, "diagnostics", "route-bundle-stats.json");
  const stats = JSON.parse(fs.readFileSync(file, "utf8")) as {
    route: string;
    firstLoadUncompressedJsBytes: number;
    firstLoadChunkPaths: string[];
  }[];
  const gz = new Map<string, number>();
  const gzipOf = (p: string) => {
    if (!gz.has(p)) gz.set(p, zlib.gzipSync(fs.readFileSync(path.join(root, p)), { level: 9 }).length);
    return gz.get(p)!;
  };
  return stats
    .filter((s) => !s.route.startsWith("/_") && !s.route.startsWith("/api/"))
    .map((s) => ({
      route: s.route,
      gzip: s.firstLoadChunkPaths.reduce((a, p) => a + gzipOf(p), 0),
      raw: s.firstLoadUncompressedJsBytes,
      chunks: s.firstLoadChunkPaths.length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = routeWeights(process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next");
  for (const r of rows)
    console.log(
      `${(r.gzip / 1024).toFixed(0).padStart(5)} kB  ${(r.raw / 1024).toFixed(0).padStart(6)} kB raw  ${r.route}`,
    );
  const sorted = rows.map((r) => r.gzip).sort((a, b) => a - b);
  console.log(
    `median ${(sorted[Math.floor(sorted.length / 2)] / 1024).toFixed(0)} kB gzipped over ${rows.length} routes`,
  );
}
