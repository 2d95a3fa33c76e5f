import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Pet Services Portal", template: "%s · Pet Services Portal" },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <body className="min-h-svh bg-slate-100 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
