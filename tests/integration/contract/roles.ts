import { roles } from "@/db/schema";
import type { Sample } from "./types";

// The valid call's `before` makes the role; the 401/403 checks run before it and never reach the record.
const spare = { roleId: 0 };

export const rolesSamples: Record<string, Sample> = {
  "GET roles": { path: () => "roles?page=1&rowsPerPage=5&is_active=1" },
  "GET role_exports": { path: () => "role_exports?search_keyword=admin" },
  "GET roles/masters": { customerDenied: true, path: () => "roles/masters" },
  "GET roles/:id": { path: () => "roles/2" },
  "POST roles": {
    customerDenied: true,
    as: "super",
    path: () => "roles",
    body: () => ({ name: "Contract Role", is_active: 1, role_permissions: [] }),
  },
  "POST roles/delete/:id": {
    as: "super",
    path: () => `roles/delete/${spare.roleId}`,
    before: async (e) => {
      const [r] = await e.db
        .insert(roles)
        .values({ name: "Contract Spare Role" })
        .returning({ id: roles.id });
      spare.roleId = r.id;
    },
  },
};
