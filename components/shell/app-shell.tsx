"use client";
import { useState } from "react";
import { TooltipProvider } from "@/components/ui/tooltip";
import { DialogProvider } from "./dialogs";
import type { MenuItem } from "./menu";
import { PageTimeTracker } from "./page-time-tracker";
import { SideDrawer } from "./side-drawer";
import { TopBar } from "./top-bar";

export type AppShellProps = {
  user: { name: string; profileHref: string };
  companyName: string | null;
  roleName: string;
  actingAsAdmin: boolean;
  isBackendAdmin: boolean;
  menu: MenuItem[];
  unread: number;
  children: React.ReactNode;
};

/** The signed-in frame: side drawer, top bar, the page, the shell's popups and the page-time tracker. */
export function AppShell({
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
  return (
    <TooltipProvider delayDuration={250}>
      <DialogProvider>
        <div className="flex min-h-svh bg-slate-100">
          <SideDrawer
            menu={menu}
            companyName={companyName}
            mobileOpen={menuOpen}
            onMobileOpenChange={setMenuOpen}
          />
          <div className="flex min-w-0 flex-1 flex-col">
            <TopBar
              user={user}
              companyName={companyName}
              roleName={roleName}
              actingAsAdmin={actingAsAdmin}
              isBackendAdmin={isBackendAdmin}
              unread={unread}
              onOpenMenu={() => setMenuOpen(true)}
            />
            <main id="main" className="min-w-0 flex-1 p-3 sm:p-6">
              {children}
            </main>
          </div>
        </div>
        <PageTimeTracker />
      </DialogProvider>
    </TooltipProvider>
  );
}
