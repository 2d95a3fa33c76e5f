import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Pet Services Portal", template: "%s · Pet Services Portal" },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (see proxy.ts). A page built
  // ahead of time would carry none, and the browser would refuse its scripts.
  await connection();
  return (
    <html lang="en-IN">
      <body className="min-h-svh bg-slate-100 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
