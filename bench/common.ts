// Shared by the benchmark's scripts.

/** `--name value` from the command line, as a number. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

export const flag = (name: string) => process.argv.includes(`--${name}`);

/** The benchmark's own database: never the portal's (bench:seed drops and makes it again). */
export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench";
}

/** The data set's shape: bench/seed.ts records it, bench/run.ts seeds again (CI) or asks for a seed when it differs. */
export const SEED_VERSION = "5";
