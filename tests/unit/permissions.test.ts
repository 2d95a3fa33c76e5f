import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, DEFAULT_ROLE_PERMISSIONS, ROLE, isVisibleTo } from "@/lib/platform/permissions";

describe("visibility rule (spec 000 §6)", () => {
  it("matches the role or the position name", () => {
    expect(isVisibleTo({ roleName: ROLE.ADMIN, positionName: null, companyId: 1 }, [ROLE.ADMIN])).toBe(true);
    expect(
      isVisibleTo({ roleName: ROLE.USER, positionName: "FRANCHISEE ADMIN", companyId: 1 }, [
        "FRANCHISEE ADMIN",
      ]),
    ).toBe(true);
    expect(
      isVisibleTo({ roleName: ROLE.MASTER_FRANCHISEE, positionName: null, companyId: 1 }, [ROLE.ADMIN]),
    ).toBe(false);
  });

  it("shows a BACKEND ADMIN everything once a company is selected, nothing before", () => {
    expect(
      isVisibleTo({ roleName: ROLE.BACKEND_ADMIN, positionName: null, companyId: 3 }, [ROLE.ADMIN]),
    ).toBe(true);
    expect(
      isVisibleTo({ roleName: ROLE.BACKEND_ADMIN, positionName: null, companyId: null }, [ROLE.ADMIN]),
    ).toBe(false);
  });
});

describe("default grants", () => {
  it("keep company creation and deletion to the SUPER ADMIN", () => {
    expect(DEFAULT_ROLE_PERMISSIONS[ROLE.SUPER_ADMIN]).toEqual(ALL_PERMISSIONS);
    expect(DEFAULT_ROLE_PERMISSIONS[ROLE.ADMIN]).not.toContain("companies.create");
    expect(DEFAULT_ROLE_PERMISSIONS[ROLE.ADMIN]).not.toContain("companies.delete");
    expect(DEFAULT_ROLE_PERMISSIONS[ROLE.ADMIN]).toContain("companies.update");
  });
});
