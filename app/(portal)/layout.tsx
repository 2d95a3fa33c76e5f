import { Toaster } from "sonner";
import { logoutAction } from "@/app/(auth)/actions";
import { AppShell } from "@/components/shell/app-shell";
import { menuFor } from "@/components/shell/menu";
import { countUnreadNotifications } from "@/lib/admin/notifications";
import { inboxTotal } from "@/lib/approvals/inbox";
import { encodeId } from "@/lib/platform/ids";
import { getLogger } from "@/lib/platform/logger.mjs";
import { ROLE } from "@/lib/platform/permissions";
import { requirePageContext } from "@/lib/platform/session";

/**
 * A count the shell shows beside an entry: read while the shell and the page render, and streamed into its badge
 * when it is ready (components/shell/counts.tsx), so the page's first bytes never wait for it. A count that cannot
 * be read is logged and shows no badge: the page itself still answers (or fails on its own reads).
 */
function streamedCount(what: string, read: Promise<number>): Promise<number> {
  return read.catch((err: unknown) => {
    getLogger().error({ err }, `the shell's ${what} count could not be read`);
    return 0;
  });
}

/** The signed-in shell: every portal page sits inside it; without a session the browser goes to /auth/login. */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requirePageContext();
  const unread = streamedCount("unread notifications", countUnreadNotifications(ctx));
  const approvalsCount = streamedCount("pending approvals", inboxTotal(ctx));

  const profileHref = `/profile/${encodeId(ctx.userId)}`;
  const ownFranchisee = ctx.franchiseeId != null ? `/franchisees/${encodeId(ctx.franchiseeId)}` : null;
  const menu = menuFor(ctx, { profileHref, franchiseeHref: ownFranchisee, approvalsCount });
  const u = ctx.user;
  const name = u.user_name?.trim() || [u.first_name, u.last_name].filter(Boolean).join(" ").trim() || u.email;

  return (
    <>
      <AppShell
        logout={logoutAction}
        user={{ name, profileHref }}
        companyName={ctx.companyName}
        roleName={ctx.roleName}
        actingAsAdmin={ctx.actingAsAdmin}
        isBackendAdmin={ctx.roleName === ROLE.BACKEND_ADMIN}
        menu={menu}
        unread={unread}
      >
        {children}
      </AppShell>
      {/* Success toasts (dialogs.success): top right under the top bar, coloured, closable by keyboard, announced
          politely. */}
      <Toaster position="top-right" richColors closeButton offset={{ top: 72 }} mobileOffset={{ top: 72 }} />
    </>
  );
}
