import { Toaster } from "sonner";
import { logoutAction } from "@/app/(auth)/actions";
import { AppShell } from "@/components/shell/app-shell";
import { menuFor } from "@/components/shell/menu";
import { countUnreadNotifications } from "@/lib/admin/notifications";
import { inboxTotal } from "@/lib/approvals/inbox";
import { encodeId } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { requirePageContext } from "@/lib/platform/session";

/** The signed-in shell: every portal page sits inside it; without a session the browser goes to /auth/login. */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requirePageContext();
  const [unread, approvalsCount] = await Promise.all([countUnreadNotifications(ctx), inboxTotal(ctx)]);

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
