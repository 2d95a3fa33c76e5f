import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";

// Every test file gets its own database: an in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL
// server, a fresh database created on it for this file and dropped afterwards.
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-00";
process.env.DATA_DIR = path.join(os.tmpdir(), `portal-test-${process.pid}-${Date.now()}`);
delete process.env.SMTP_HOST;
delete process.env.S3_BUCKET;
delete process.env.UPLOADTHING_TOKEN;

// A file that calls seeded() starts from the run's seeded database (tests/support/global-setup.ts), with the seed's
// stored files; any other file from an empty, migrated one.
const testFile = expect.getState().testPath;
const fromSeed = !!testFile && fs.readFileSync(testFile, "utf8").includes("seeded()");
if (fromSeed && process.env.TEST_SEEDED_FILES && fs.existsSync(process.env.TEST_SEEDED_FILES))
  fs.cpSync(process.env.TEST_SEEDED_FILES, path.join(process.env.DATA_DIR, "files"), { recursive: true });

const server = process.env.TEST_DATABASE_URL;
if (server) {
  const { default: postgres } = await import("postgres");
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const template = fromSeed ? process.env.TEST_SEEDED_DATABASE : undefined;
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  afterAll(async () => {
    const { closeDb } = await import("@/lib/platform/db");
    await closeDb();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
} else {
  process.env.DATABASE_URL = "memory://";
  if (fromSeed && process.env.PGLITE_SEEDED_TEMPLATE)
    process.env.PGLITE_TEMPLATE = process.env.PGLITE_SEEDED_TEMPLATE;
  afterAll(async () => {
    const { closeDb } = await import("@/lib/platform/db");
    await closeDb();
  });
}
