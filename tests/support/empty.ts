// Stands in for "server-only" under vitest, which runs server modules outside Next.
export {};
