import Link from "next/link";
import { notificationList, openNotifications, portalLink } from "@/lib/admin/notifications";
import { formatDateTime } from "@/lib/format";
import { parseListQuery } from "@/lib/platform/list";
import { guardPage } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { Pagination } from "@/components/data-table";
import { cn } from "@/lib/utils";
import { Ist } from "@/components/ist";

export const metadata = { title: "Notifications" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The signed-in user's notifications, newest first (spec 000 §2.13). Opening the page marks them read, so the
 * bell badge goes (§2.4); the ones that were unread until now are still marked 'New' on this visit.
 */
export default async function NotificationsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  const sp = await searchParams;
  const params = await guardPage(() => parseListQuery(notificationList, sp));
  const { data: rows, count } = await openNotifications(ctx, sp);

  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h1 className="text-xl font-semibold text-slate-900">Notifications</h1>
      </header>
      {rows.length === 0 ? (
        <p className="px-6 py-12 text-center text-slate-500">No data found</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Notifications">
          {rows.map((r) => {
            const href = portalLink(r.link);
            return (
              <li
                key={r.id}
                className={cn("px-4 py-4 sm:px-6", r.read_at == null && "bg-teal-50/60")}
                data-testid="notification"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-medium break-words text-slate-900">
                    {r.read_at == null ? (
                      <span className="mr-2 rounded bg-teal-700 px-1.5 py-0.5 align-middle text-[10px] font-semibold text-white uppercase">
                        New
                      </span>
                    ) : null}
                    {r.title}
                  </p>
                  <time dateTime={r.created_at.toISOString()} className="text-xs text-slate-500 tabular-nums">
                    {formatDateTime(r.created_at)}
                    <Ist />
                  </time>
                </div>
                {r.body ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{r.body}</p>
                ) : null}
                {href ? (
                  <Link
                    href={href}
                    className="mt-1 inline-block text-sm font-medium text-teal-700 hover:underline"
                  >
                    Open
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        className="border-t border-slate-200"
      />
    </section>
  );
}
