import Link from "next/link";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { notifications } from "@/db/schema";
import { formatDateTime } from "@/lib/format";
import { getDb } from "@/lib/platform/db";
import { requirePageContext } from "@/lib/platform/session";
import { cn } from "@/lib/utils";

export const metadata = { title: "Notifications" };

const PER_PAGE = 20;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Only links inside the portal are followed; anything else is shown as text. */
const safeLink = (link: string | null) =>
  link && link.startsWith("/") && !link.startsWith("//") ? link : null;

export default async function NotificationsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  const sp = await searchParams;
  const rawPage = Array.isArray(sp.page) ? sp.page[0] : sp.page;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(rawPage ?? "1", 10) || 1));

  const db = await getDb();
  const mine = eq(notifications.user_id, ctx.userId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        read_at: notifications.read_at,
        created_at: notifications.created_at,
      })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(notifications).where(mine),
  ]);
  // Opening the notifications marks them read, so the bell badge goes (spec 000 §2.4).
  await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(mine, isNull(notifications.read_at)));

  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const first = total === 0 ? 0 : (page - 1) * PER_PAGE + 1;
  const last = Math.min(total, page * PER_PAGE);

  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h1 className="text-xl font-semibold text-slate-900">Notifications</h1>
      </header>
      {rows.length === 0 ? (
        <p className="px-6 py-12 text-center text-slate-500">No data found</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => {
            const href = safeLink(r.link);
            return (
              <li key={r.id} className={cn("px-4 py-4 sm:px-6", r.read_at == null && "bg-teal-50/60")}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-medium text-slate-900">
                    {r.read_at == null ? (
                      <span className="mr-2 rounded bg-teal-600 px-1.5 py-0.5 align-middle text-[10px] font-semibold text-white uppercase">
                        New
                      </span>
                    ) : null}
                    {r.title}
                  </p>
                  <time dateTime={r.created_at.toISOString()} className="text-xs text-slate-500">
                    {formatDateTime(r.created_at)}
                  </time>
                </div>
                {r.body ? <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{r.body}</p> : null}
                {href ? (
                  <Link
                    href={href}
                    className="mt-1 inline-block text-sm font-medium text-teal-700 hover:underline"
                  >
                    Open
                  </Link>
                ) : r.link ? (
                  <p className="mt-1 text-xs break-all text-slate-500">{r.link}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <footer className="flex items-center justify-end gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-6">
        <span>
          {first}–{last} of {total}
        </span>
        <PageLink page={page - 1} disabled={page <= 1} label="Previous page">
          <ChevronLeft className="size-4" aria-hidden />
        </PageLink>
        <PageLink page={page + 1} disabled={page >= pages} label="Next page">
          <ChevronRight className="size-4" aria-hidden />
        </PageLink>
      </footer>
    </section>
  );
}

function PageLink({
  page,
  disabled,
  label,
  children,
}: {
  page: number;
  disabled: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const cls = "flex size-8 items-center justify-center rounded-md border border-slate-200";
  if (disabled)
    return (
      <span aria-disabled="true" aria-label={label} className={cn(cls, "text-slate-300")}>
        {children}
      </span>
    );
  return (
    <Link
      href={`/notifications?page=${page}`}
      aria-label={label}
      className={cn(cls, "text-slate-700 hover:bg-slate-50")}
    >
      {children}
    </Link>
  );
}
