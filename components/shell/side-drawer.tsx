"use client";
import { useState } from "react";
import { QuietLink as Link } from "@/components/nav/quiet-link";
import { usePathname } from "next/navigation";
import { StreamedCount, type ShellCount } from "./counts";
import {
  Bell,
  BookOpenText,
  Briefcase,
  Building2,
  CalendarCheck,
  CalendarDays,
  CalendarOff,
  ChevronDown,
  Clock,
  FileCheck,
  Footprints,
  HeartHandshake,
  House,
  IdCard,
  Inbox,
  ClipboardList,
  Network,
  Newspaper,
  MapPinned,
  PawPrint,
  Settings,
  Store,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import type { MenuIcon, MenuItem } from "./menu";

const ICONS: Record<MenuIcon, LucideIcon> = {
  home: House,
  company: Building2,
  users: Users,
  plans: ClipboardList,
  interest: HeartHandshake,
  career: Briefcase,
  walk: Footprints,
  blog: Newspaper,
  "master-franchisee": Network,
  franchisee: Store,
  settings: Settings,
  timestamps: Clock,
  job: CalendarCheck,
  details: IdCard,
  kyc: FileCheck,
  staff: UserCog,
  leave: CalendarOff,
  calendar: CalendarDays,
  api: BookOpenText,
  operations: MapPinned,
  inbox: Inbox,
};

/** Whether a menu link is the current page (or one of its sub-pages: create, edit). */
export function isActiveHref(pathname: string, href: string): boolean {
  if (href === "/home") return pathname === "/home" || pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

type Props = {
  menu: MenuItem[];
  companyName: string | null;
  /** The small-screen drawer (a sheet opened from the top bar). */
  mobileOpen: boolean;
  onMobileOpenChange: (open: boolean) => void;
  /** Where the focus goes when the sheet closes (its opener lives in the top bar, so radix does not know it). */
  returnFocus?: React.RefObject<HTMLElement | null>;
};

/** The role's menu (spec 000 §6): permanent beside the page on md+ screens, a sheet on small ones. */
export function SideDrawer({ menu, companyName, mobileOpen, onMobileOpenChange, returnFocus }: Props) {
  return (
    <>
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <Brand companyName={companyName} />
        <MenuNav menu={menu} />
      </aside>
      <Sheet open={mobileOpen} onOpenChange={onMobileOpenChange}>
        <SheetContent
          side="left"
          className="flex w-72 flex-col gap-0 p-0 md:hidden"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus?.current?.focus();
          }}
        >
          <SheetHeader className="sr-only">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription>Pages you can open</SheetDescription>
          </SheetHeader>
          <Brand companyName={companyName} />
          <MenuNav menu={menu} onNavigate={() => onMobileOpenChange(false)} />
        </SheetContent>
      </Sheet>
    </>
  );
}

function Brand({ companyName }: { companyName: string | null }) {
  return (
    <Link href="/home" className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-5">
      <span className="flex size-9 items-center justify-center rounded-lg bg-teal-600 text-white">
        <PawPrint className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 leading-tight">
        <span className="block font-semibold text-slate-900">Pet Services</span>
        <span className="block truncate text-xs text-slate-500">{companyName ?? "Back office"}</span>
      </span>
    </Link>
  );
}

function MenuNav({ menu, onNavigate }: { menu: MenuItem[]; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {menu.map((item) =>
          item.children ? (
            <MenuGroup key={item.label} item={item} pathname={pathname} onNavigate={onNavigate} />
          ) : item.href ? (
            <li key={item.href}>
              <MenuLink
                href={item.href}
                label={item.label}
                icon={item.icon}
                count={item.count}
                active={isActiveHref(pathname, item.href)}
                onNavigate={onNavigate}
              />
            </li>
          ) : null,
        )}
      </ul>
    </nav>
  );
}

function MenuGroup({
  item,
  pathname,
  onNavigate,
}: {
  item: MenuItem;
  pathname: string;
  onNavigate?: () => void;
}) {
  const children = item.children ?? [];
  const hasActive = children.some((c) => c.href && isActiveHref(pathname, c.href));
  // null: follow the current page (open when it holds the active link); a click pins it open or closed.
  const [pinned, setPinned] = useState<boolean | null>(null);
  const open = pinned ?? hasActive;
  const Icon = item.icon ? ICONS[item.icon] : Bell;
  const id = `menu-group-${item.label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setPinned(!open)}
        className={cn(
          "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100",
          hasActive && "text-teal-800",
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">{item.label}</span>
        <ChevronDown
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
          aria-hidden
        />
      </button>
      <ul id={id} hidden={!open} className="mt-1 ml-5 space-y-1 border-l border-slate-200 pl-3">
        {children.map((c) =>
          c.href ? (
            <li key={c.href}>
              <MenuLink
                href={c.href}
                label={c.label}
                active={isActiveHref(pathname, c.href)}
                onNavigate={onNavigate}
                small
              />
            </li>
          ) : null,
        )}
      </ul>
    </li>
  );
}

function MenuLink(props: {
  href: string;
  label: string;
  icon?: MenuIcon;
  count?: ShellCount;
  active: boolean;
  small?: boolean;
  onNavigate?: () => void;
}) {
  const Icon = props.icon ? ICONS[props.icon] : null;
  return (
    <Link
      href={props.href}
      onClick={props.onNavigate}
      aria-current={props.active ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none",
        props.small && "py-1.5 font-normal",
        props.active
          ? "bg-teal-700 text-white shadow-sm"
          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
      )}
    >
      {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
      <span className="truncate">{props.label}</span>
      {props.count ? (
        <StreamedCount count={props.count}>
          {(n) =>
            n ? (
              <span
                className={cn(
                  "ml-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
                  props.active ? "bg-white text-teal-900" : "bg-amber-100 text-amber-900",
                )}
                data-testid="menu-count"
              >
                {n > 999 ? "999+" : n}
                <span className="sr-only"> pending</span>
              </span>
            ) : null
          }
        </StreamedCount>
      ) : null}
    </Link>
  );
}
