import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { dailyJobPlanWalks, dailyJobPlans, users } from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { appWalkSchema } from "@/lib/jobs/walks";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { api } from "../../support/fixtures";
import type { Env, Sample } from "./types";

// Contract samples of the apps' walks (lib/api/routes/walks.ts). Start, complete and rating are the walker's and the
// customer's own calls: their valid samples call as them, on a fresh walk of today.

type Db = Pick<Env, "db">;

/** A company's first live, active walker (role USER, a franchisee's staff) and first customer (nobody's staff). */
async function peopleOf(e: Db, companyId: number) {
  const [walker] = await e.db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNotNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const [customer] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return { walker, customerId: customer.id };
}

/** A fresh walk of today (India) on a plan of its own: its id, walker and customer. */
async function spareWalk(e: Db, companyId: number, o: { status?: number; completed?: boolean } = {}) {
  const { walker, customerId } = await peopleOf(e, companyId);
  const date = indiaNow().date;
  const [plan] = await e.db
    .insert(dailyJobPlans)
    .values({
      company_id: companyId,
      user_id: customerId,
      franchisee_id: walker.franchisee_id,
      walker_id: walker.id,
      date,
    })
    .returning({ id: dailyJobPlans.id });
  const [walk] = await e.db
    .insert(dailyJobPlanWalks)
    .values({
      company_id: companyId,
      daily_job_plan_id: plan.id,
      franchisee_id: walker.franchisee_id,
      walker_id: walker.id,
      date,
      timeslot: "07:00",
      status: o.status ?? 0,
      started_at: o.status && o.status > 0 ? new Date(Date.now() - 40 * 60_000) : null,
      completed_at: o.completed ? new Date() : null,
    })
    .returning({ id: dailyJobPlanWalks.id });
  return { id: walk.id, walkerId: walker.id, customerId };
}

const walkAnswer = (json: unknown) => {
  const parsed = appWalkSchema.safeParse((json as { data?: unknown })?.data);
  expect(parsed.success, JSON.stringify(json)).toBe(true);
};

const spare = { get: 0 };

export const walksSamples: Record<string, Sample> = {
  "GET walks": {
    path: () => `walks?page=1&rowsPerPage=5&from_date=2026-01-01&to_date=2031-12-31&status=0,1,2`,
  },
  "GET walks/:id": {
    before: async (e) => void (spare.get = (await spareWalk(e, e.happyId)).id),
    path: () => `walks/${spare.get || 1}`,
    foreign: async (e) => `walks/${(await spareWalk(e, e.wagId)).id}`,
  },
  "POST walks/:id/start": {
    path: () => "walks/1/start",
    foreign: async (e) => `walks/${(await spareWalk(e, e.wagId)).id}/start`,
    valid: async (e) => {
      const walk = await spareWalk(e, e.happyId);
      const r = await api("POST", `walks/${walk.id}/start`, { token: await issueApiToken(walk.walkerId) });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      walkAnswer(r.json);
    },
  },
  "POST walks/:id/complete": {
    path: () => "walks/1/complete",
    body: () => ({ distance_covered: 2, calories_burnt: 100, duration: 30 }),
    foreign: async (e) => `walks/${(await spareWalk(e, e.wagId, { status: 1 })).id}/complete`,
    valid: async (e) => {
      const walk = await spareWalk(e, e.happyId, { status: 1 });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("distance_covered", "2.5");
      form.set("duration", "30");
      form.append("photos", new File([new Uint8Array(png)], "walk.png", { type: "image/png" }));
      const r = await api("POST", `walks/${walk.id}/complete`, {
        token: await issueApiToken(walk.walkerId),
        form,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      walkAnswer(r.json);
    },
  },
  "POST walks/:id/rating": {
    path: () => "walks/1/rating",
    body: () => ({ rating: 5, feedback: "Lovely" }),
    foreign: async (e) => `walks/${(await spareWalk(e, e.wagId, { status: 2, completed: true })).id}/rating`,
    valid: async (e) => {
      const walk = await spareWalk(e, e.happyId, { status: 2, completed: true });
      const r = await api("POST", `walks/${walk.id}/rating`, {
        token: await issueApiToken(walk.customerId),
        body: { rating: 5, feedback: "Lovely" },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      walkAnswer(r.json);
    },
  },
};
