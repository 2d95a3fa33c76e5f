import { beforeAll, describe, expect, it } from "vitest";
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  openNotifications,
} from "@/lib/admin/notifications";
import type { Ctx } from "@/lib/platform/context";
import { notify } from "@/lib/platform/notifications";
import { DEMO_LOGINS, adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

type Item = { id: number; title: string; body: string | null; link: string | null; read_at: string | null };

let admin: Ctx;
let master: Ctx;
let adminToken: string;
let masterToken: string;

beforeAll(async () => {
  await seeded();
  admin = await ctxFor(adminEmail);
  master = await ctxFor(DEMO_LOGINS["MASTER FRANCHISEE"]);
  adminToken = await tokenFor(adminEmail);
  masterToken = await tokenFor(DEMO_LOGINS["MASTER FRANCHISEE"]);
  // Start from a clean badge whatever the seed raised.
  await markNotificationsRead(admin);
  await markNotificationsRead(master);
});

describe("notifications", () => {
  it("lists a raised notification unread, newest first, with its portal link", async () => {
    await notify({ userId: admin.userId, companyId: admin.companyId, title: "First", body: "One" });
    await notify({
      userId: admin.userId,
      companyId: admin.companyId,
      title: "Leave request",
      body: "Asha asked for leave.",
      link: "/leave-requests",
    });
    expect(await countUnreadNotifications(admin)).toBe(2);

    const r = await api("GET", "notifications", { token: adminToken });
    expect(r.status).toBe(200);
    const items = r.json.data as Item[];
    expect(items.slice(0, 2).map((i) => i.title)).toEqual(["Leave request", "First"]);
    expect(items[0]).toMatchObject({ body: "Asha asked for leave.", link: "/leave-requests", read_at: null });
  });

  it("never keeps a link that leaves the portal", async () => {
    await notify({ userId: admin.userId, companyId: null, title: "Odd", link: "https://evil.test/x" });
    await notify({ userId: admin.userId, companyId: null, title: "Odd 2", link: "//evil.test/x" });
    const { data } = await listNotifications(admin, { rowsPerPage: "2" });
    expect(data.map((i) => [i.title, i.link])).toEqual([
      ["Odd 2", null],
      ["Odd", null],
    ]);
  });

  it("opening marks them read (the unread count drops) and still shows which were new", async () => {
    expect(await countUnreadNotifications(admin)).toBe(4);
    const opened = await openNotifications(admin, {});
    expect(opened.data.filter((i) => i.read_at == null).length).toBe(4);
    expect(await countUnreadNotifications(admin)).toBe(0);
    const again = await listNotifications(admin, {});
    expect(again.data.every((i) => i.read_at != null)).toBe(true);
  });

  it("POST notifications/read marks all of the caller's notifications read, and only theirs", async () => {
    await notify([
      { userId: admin.userId, companyId: admin.companyId, title: "A" },
      { userId: master.userId, companyId: master.companyId, title: "M" },
    ]);
    expect(await countUnreadNotifications(admin)).toBe(1);
    const r = await api("POST", "notifications/read", { token: adminToken });
    expect(r.status).toBe(200);
    expect(typeof r.json.message).toBe("string");
    expect(await countUnreadNotifications(admin)).toBe(0);
    expect(await countUnreadNotifications(master)).toBe(1);
  });

  it("one user never sees another's notifications", async () => {
    await notify({ userId: master.userId, companyId: master.companyId, title: "For Vikram only" });
    const adminItems = (await api("GET", "notifications?rowsPerPage=100", { token: adminToken })).json
      .data as Item[];
    expect(adminItems.some((i) => i.title === "For Vikram only" || i.title === "M")).toBe(false);
    const masterItems = (await api("GET", "notifications?rowsPerPage=100", { token: masterToken })).json
      .data as Item[];
    expect(masterItems.map((i) => i.title).slice(0, 2)).toEqual(["For Vikram only", "M"]);
    expect(masterItems.some((i) => ["First", "A", "Leave request"].includes(i.title))).toBe(false);
  });

  it("reads the caller's own notifications whichever company they act for", async () => {
    const { wag } = await seeded();
    await notify({ userId: master.userId, companyId: wag.id, title: "From Wag Nation" });
    const asWag = await ctxFor(DEMO_LOGINS["MASTER FRANCHISEE"], wag.id);
    const titles = (await listNotifications(asWag, { rowsPerPage: "100" })).data.map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining(["From Wag Nation", "For Vikram only", "M"]));
    expect(titles).not.toContain("First");
  });

  it("pages with page and rowsPerPage and counts all of the caller's notifications", async () => {
    const all = await listNotifications(admin, { rowsPerPage: "100" });
    const p2 = await api("GET", "notifications?page=2&rowsPerPage=2", { token: adminToken });
    expect(p2.json.count).toBe(all.count);
    expect(p2.json.count_estimated).toBe(false);
    expect((p2.json.data as Item[]).map((i) => i.id)).toEqual(all.data.slice(2, 4).map((i) => i.id));
  });
});
