import { nextMonthYear } from "@/lib/operations/week-parity";
import { pageCompanyId, authorizePage } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { CopyPjpForm } from "../_components/copy-pjp-form";

export const metadata = { title: "Copy Pjp from References" };

/** /pjps/copy-pjp-references (spec 001 §2): User and 'for Month' (next month by default), Copy Pjp, back to /pjps. */
export default async function CopyPjpFromReferencesPage() {
  const ctx = await requirePageContext();
  authorizePage(ctx, "pjps.copy");
  pageCompanyId(ctx);
  // The user is searched by the form's picker (a company has up to a million users).
  return <CopyPjpForm mode="references" initialMonth={nextMonthYear()} />;
}
