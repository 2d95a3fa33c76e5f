// The demo seed's customer walk requests (lib/seed/demo-jobs.ts) whatever the date: seeded on a month's last day,
// when the month has no walk left to come, each company still has a pending reschedule and a pending cancellation,
// each for a walk still to come (the reschedule's walk marked Reschedule Pending), and the rejected ones besides.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, rowsOf } from "@/lib/platform/db";
import { bootstrap } from "@/lib/seed";

type Req = { company_id: number; request_type: string; status: string; date: string; walk_status: number };

let rows: Req[];
let companies: number[];

beforeAll(async () => {
  // 31-12-2026, 12:00 in India: the month's last day (its walks after today: none).
  vi.useFakeTimers({ now: new Date("2026-12-31T06:30:00Z"), toFake: ["Date"] });
  // Seeded here, on that day (not the run's seeded database, which is of the real day).
  await bootstrap({ demo: true });
  const db = await getDb();
  companies = rowsOf<{ id: number }>(
    await db.execute(sql`select id from companies where name in ('Happy Paws Pvt Ltd', 'Wag Nation LLP')`),
  ).map((c) => c.id);
  expect(companies).toHaveLength(2);
  rows = rowsOf<Req>(
    await db.execute(sql`
      select r.company_id, r.request_type, r.status, w.date::text as date, w.status::int as walk_status
      from customer_walk_requests r join daily_job_plan_walks w on w.id = r.walk_id
      where r.deleted_at is null`),
  );
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the demo seed's walk requests on a month's last day", () => {
  it("has a pending reschedule and a pending cancellation per company, for walks still to come", () => {
    for (const company of companies) {
      const mine = rows.filter((r) => r.company_id === company);
      const pending = mine.filter((r) => r.status === "pending");
      expect(pending.map((r) => r.request_type).sort(), `company ${company}`).toEqual([
        "cancel",
        "reschedule",
      ]);
      for (const r of pending) expect(r.date > "2026-12-31").toBe(true);
      expect(pending.find((r) => r.request_type === "reschedule")!.walk_status).toBe(3);
      expect(mine.filter((r) => r.status === "rejected")).toHaveLength(2);
    }
  });
});
