import { pjpMasters } from "@/lib/operations/pjp-masters";
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
  const { users } = await pjpMasters(ctx);
  return (
    <CopyPjpForm
      mode="references"
      users={users.map((u) => ({ value: String(u.id), label: u.user_name }))}
      initialMonth={nextMonthYear()}
    />
  );
}
