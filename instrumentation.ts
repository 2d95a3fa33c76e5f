/** Runs once when the server starts: opens and migrates the database and seeds an empty one. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootstrap } = await import("./db/seed");
  await bootstrap();
}
