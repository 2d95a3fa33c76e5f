// `npm run db:migrate`: migrates the database (DATABASE_URL, else the embedded one in DATA_DIR) and seeds its system
// rows (and demo data into an empty one, unless SEED_DEMO=false), then exits: the migration step of a deploy, run
// once before starting new instances. The server does the same at start, under the same lock, so running it is
// optional; instances started together on an empty PostgreSQL take turns (lib/platform/db.ts, startup lock).
import { bootstrap } from "@/lib/seed";
import { closeDb } from "@/lib/platform/db";

try {
  await bootstrap();
  console.log("[migrate] the database is migrated and seeded");
} finally {
  await closeDb();
}
