import { Suspense } from "react";
import Link from "next/link";
import { CalendarClock, CheckCircle2, IndianRupee, ListChecks } from "lucide-react";
import { formatRupees } from "@/lib/format";
import type { WalkRequestStatistics } from "@/lib/jobs/customer-walk-requests";

// Each card is a filter of the list (issue 25): the requests it counts.
const CARDS = [
  {
    key: "total_requests",
    label: "Total Requests",
    icon: ListChecks,
    tone: "bg-slate-100 text-slate-700",
    href: "/customer-walk-requests",
  },
  {
    key: "pending_requests",
    label: "Pending",
    icon: CalendarClock,
    tone: "bg-amber-50 text-amber-800",
    href: "/customer-walk-requests?status=pending",
  },
  {
    key: "approved_requests",
    label: "Approved",
    icon: CheckCircle2,
    tone: "bg-teal-50 text-teal-800",
    href: "/customer-walk-requests?status=approved",
  },
  {
    key: "total_refunds",
    label: "Total Refunds",
    icon: IndianRupee,
    tone: "bg-sky-50 text-sky-800",
    href: "/customer-walk-requests?refund_eligibility=1",
  },
] as const;

function Cards({ stats }: { stats: WalkRequestStatistics | null }) {
  return (
    <ul className="grid grid-cols-2 gap-3 px-4 pb-4 sm:px-6 lg:grid-cols-4" aria-label="Request statistics">
      {CARDS.map(({ key, label, icon: Icon, tone, href }) => {
        const v = stats?.[key];
        const text = v == null ? "—" : key === "total_refunds" ? formatRupees(v) : v.toLocaleString("en-IN");
        return (
          <li key={key}>
            <Link
              href={href}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs hover:border-teal-300 focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
            >
              <span
                className={`flex size-9 shrink-0 items-center justify-center rounded-full ${tone}`}
                aria-hidden
              >
                <Icon className="size-4" />
              </span>
              <div className="min-w-0">
                <p className="text-xs text-slate-600">{label}</p>
                <p
                  className="truncate text-lg font-semibold text-slate-900 tabular-nums"
                  data-testid={`stat-${key}`}
                >
                  {text}
                </p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

async function Loaded({ stats }: { stats: Promise<WalkRequestStatistics | null> }) {
  return <Cards stats={await stats} />;
}

/**
 * The four statistic cards of the customer walk requests list (spec 002 §2): Total Requests, Pending, Approved and
 * Total Refunds (₹), over the caller's scope. They stream beside the table; a failed load shows dashes (§8: only
 * logged).
 */
export function StatCards({ stats }: { stats: Promise<WalkRequestStatistics | null> }) {
  return (
    <Suspense fallback={<Cards stats={null} />}>
      <Loaded stats={stats} />
    </Suspense>
  );
}
