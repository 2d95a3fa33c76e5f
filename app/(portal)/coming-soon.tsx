import Link from "next/link";
import { Hammer } from "lucide-react";

/** Placeholder for a screen of the route table that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-8 flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <Hammer className="size-7" aria-hidden />
        </span>
        <p className="text-lg font-medium text-slate-800">This screen is coming soon.</p>
        <p className="max-w-md text-sm text-slate-500">
          {title} is part of the portal and is being built. Everything else in the menu is ready to use.
        </p>
        <Link
          href="/home"
          className="mt-2 rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          Back to Home
        </Link>
      </div>
    </section>
  );
}
