import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Once per vitest run:
 * - on PGlite, a migrated, empty database dumped to a file (keyed by the migrations' content, so it is rebuilt only
 *   when they change). Every test file's in-memory database loads it (lib/platform/db.ts reads PGLITE_TEMPLATE)
 *   instead of creating a cluster and migrating it: ~1.5 s a file instead of ~8.
 * - the same database with the demo data seeded (the seed of this run's code and day): on PGlite a second dump, on
 *   PostgreSQL a template database. A test file that calls `seeded()` starts from it (tests/support/setup.ts) instead
 *   of seeding its own (4-8 s a file, twice per run with PostgreSQL); the seed's stored files (demo photos) are
 *   copied into the file's data folder. `TEST_SEEDED_TEMPLATE=0` seeds in every file as before.
 */
export default async function setup() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server && process.env.PGLITE_TEMPLATE !== "") await migratedPglite();
  if (process.env.TEST_SEEDED_TEMPLATE === "0") return;
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const dataDir = path.join(os.tmpdir(), `portal-test-seed-${run}`);
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };
  process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-00";
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_HOST;
  delete process.env.S3_BUCKET;
  delete process.env.UPLOADTHING_TOKEN;
  const started = Date.now();
  const { bootstrap } = await import("@/lib/seed");
  const { closeDb, getDb } = await import("@/lib/platform/db");
  let teardown = async () => {};
  if (server) {
    const { default: postgres } = await import("postgres");
    const name = `portal_test_seeded_${run}`;
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    await bootstrap({ demo: true });
    await closeDb();
    process.env.TEST_SEEDED_DATABASE = name;
    teardown = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    process.env.DATABASE_URL = "memory://";
    await bootstrap({ demo: true });
    const db = (await getDb()) as unknown as { $client: import("@electric-sql/pglite").PGlite };
    const dump = await db.$client.dumpDataDir("none");
    await closeDb();
    const file = path.join(os.tmpdir(), `portal-pglite-seeded-${run}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.PGLITE_SEEDED_TEMPLATE = file;
    const previous = teardown;
    teardown = async () => {
      await previous();
      fs.rmSync(file, { force: true });
    };
  }
  process.env.TEST_SEEDED_FILES = path.join(dataDir, "files");
  for (const [k, v] of Object.entries(saved)) {
    if (v == null) delete process.env[k];
    else process.env[k] = v;
  }
  console.log(`[global-setup] demo data seeded once for this run (${Date.now() - started} ms)`);
  return async () => {
    await teardown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function migratedPglite() {
  const folder = path.resolve(import.meta.dirname, "../../db/migrations");
  const hash = crypto.createHash("sha256");
  for (const f of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), `portal-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const pg = await PGlite.create(undefined, { extensions: { pg_trgm } });
    await migrate(drizzle(pg), { migrationsFolder: folder });
    const dump = await pg.dumpDataDir("none");
    await pg.close();
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  process.env.PGLITE_TEMPLATE = file;
}
