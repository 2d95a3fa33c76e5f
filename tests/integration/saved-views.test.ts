import { describe, expect, it } from "vitest";
import { deleteView, listSavedViews, saveView } from "@/lib/admin/saved-views";
import { ROLE } from "@/lib/platform/permissions";
import { adminEmail, ctxFor, DEMO_LOGINS, seeded } from "../support/fixtures";

// Saved views (issue 25): named list URLs kept per user and company; nobody else's are seen or deleted.

describe("saved views", () => {
  it("are kept per user and company, replaced by name, refused off the portal, and deleted by their owner only", async () => {
    const { happy } = await seeded();
    const admin = await ctxFor(adminEmail, happy.id);
    const fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN], happy.id);
    const v = await saveView(admin, {
      name: "Pending reschedules",
      path: "/customer-walk-requests?status=pending",
    });
    await saveView(admin, {
      name: "pending RESCHEDULES",
      path: "/customer-walk-requests?status=pending&request_type=reschedule",
    });
    const mine = await listSavedViews(admin);
    expect(mine.filter((x) => x.name.toLowerCase() === "pending reschedules")).toEqual([
      {
        id: v.id,
        name: "pending RESCHEDULES",
        path: "/customer-walk-requests?status=pending&request_type=reschedule",
      },
    ]);
    expect(await listSavedViews(fa)).toEqual([]);
    await expect(saveView(admin, { name: "x", path: "https://evil.test/" })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { path: "The view must be a page of the portal." },
    });
    await expect(saveView(admin, { name: " ", path: "/home" })).rejects.toMatchObject({ status: 422 });
    await expect(deleteView(fa, v.id)).rejects.toMatchObject({ status: 404 });
    await deleteView(admin, v.id);
    expect((await listSavedViews(admin)).some((x) => x.id === v.id)).toBe(false);
  });
});
