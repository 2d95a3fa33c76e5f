"use server";
import { deleteView, listSavedViews, saveView } from "@/lib/admin/saved-views";
import { requestsById } from "@/lib/approvals/inbox";
import { optionPage } from "@/lib/options/option-sources";
import { can, type Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

export type PaletteHit = {
  group: "Customers" | "Staff" | "Franchisees" | "Requests";
  label: string;
  sublabel: string | null;
  href: string;
};

/** A source's first matches, or none when the caller may not ask it (the palette shows what they may open). */
async function hits(
  ctx: Ctx,
  source: string,
  search: string,
  href: (value: string) => string | null,
  group: PaletteHit["group"],
) {
  try {
    const page = await optionPage(ctx, source, { search, limit: 5 });
    return page.data.flatMap((o) => {
      const to = href(o.value);
      return to ? [{ group, label: o.label, sublabel: o.sublabel, href: to }] : [];
    });
  } catch (e) {
    if (e instanceof AppError && (e.status === 403 || e.status === 404)) return [];
    throw e;
  }
}

/**
 * The command palette's search (Ctrl+K): customers, staff and franchisees through the pickers' option sources (their
 * trigram-indexed search, the caller's scope, at most 5 each), and requests by number (#123 or 123). Two characters
 * at least.
 */
export async function paletteSearch(term: unknown) {
  return toActionResult(async (): Promise<PaletteHit[]> => {
    const ctx = await actionContext();
    const q = typeof term === "string" ? term.trim().slice(0, 100) : "";
    if (q.length < 2 || ctx.companyId == null) return [];
    const number = /^#?(\d{1,10})$/.exec(q);
    const userPage = (v: string) =>
      can(ctx, "users.view")
        ? `/users/${v}`
        : ctx.franchiseeId != null || ctx.zoneIds != null
          ? `/franchisee-staffs/${v}`
          : null;
    const [requests, customers, staff, franchisees] = await Promise.all([
      number ? requestsById(ctx, Number(number[1])) : Promise.resolve([]),
      hits(
        ctx,
        "customers",
        q,
        (v) =>
          can(ctx, "user_monthly_job_requests.list") ? `/user-monthly-job-requests?user_id=${v}` : null,
        "Customers",
      ),
      hits(ctx, "staff", q, userPage, "Staff"),
      hits(
        ctx,
        "franchisees",
        q,
        (v) => (can(ctx, "franchisees.view") ? `/franchisees/${v}` : null),
        "Franchisees",
      ),
    ]);
    return [
      ...requests.map((r) => ({ group: "Requests" as const, label: r.label, sublabel: null, href: r.href })),
      ...customers,
      ...staff,
      ...franchisees,
    ];
  });
}

/** The caller's saved views (the palette's Views). */
export async function mySavedViews() {
  return toActionResult(async () => listSavedViews(await actionContext()));
}

/** Saves the page the caller is on (its path and URL filters) under a name. */
export async function saveCurrentView(name: unknown, path: unknown) {
  return toActionResult(async () => saveView(await actionContext(), { name, path }));
}

/** Deletes one of the caller's saved views. */
export async function deleteSavedView(id: unknown) {
  return toActionResult(async () => {
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n < 1) throw new AppError(404, "Not found.");
    await deleteView(await actionContext(), n);
    return { id: n };
  });
}
