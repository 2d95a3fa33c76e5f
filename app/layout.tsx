import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Pet Services Portal", template: "%s · Pet Services Portal" },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (see proxy.ts). A page built
  // ahead of time would carry none, and the browser would refuse its scripts.
  await connection();
  // The id scripts/server.mjs gave this request: an error page shows it, so a user can quote it (the log has it).
  const requestId = (await headers()).get("x-request-id");
  return (
    <html lang="en-IN">
      {requestId ? (
        <head>
          <meta name="request-id" content={requestId} />
        </head>
      ) : null}
      <body className="min-h-svh bg-slate-100 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
