import { Suspense } from "react";
import type { WalkRequestStatistics } from "@/lib/jobs/customer-walk-requests";
import { FigureCard } from "../../home/_components/figures";

// Each card is a filter of the list (issue 25): its value links to the requests it counts.
const CARDS = [
  ["total_requests", "Total Requests", "/customer-walk-requests"],
  ["pending_requests", "Pending", "/customer-walk-requests?status=pending"],
  ["approved_requests", "Approved", "/customer-walk-requests?status=approved"],
  ["total_refunds", "Total Refunds", "/customer-walk-requests?refund_eligibility=1"],
] as const;

/** The cards, the homes' figure cards; a dash while loading or when the load failed (§8: only logged). */
async function Cards({ stats }: { stats: Promise<WalkRequestStatistics | null> | null }) {
  const s = await stats;
  return (
    <ul className="grid grid-cols-2 gap-3 px-4 pb-4 sm:px-6 lg:grid-cols-4" aria-label="Request statistics">
      {CARDS.map(([key, label, href]) => (
        <li key={key} data-testid={`stat-${key}`}>
          <FigureCard figure={{ label, value: s?.[key] ?? NaN, href }} money={key === "total_refunds"} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The four statistic cards of the customer walk requests list (spec 002 §2): Total Requests, Pending, Approved and
 * Total Refunds (₹), over the caller's scope. They stream beside the table.
 */
export function StatCards({ stats }: { stats: Promise<WalkRequestStatistics | null> }) {
  return (
    <Suspense fallback={<Cards stats={null} />}>
      <Cards stats={stats} />
    </Suspense>
  );
}
