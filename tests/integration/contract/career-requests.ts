import {
  daycareCareerRequests,
  franchiseeCareerRequests,
  petTrainerCareerRequests,
  petWalkieCareerRequests,
} from "@/db/schema";
import type { Env, Sample } from "./types";

let n = 0;

type Kind = "walkie" | "trainer" | "franchisee" | "daycare";

/** A fresh career request of a company: pending, or deleted when `deleted`. */
export async function spareCareerRequest(
  e: Pick<Env, "db">,
  kind: Kind,
  companyId: number,
  o: { deleted?: boolean; status?: number } = {},
): Promise<number> {
  const common = {
    company_id: companyId,
    phone_no: "+91 90000 55555",
    status: o.status ?? 0,
    deleted_at: o.deleted ? new Date() : null,
  };
  const name = `Contract Applicant ${Date.now()} ${++n}`;
  switch (kind) {
    case "walkie":
      return (
        await e.db
          .insert(petWalkieCareerRequests)
          .values({ ...common, user_name: name })
          .returning({ id: petWalkieCareerRequests.id })
      )[0].id;
    case "trainer":
      return (
        await e.db
          .insert(petTrainerCareerRequests)
          .values({ ...common, user_name: name })
          .returning({ id: petTrainerCareerRequests.id })
      )[0].id;
    case "franchisee":
      return (
        await e.db
          .insert(franchiseeCareerRequests)
          .values({ ...common, full_name: name })
          .returning({ id: franchiseeCareerRequests.id })
      )[0].id;
    case "daycare":
      return (
        await e.db
          .insert(daycareCareerRequests)
          .values({ ...common, full_name: name })
          .returning({ id: daycareCareerRequests.id })
      )[0].id;
  }
}

/** A valid application of each kind (the mobile app's POST). */
const APPLICATIONS: Record<Kind, () => Record<string, unknown>> = {
  walkie: () => ({
    user_name: `Contract Walker ${++n}`,
    age: 24,
    phone_no: "+91 90000 11111",
    whatsapp_no: "+91 90000 11111",
    area: "Andheri",
    pin_code: "400053",
    preferred_timeslot: "06:00-09:00",
    is_experienced: 1,
    has_internet_access: 1,
  }),
  trainer: () => ({
    user_name: `Contract Trainer ${++n}`,
    dob: "1995-04-12",
    phone_no: "+91 90000 22222",
    email: "trainer@apply.test",
    gender: 1,
    trained_animal_type: "Dogs",
    language_spoken: "Hindi",
  }),
  franchisee: () => ({
    full_name: `Contract Franchisee ${++n}`,
    phone_no: "+91 90000 33333",
    email: "franchisee@apply.test",
    city: "Pune",
    applying_as: 1,
    preferred_work_type: 0,
  }),
  daycare: () => ({
    full_name: `Contract Daycare ${++n}`,
    phone_no: "+91 90000 44444",
    preferred_work_type: 1,
    daycare_career_request_references: [
      { full_name: "A Reference", relation: "Friend", contact: "+91 90000 00000" },
    ],
  }),
};

/**
 * The samples of one career request's rows (lib/api/routes/career-requests.ts). A restore's `foreign` names the
 * other company's deleted request from env.trash when the suite keeps one of that kind, else one made here.
 */
