import { Skeleton } from "@/components/ui/skeleton";

const ROWS = 8;
const COLUMNS = ["w-16", "w-40", "w-52", "w-28", "w-20"];

/** While a portal screen loads: the shell stays, the page area shows the outline of a list page. */
export default function PortalLoading() {
  return (
    <section
      role="status"
      aria-label="Loading"
      aria-busy
      data-testid="page-skeleton"
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <span className="sr-only">Loading…</span>
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <Skeleton className="h-7 w-44 bg-slate-200" />
          <Skeleton className="h-9 w-28 bg-slate-200" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Skeleton className="h-9 w-full max-w-xs bg-slate-100" />
          <Skeleton className="h-9 w-28 bg-slate-100" />
          <Skeleton className="ml-auto h-9 w-24 bg-slate-100" />
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="flex items-center gap-6 bg-slate-50 px-4 py-3 sm:px-6">
          {COLUMNS.map((w, i) => (
            <Skeleton key={i} className={`h-3 ${w} bg-slate-200 ${i > 2 ? "hidden sm:block" : ""}`} />
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, r) => (
          <div key={r} className="flex items-center gap-6 border-t border-slate-100 px-4 py-3.5 sm:px-6">
            {COLUMNS.map((w, i) => (
              <Skeleton
                key={i}
                className={`h-4 ${w} bg-slate-100 ${i > 2 ? "hidden sm:block" : ""}`}
                // Rows fade a little further down, so the outline reads as a list, not a solid block.
                style={{ opacity: 1 - r * 0.07 }}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="flex items-center justify-between border-t border-slate-200 px-4 py-3 sm:px-6">
        <Skeleton className="h-4 w-32 bg-slate-100" />
        <Skeleton className="h-8 w-40 bg-slate-100" />
      </div>
    </section>
  );
}
