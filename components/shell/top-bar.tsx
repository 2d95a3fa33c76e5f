"use client";
import { useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Bell, Building2, LogOut, Menu, UserRound } from "lucide-react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { ROLE } from "@/lib/platform/permissions";
import { cn } from "@/lib/utils";
import { CompanyPicker, MemberCompanySwitch } from "./company-picker";
import { StreamedCount, type ShellCount } from "./counts";
import { settle } from "@/components/form/settle";
import { reloadAt, reportFailure, useDialogs } from "./dialogs";
import { switchCompanyAction } from "./shell-actions";

export type TopBarProps = {
  /** The logout server action (app/(auth)/actions.ts), handed down by the portal layout. */
  logout: () => Promise<void>;
  user: { name: string; profileHref: string };
  companyName: string | null;
  roleName: string;
  /** A platform admin acting for a chosen company: the header says ADMIN. */
  actingAsAdmin: boolean;
  isBackendAdmin: boolean;
  /** Unread notifications; a promise while the layout streams it in (the bell shows no badge until then). */
  unread: ShellCount;
  onOpenMenu: () => void;
  /** The phone menu's button, which the menu gives the focus back to when it closes. */
  menuButton?: React.Ref<HTMLButtonElement>;
};

/** The bell's count of unread notifications. */
function UnreadBadge({ unread, onNotifications }: { unread: number; onNotifications: boolean }) {
  // Opening the notifications marks them read on the server; the shell keeps its count until the next refresh,
  // so the badge is hidden from the moment they were opened until the server reports a new count.
  const [seen, setSeen] = useState<{ unread: number } | null>(null);
  if (onNotifications && unread > 0 && seen?.unread !== unread) setSeen({ unread });
  const badge = onNotifications || seen?.unread === unread ? 0 : unread;
  if (badge <= 0) return null;
  return (
    <span
      data-testid="notification-badge"
      className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
    >
      {badge > 99 ? "99+" : badge}
      <span className="sr-only"> unread</span>
    </span>
  );
}

const initials = (name: string) =>
  name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("") || "?";

/** Greeting and company, the ADMIN marker, the backend-admin switch, the bell and the account menu (spec 000 §2.4). */
export function TopBar({
  logout,
  user,
  companyName,
  roleName,
  actingAsAdmin,
  isBackendAdmin,
  unread,
  onOpenMenu,
  menuButton,
}: TopBarProps) {
  const pathname = usePathname();
  const logoutForm = useRef<HTMLFormElement>(null);
  const onNotifications = pathname === "/notifications" || pathname.startsWith("/notifications/");
  const canSwitch = isBackendAdmin || roleName === ROLE.SUPER_ADMIN;

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-4 sm:px-6">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        ref={menuButton}
        onClick={onOpenMenu}
      >
        <Menu className="size-5" aria-hidden />
      </Button>

      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900 sm:text-base">Hello, {user.name}</p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
          {companyName ? (
            <>
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{companyName}</span>
            </>
          ) : (
            <span className="truncate">{roleName}</span>
          )}
          {actingAsAdmin ? (
            <Badge className="ml-1 shrink-0 bg-teal-700 px-1.5 py-0 text-[10px] font-semibold tracking-wide text-white">
              ADMIN
            </Badge>
          ) : null}
        </p>
      </div>

      {canSwitch ? <AdminSwitch roleName={roleName} acting={actingAsAdmin} /> : <MemberCompanySwitch />}

      <Button asChild variant="ghost" size="icon" className="relative shrink-0">
        {/* Named by its content, so the name holds what is seen (the count): "Notifications 3 unread". */}
        <Link href="/notifications">
          <Bell className="size-5" aria-hidden />
          <span className="sr-only">Notifications</span>
          <StreamedCount count={unread}>
            {(n) => <UnreadBadge unread={n} onNotifications={onNotifications} />}
          </StreamedCount>
        </Link>
      </Button>

      <form ref={logoutForm} action={logout} className="hidden" aria-hidden />
      {/* Not modal: a modal menu hides the page from screen readers while its links stay focusable. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" className="h-10 shrink-0 gap-2 rounded-full px-1 sm:pr-3">
            <Avatar className="size-8">
              <AvatarFallback className="bg-teal-100 text-xs font-semibold text-teal-800">
                {initials(user.name)}
              </AvatarFallback>
            </Avatar>
            <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 lg:inline">
              {user.name}
            </span>
            <span className="sr-only">Account menu</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="truncate font-normal">
            <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
            <span className="block truncate text-xs text-slate-500">{roleName}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href="/notifications">
              <Bell className="size-4" aria-hidden /> Notifications
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href={user.profileHref}>
              <UserRound className="size-4" aria-hidden /> My Profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {/* The form lives outside the menu: the menu closes (and unmounts) before a nested form could submit. */}
          <DropdownMenuItem onSelect={() => logoutForm.current?.requestSubmit()}>
            <LogOut className="size-4" aria-hidden /> Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </header>
  );
}

/** 'Backend Admin' ↔ 'Admin': turning it on opens the company picker; turning it off clears the company. */
function AdminSwitch({ roleName, acting }: { roleName: string; acting: boolean }) {
  const dialogs = useDialogs();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = roleName === ROLE.SUPER_ADMIN ? "Super Admin" : "Backend Admin";

  const change = async (on: boolean) => {
    if (on) return setPicking(true);
    setBusy(true);
    const r = await settle(() => switchCompanyAction(null));
    if (r.ok) return reloadAt("/login");
    setBusy(false);
    reportFailure(dialogs, r);
  };

  return (
    <div className="flex shrink-0 items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-2.5 py-1 text-xs font-medium">
      <span className={cn("hidden sm:inline", acting ? "text-slate-600" : "text-slate-900")}>{own}</span>
      <Switch
        checked={acting || picking}
        disabled={busy}
        onCheckedChange={(on) => void change(on)}
        aria-label={acting ? `Switch back to ${own}` : "Switch to Admin for a company"}
      />
      <span className={cn(acting ? "text-teal-700" : "text-slate-600")}>Admin</span>
      <CompanyPicker open={picking} onOpenChange={setPicking} />
    </div>
  );
}