function careerSamples(
  kind: Kind,
  o: { name: string; exports: string; dashed: readonly ("delete" | "restore")[] },
): Record<string, Sample> {
  const spare = { get: 0, patch: 0, del: 0, restore: 0, approve: 0, reject: 0, dashDel: 0, dashRestore: 0 };
  const dash = o.name.replace(/_/g, "-");
  const fresh = (e: Env, companyId: number, x: { deleted?: boolean } = {}) =>
    spareCareerRequest(e, kind, companyId, x);
  const trashed = async (e: Env) => e.trash[o.name.replace(/s$/, "") as keyof Env["trash"]];
  const samples: Record<string, Sample> = {
    [`GET ${o.name}`]: {
      path: () =>
        `${o.name}?page=1&rowsPerPage=5&show_deleted=0&is_active=1&status=0&search_keyword=contract`,
    },
    [`GET ${o.exports}`]: { path: () => `${o.exports}?search_keyword=contract` },
    [`POST ${o.name}`]: { path: () => o.name, body: () => APPLICATIONS[kind]() },
    [`GET ${o.name}/:id`]: {
      before: async (e) => void (spare.get = await fresh(e, e.happyId)),
      path: () => `${o.name}/${spare.get || 1}`,
      foreign: async (e) => `${o.name}/${await fresh(e, e.wagId)}`,
    },
    [`PATCH ${o.name}/:id`]: {
      before: async (e) => void (spare.patch = await fresh(e, e.happyId)),
      path: () => `${o.name}/${spare.patch || 1}`,
      body: () => ({ status: 2, rejection_reason: "Incomplete application", is_active: 0 }),
      foreign: async (e) => `${o.name}/${await fresh(e, e.wagId)}`,
    },
    [`POST ${o.name}/delete/:id`]: {
      before: async (e) => void (spare.del = await fresh(e, e.happyId)),
      path: () => `${o.name}/delete/${spare.del || 1}`,
      foreign: async (e) => `${o.name}/delete/${await fresh(e, e.wagId)}`,
    },
    [`POST ${o.name}/restore/:id`]: {
      before: async (e) => void (spare.restore = await fresh(e, e.happyId, { deleted: true })),
      path: () => `${o.name}/restore/${spare.restore || 1}`,
      foreign: async (e) => `${o.name}/restore/${await trashed(e)}`,
    },
    [`POST ${o.name}/approve/:id`]: {
      before: async (e) => void (spare.approve = await fresh(e, e.happyId)),
      path: () => `${o.name}/approve/${spare.approve || 1}`,
      body: () => ({}),
      foreign: async (e) => `${o.name}/approve/${await fresh(e, e.wagId)}`,
    },
    [`POST ${o.name}/reject/:id`]: {
      before: async (e) => void (spare.reject = await fresh(e, e.happyId)),
      path: () => `${o.name}/reject/${spare.reject || 1}`,
      body: () => ({ rejection_reason: "Not in our service area" }),
      foreign: async (e) => `${o.name}/reject/${await fresh(e, e.wagId)}`,
    },
  };
  if (o.dashed.includes("delete"))
    samples[`POST ${dash}/delete/:id`] = {
      before: async (e) => void (spare.dashDel = await fresh(e, e.happyId)),
      path: () => `${dash}/delete/${spare.dashDel || 1}`,
      foreign: async (e) => `${dash}/delete/${await fresh(e, e.wagId)}`,
    };
  if (o.dashed.includes("restore"))
    samples[`POST ${dash}/restore/:id`] = {
      before: async (e) => void (spare.dashRestore = await fresh(e, e.happyId, { deleted: true })),
      path: () => `${dash}/restore/${spare.dashRestore || 1}`,
      foreign: async (e) => `${dash}/restore/${await trashed(e)}`,
    };
  return samples;
}

export const careerRequestsSamples: Record<string, Sample> = {
  // The caller's own applications (open to every signed-in user; the admin has none, an empty list is valid).
  "GET my_career_requests": { path: () => "my_career_requests" },
  ...careerSamples("walkie", {
    name: "pet_walkie_career_requests",
    exports: "pet_walkie_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  ...careerSamples("trainer", {
    name: "pet_trainer_career_requests",
    exports: "pet_trainer_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  ...careerSamples("franchisee", {
    name: "franchisee_career_requests",
    exports: "franchisee_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  ...careerSamples("daycare", {
    name: "daycare_career_requests",
    exports: "daycare_career_request_exports",
    dashed: ["restore"],
  }),
};

/** The server-action contract's samples (./actions.ts): a valid application of each kind. */
export const careerActionSamples: Record<string, { create: () => unknown }> = {
  pet_walkie_career_requests: { create: APPLICATIONS.walkie },
  pet_trainer_career_requests: { create: APPLICATIONS.trainer },
  franchisee_career_requests: { create: APPLICATIONS.franchisee },
  daycare_career_requests: { create: APPLICATIONS.daycare },
};
