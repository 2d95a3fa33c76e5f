import { spawn } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { PERMISSION_REGISTRY } from "@/lib/platform/permissions";

// Instances started together on an empty PostgreSQL (issue 24): before, the loser's migration failed (CREATE
// EXTENSION pg_trgm, 23505) or its seed (modules_live_name_uq), and it answered 500 until restarted. Now migrations
// and the seed run under one advisory lock: three at once all succeed, and the rows are there once.

const server = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, "../..");

function migrateOnce(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts/migrate.ts")],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, SEED_DEMO: "true" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe.skipIf(!server)("starting together on an empty PostgreSQL", () => {
  it(
    "migrates and seeds once while the others wait, and every one succeeds",
    { timeout: 240_000 },
    async () => {
      const name = `portal_startup_${process.pid}_${Date.now().toString(36)}`;
      const admin = postgres(server!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(server!);
      url.pathname = `/${name}`;
      try {
        const runs = await Promise.all([1, 2, 3].map(() => migrateOnce(url.toString())));
        for (const r of runs) expect(r.code, r.out).toBe(0);
        // The demo data was seeded by exactly one of them.
        expect(runs.filter((r) => r.out.includes("[seed] demo data created"))).toHaveLength(1);
        const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
        try {
          const [{ n }] = await db`select count(*)::int as n from modules where deleted_at is null`;
          expect(n).toBeGreaterThanOrEqual(Object.keys(PERMISSION_REGISTRY).length);
          const dupes =
            await db`select name from modules where deleted_at is null group by name having count(*) > 1`;
          expect(dupes).toEqual([]);
          const [{ c }] =
            await db`select count(*)::int as c from companies where name = 'Happy Paws Pvt Ltd'`;
          expect(c).toBe(1);
        } finally {
          await db.end();
        }
      } finally {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
