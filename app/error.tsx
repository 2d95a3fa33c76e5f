"use client";
import { useEffect } from "react";
import { ServerError } from "./_components/server-error";

/**
 * A failure above the portal's shell (its layout, the sign-in pages): while the database cannot be reached the
 * server answers such a page with 503, and this is what the browser shows.
 */
export default function RootError({ error }: { error: unknown }) {
  useEffect(() => console.error(error), [error]);
  return <ServerError error={error} />;
}
