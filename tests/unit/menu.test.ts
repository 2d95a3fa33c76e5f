import { describe, expect, it } from "vitest";
import { entityLink, menuFor, menuLinks, type MenuItem } from "@/components/shell/menu";
import type { Ctx } from "@/lib/platform/context";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, POSITION, ROLE } from "@/lib/platform/permissions";
import { registered } from "@/lib/registry";

/** A caller as resolveContext builds it (only what the menu reads matters). */
function caller(roleName: string, o: Partial<Ctx> = {}): Ctx {
  return {
    userId: 1,
    user: { id: 1, email: "x@x.test", first_name: "X", last_name: "Y", user_name: null },
    roleId: 0,
    roleName,
    positionName: null,
    permissions: new Set(DEFAULT_ROLE_PERMISSIONS[roleName] ?? []),
    companyId: 7,
    companyName: "Happy Paws",
    franchiseeId: null,
    zoneIds: null,
    actingAsAdmin: false,
    via: "session",
    ...o,
  };
}

const labels = (items: MenuItem[]): string[] =>
  items.map((i) => (i.children ? `${i.label} [${labels(i.children).join(", ")}]` : i.label));
const links = { profileHref: "/profile/me", franchiseeHref: "/franchisees/mine" };

describe("the menu", () => {
  it("keeps spec 000 §6's entries, order and titles for an ADMIN", () => {
    expect(labels(menuFor(caller(ROLE.ADMIN), links))).toEqual([
      "Home",
      "Approvals",
      "Company",
      "Users",
      "Plans",
      "Interest Service",
      "Career Requests [Walkie, Trainer, Daycare, Franchisee]",
      "Customer Walk Requests",
      "Blogs",
      "Master Franchisee",
      "Franchisee",
      "KYC Documents [Franchisee KYC, Staff KYC]",
      "Job Operations [Monthly Job Requests, Daily Job Plans, Leave Requests, Calendar]",
      "Field Operations [Services, Outlets, PJPs, PJP References]",
      "Settings [Banners, Modules, Permissions, Master, Master Value, State Holidays, State GSTs, KYC Document Types, Walk Request Policy, Positions, My Profile]",
      "User Timestamps",
      "API Reference",
    ]);
  });

  it("links registered entities to their list route from the registry", () => {
    const byLabel = new Map(menuLinks(menuFor(caller(ROLE.ADMIN), links)).map((l) => [l.label, l.href]));
    const entities = {
      Company: "companies",
      Users: "users",
      Modules: "modules",
      Permissions: "permissions",
      Positions: "positions",
      Services: "services",
      Outlets: "outlets",
      PJPs: "pjps",
      "PJP References": "pjp_references",
      Banners: "banners",
      Master: "values",
      "State Holidays": "state_holidays",
      "State GSTs": "state_gsts",
      Plans: "plans",
      "Interest Service": "user_service_interests",
      Blogs: "blogs",
      "Master Franchisee": "master_franchisees",
      Franchisee: "franchisees",
    };
    for (const [label, name] of Object.entries(entities)) {
      expect(entityLink(name), name).not.toBeNull();
      expect(byLabel.get(label), label).toBe(registered(name)!.def.href);
    }
    expect(byLabel.get("Company")).toBe("/companies");
    expect(byLabel.get("Positions")).toBe("/positions");
  });

  it("hides an entity's entry from a caller without its list permission, and an empty group", () => {
    const admin = caller(ROLE.ADMIN);
    const without = new Set(
      [...admin.permissions].filter((p) => p !== "positions.list" && p !== "users.list"),
    );
    const items = menuLinks(menuFor({ ...admin, permissions: without }, links)).map((l) => l.label);
    expect(items).not.toContain("Positions");
    expect(items).not.toContain("Users");
    expect(items).toContain("Modules");
  });

  it("shows a SUPER ADMIN with no company Home and the Companies list, a BACKEND ADMIN Home only", () => {
    const sup = caller(ROLE.SUPER_ADMIN, { companyId: null, permissions: new Set() });
    expect(menuFor(sup, links)).toEqual([
      { label: "Home", href: "/home", names: [], icon: "home" },
      { label: "Company", href: "/companies", names: [ROLE.ADMIN, ROLE.SUPER_ADMIN], icon: "company" },
    ]);
    expect(labels(menuFor(caller(ROLE.BACKEND_ADMIN, { companyId: null }), links))).toEqual(["Home"]);
    // Acting for a company, a BACKEND ADMIN sees the ADMIN menu.
    expect(labels(menuFor(caller(ROLE.BACKEND_ADMIN), links))).toEqual(
      labels(menuFor(caller(ROLE.ADMIN), links)),
    );
  });

  it("shows the franchisee roles their own entries", () => {
    const fa = caller(ROLE.FRANCHISEE_ADMIN, { positionName: POSITION.FRANCHISEE_ADMIN, franchiseeId: 3 });
    expect(labels(menuFor(fa, links))).toEqual([
      "Home",
      "Approvals",
      "Franchisee Details",
      "KYC Document",
      "Staff",
      "Leave Requests",
      "Monthly Job Requests",
      "Daily Job Plans",
      "Calendar",
      "Customer Walk Requests",
    ]);
    const mf = caller(ROLE.MASTER_FRANCHISEE, { positionName: POSITION.MASTER_FRANCHISEE });
    expect(labels(menuFor(mf, links))).toEqual([
      "Home",
      "Approvals",
      "Monthly Job Requests",
      "Career Requests [Franchisee]",
      "Franchisee",
      "Staff",
    ]);
  });

  it("checks the permission of entries declared with a link of their own, not only registered entities", () => {
    const fa = caller(ROLE.FRANCHISEE_ADMIN, { positionName: POSITION.FRANCHISEE_ADMIN, franchiseeId: 3 });
    const without = (...names: string[]) =>
      caller(ROLE.FRANCHISEE_ADMIN, {
        positionName: POSITION.FRANCHISEE_ADMIN,
        franchiseeId: 3,
        permissions: new Set([...fa.permissions].filter((p) => !names.includes(p))),
      });
    const shown = (ctx: Ctx) => menuLinks(menuFor(ctx, links)).map((l) => l.label);
    expect(shown(fa)).toEqual(expect.arrayContaining(["Calendar", "Staff", "KYC Document", "Approvals"]));
    expect(shown(without("daily_job_plans.list"))).not.toContain("Calendar");
    expect(shown(without("users.list"))).not.toContain("Staff");
    // A link that is a registered entity's list route takes that entity's list permission.
    expect(shown(without("franchisee_kyc_documents.list"))).not.toContain("KYC Document");
    // The inbox shows to whoever may decide any kind.
    const deciders = [...fa.permissions].filter(
      (p) => p.endsWith(".approve") || p.endsWith(".update") || p.endsWith(".review"),
    );
    expect(shown(without(...deciders))).not.toContain("Approvals");
    // The count rides on the entry.
    const withCount = menuFor(fa, { ...links, approvalsCount: 4 }).find((i) => i.href === "/approvals");
    expect(withCount?.count).toBe(4);
  });

  it("is plain data the server can hand to the client shell", () => {
    const menu = menuFor(caller(ROLE.SUPER_ADMIN, { permissions: new Set(ALL_PERMISSIONS) }), links);
    expect(JSON.parse(JSON.stringify(menu))).toEqual(menu);
  });
});
