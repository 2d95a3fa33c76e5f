import { declarationOf } from "@/lib/approvals/decisions";
import { INBOX_KINDS, inboxKinds, listInbox, type InboxKind } from "@/lib/approvals/inbox";
import { clientApproval, type ClientApproval } from "@/lib/platform/approval";
import { forbidden as forbiddenError } from "@/lib/platform/errors";
import { guardPage, pageCompanyId, throwPageError } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { Inbox } from "./_components/inbox";

export const metadata = { title: "Approvals" };

/**
 * The approvals inbox (issue 25): every pending item the caller may decide, oldest first, with its age, who asked
 * and which franchisee; filter by kind (?kind=); a side panel with the details and the decision actions; keyboard
 * (j/k, a, r, Enter, ?) and bulk decisions of one kind.
 */
export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await requirePageContext();
  pageCompanyId(ctx);
  const kinds = inboxKinds(ctx);
  if (!kinds.length) throwPageError(forbiddenError());
  const raw = (await searchParams).kind;
  const kind =
    typeof raw === "string" && (INBOX_KINDS as readonly string[]).includes(raw) ? (raw as InboxKind) : null;
  // Each kind's declaration as the caller decides it (a two-step workflow: their step): the DecisionDialog reads it.
  const mine = await Promise.all(kinds.map(async (k) => [k, await declarationOf(k, ctx)] as const));
  const declared: Partial<Record<InboxKind, ClientApproval>> = Object.fromEntries(
    mine.flatMap(([k, a]) => (a ? [[k, clientApproval(ctx, a)]] : [])),
  );
  const page = await guardPage(() => listInbox(ctx, { kind: kind ?? undefined, limit: 50 }));
  return <Inbox key={kind ?? "all"} kind={kind} initial={page} declared={declared} />;
}
