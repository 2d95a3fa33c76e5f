import { nextMonthYear } from "@/lib/operations/week-parity";
import { pageCompanyId, authorizePage } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { CopyPjpForm } from "../_components/copy-pjp-form";

export const metadata = { title: "Copy Pjp from Previous Month" };

/**
 * /pjps/copy-pjp-prev-month (spec 001 §2): User and 'from Previous Month' (the month copied into, next month by
 * default, so this month's PJPs carry over), Copy Pjp; the screen stays.
 */
export default async function CopyPjpFromPreviousMonthPage() {
  const ctx = await requirePageContext();
  authorizePage(ctx, "pjps.copy");
  pageCompanyId(ctx);
  // The user is searched by the form's picker (a company has up to a million users).
  return <CopyPjpForm mode="previous" initialMonth={nextMonthYear()} />;
}
