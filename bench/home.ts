// The homes' and the inbox's bench rows (issue 25), for bench/run.ts: the inbox through GET /api/approvals (its page
// and counts: one UNION ALL over the workflow tables' pending indexes, migration 0029) as the admin, and the
// franchisor's home figures in-process (walk_day_figures, company_figures, the month's approved requests, the pending
// counts and the KYC expiry index). The home page itself is a Chromium row (bench/browser.ts PAGES: /home); the inbox
// page wants one too (/approvals).
import type { Ctx } from "@/lib/platform/context";

type Scenario = {
  label: string;
  path: string;
  who: "admin";
  run: () => Promise<unknown>;
  share?: number;
  kind: "list" | "read";
};

/** The scenarios, keyed as bench/run.ts keys its apiScenarios. */
export async function homeScenarios(ctx: Ctx): Promise<Record<string, Scenario>> {
  const { listInbox } = await import("@/lib/approvals/inbox");
  return {
    inbox: {
      label: "the approvals inbox, page 1 and counts (GET /api/approvals)",
      path: "approvals?limit=25",
      who: "admin",
      run: () => listInbox(ctx, { limit: 25 }),
      kind: "list",
    },
    inbox_kind: {
      label: "the approvals inbox, one kind (GET /api/approvals?kind=leave_requests)",
      path: "approvals?kind=leave_requests&limit=25",
      who: "admin",
      run: () => listInbox(ctx, { kind: "leave_requests", limit: 25 }),
      kind: "list",
    },
  };
}

/** The franchisor's home figures, for a statement capture (its floor runs the same statements). */
export async function franchisorFigures(ctx: Ctx): Promise<unknown> {
  const { franchisorHome } = await import("@/lib/admin/home-figures");
  return franchisorHome(ctx);
}

/** The pages for the Chromium rows (bench/browser.ts PAGES). */
export const HOME_PAGES = [
  { path: "/home", label: "home" },
  { path: "/approvals", label: "approvals inbox" },
];
