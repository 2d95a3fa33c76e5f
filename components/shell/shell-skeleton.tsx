import PortalLoading from "@/app/(portal)/loading";
import { Skeleton } from "@/components/ui/skeleton";

const MENU_ROWS = 9;

/**
 * The signed-in frame's outline: what a portal page's first bytes carry (with the document's head, so the browser
 * fetches the styles and scripts at once) while the caller and the menu are read and the frame renders. Same boxes
 * as the frame (a 16rem drawer from `md`, a 4rem top bar, the page's padding), so nothing moves when it arrives.
 */
export function ShellSkeleton() {
  return (
    <div className="flex min-h-svh bg-slate-100" data-testid="shell-skeleton">
      <div className="sticky top-0 hidden h-svh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-5">
          <span className="size-9 rounded-lg bg-teal-600" />
          <span className="flex flex-col gap-1.5">
            <Skeleton className="h-3.5 w-24 bg-slate-200" />
            <Skeleton className="h-3 w-32 bg-slate-100" />
          </span>
        </div>
        <div className="flex-1 space-y-1 px-3 py-4">
          {Array.from({ length: MENU_ROWS }, (_, i) => (
            <div key={i} className="flex h-10 items-center gap-3 px-3">
              <Skeleton className="size-4 bg-slate-100" />
              <Skeleton className="h-3.5 w-32 bg-slate-100" />
            </div>
          ))}
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 sm:gap-4 sm:px-6">
          <Skeleton className="size-9 bg-slate-100 md:hidden" />
          <span className="flex flex-col gap-1.5">
            <Skeleton className="h-4 w-40 bg-slate-200" />
            <Skeleton className="h-3 w-28 bg-slate-100" />
          </span>
        </div>
        <div className="min-w-0 flex-1 p-3 sm:p-6">
          <PortalLoading />
        </div>
      </div>
    </div>
  );
}
