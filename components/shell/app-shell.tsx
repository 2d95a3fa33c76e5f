"use client";
import { useRef, useState } from "react";
import { DecisionHost } from "@/components/approval/decision-host";
import { ColumnChoiceScope } from "@/components/data-table/column-choice";
import { TooltipProvider } from "@/components/ui/tooltip";
import type { ShellCount } from "./counts";
import { DeferredPalette } from "./deferred-palette";
import { DialogProvider } from "./dialogs";
import type { MenuItem } from "./menu";
import { PageTimeTracker } from "./page-time-tracker";
import { SideDrawer } from "./side-drawer";
import { TopBar } from "./top-bar";

export type AppShellProps = {
  logout: () => Promise<void>;
  user: { name: string; profileHref: string };
  companyName: string | null;
  roleName: string;
  actingAsAdmin: boolean;
  isBackendAdmin: boolean;
  menu: MenuItem[];
  /** Unread notifications: the layout streams the count in after the shell. */
  unread: ShellCount;
  children: React.ReactNode;
};

/** The signed-in frame: side drawer, top bar, the page, the shell's popups and the page-time tracker. */
export function AppShell({
  logout,
  user,
  companyName,
  roleName,
  actingAsAdmin,
  isBackendAdmin,
  menu,
  unread,
  children,
}: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The phone menu is opened from the top bar, outside the sheet: it gives the focus back to that button.
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <TooltipProvider delayDuration={250}>
      <DialogProvider>
        {/* The first stop of the Tab key: past the drawer and the top bar, straight to the page. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-teal-800 focus:shadow-lg focus:ring-2 focus:ring-teal-700 focus:outline-none"
        >
          Skip to content
        </a>
        <div className="flex min-h-svh bg-slate-100">
          <SideDrawer
            menu={menu}
            companyName={companyName}
            mobileOpen={menuOpen}
            onMobileOpenChange={setMenuOpen}
            returnFocus={menuButton}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <TopBar
              logout={logout}
              user={user}
              companyName={companyName}
              roleName={roleName}
              actingAsAdmin={actingAsAdmin}
              isBackendAdmin={isBackendAdmin}
              unread={unread}
              onOpenMenu={() => setMenuOpen(true)}
              menuButton={menuButton}
            />
            <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-3 outline-none sm:p-6">
              {/* The open decision dialog of a list's row lives here, above the lists: a refresh that remounts the
                  row keeps it open. */}
              {/* Lists remember the columns a user shows per user (the profile link: an opaque id). */}
              <ColumnChoiceScope owner={user.profileHref}>
                <DecisionHost>{children}</DecisionHost>
              </ColumnChoiceScope>
            </main>
          </div>
        </div>
        <PageTimeTracker />
        <DeferredPalette menu={menu} />
      </DialogProvider>
    </TooltipProvider>
  );
}
