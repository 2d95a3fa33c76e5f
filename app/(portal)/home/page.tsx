import { Suspense } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Building2, ChevronRight } from "lucide-react";
import { menuFor, menuLinks } from "@/components/shell/menu";
import { Skeleton } from "@/components/ui/skeleton";
import { homeKind } from "@/lib/admin/home-figures";
import { encodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { requirePageContext } from "@/lib/platform/session";
import { FranchiseeHomeView, FranchisorHomeView, MasterHomeView } from "./_components/homes";

export const metadata = { title: "Home" };

function FiguresLoading() {
  return (
    <div role="status" aria-label="Loading the figures" className="grid gap-4 xl:grid-cols-3">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-56 bg-slate-100 xl:col-span-2" />
      <Skeleton className="h-56 bg-slate-100" />
    </div>
  );
}

export default async function HomePage() {
  const ctx = await requirePageContext();
  // A SUPER ADMIN with no company chosen works on the companies list (spec 000 §6).
  if (ctx.roleName === ROLE.SUPER_ADMIN && ctx.companyId == null) redirect("/companies");

  const u = ctx.user;
  const name = u.user_name?.trim() || [u.first_name, u.last_name].filter(Boolean).join(" ").trim() || u.email;
  const menu = menuFor(ctx, {
    profileHref: `/profile/${encodeId(ctx.userId)}`,
    franchiseeHref: ctx.franchiseeId != null ? `/franchisees/${encodeId(ctx.franchiseeId)}` : null,
  });
  const cards = menuLinks(menu).filter((l) => l.href !== "/home");
  // Figures first (issue 25): the franchisor's company, a master franchisee's zones, a franchisee admin's franchisee.
  // Each streams in after the greeting; the shortcuts shrink to a row of links beneath them.
  const kind = homeKind(ctx);
  const View =
    kind === "franchisor"
      ? FranchisorHomeView
      : kind === "master"
        ? MasterHomeView
        : kind === "franchisee"
          ? FranchiseeHomeView
          : null;

  const shortcuts =
    cards.length > 0 ? (
      <section aria-labelledby="home-shortcuts">
        <h2 id="home-shortcuts" className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Shortcuts
        </h2>
        {View ? (
          <ul className="flex flex-wrap gap-2">
            {cards.map((c) => (
              <li key={c.href}>
                <Link
                  href={c.href}
                  className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-800 hover:border-teal-300 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
                >
                  {c.group ? `${c.group}: ${c.label}` : c.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((c) => (
              <li key={c.href}>
                <Link
                  href={c.href}
                  className="group flex h-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-teal-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
                >
                  <span>
                    {c.group ? <span className="block text-xs text-slate-500">{c.group}</span> : null}
                    <span className="font-medium text-slate-900">{c.label}</span>
                  </span>
                  <ChevronRight className="size-4 text-slate-400 group-hover:text-teal-600" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    ) : null;

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">Hello, {name}</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
          <Building2 className="size-4 text-teal-600" aria-hidden />
          {ctx.companyName ? (
            <span>
              Working for <span className="font-medium text-slate-900">{ctx.companyName}</span>
            </span>
          ) : (
            <span>No company chosen yet. Switch to Admin in the top bar to pick one.</span>
          )}
        </p>
      </section>

      {View ? (
        // The shortcuts stream in with the figures, beneath them: nothing stands below the skeleton to be pushed
        // down when the figures (taller than any fixed skeleton) arrive (the benchmark's CLS was 0.25).
        <Suspense fallback={<FiguresLoading />}>
          <View ctx={ctx} />
          {shortcuts}
        </Suspense>
      ) : (
        shortcuts
      )}
    </div>
  );
}
