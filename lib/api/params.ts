import "server-only";
import { notFound } from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";

/** A path id (plain or opaque); anything else answers 404 like a missing record. */
export function idParam(raw: string | undefined): number {
  const id = parseIdParam(raw);
  if (id == null) throw notFound();
  return id;
}
