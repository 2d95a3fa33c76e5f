import { requirePageContext } from "@/lib/platform/session";
import { ApiReference } from "./_components/api-reference";

export const metadata = { title: "API Reference" };

/** The /api reference for the mobile apps' developers: any signed-in portal user may read it. */
export default async function ApiReferencePage() {
  await requirePageContext();
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">API Reference</h1>
          <p className="mt-1 text-sm text-slate-600">
            Every call the mobile apps can make to <code className="font-mono">/api</code>, with what it takes
            and answers.
          </p>
        </div>
        <a
          href="/api/openapi.json"
          download="openapi.json"
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
        >
          Download OpenAPI document
        </a>
      </header>
      <ApiReference />
    </section>
  );
}
