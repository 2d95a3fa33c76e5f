"use client";
import { ServerError } from "./_components/server-error";
import "./globals.css";

/** A failure of the root layout itself: the same page, in a document of its own (the layout's is gone). */
export default function GlobalError({ error }: { error: unknown }) {
  return (
    <html lang="en-IN">
      <body className="min-h-svh bg-slate-100 text-slate-900 antialiased">
        <ServerError error={error} />
      </body>
    </html>
  );
}
