// The plan form's values and starting points: plain data shared by the server pages and the client form (a value
// imported from a "use client" module into a server page is a reference, not the object).

/** The value of a walk's walker select meaning "the plan's walker" (optionalId reads "0" as none). */
export const SAME_AS_PLAN = "0";

export type WalkFormRow = {
  id: string;
  timeslot: string;
  walker_id: string;
  status: string;
  duration_minutes: string;
};

export const EMPTY_WALK: WalkFormRow = {
  id: "",
  timeslot: "",
  walker_id: SAME_AS_PLAN,
  status: "0",
  duration_minutes: "30",
};

/** The plan form's values (lib/jobs/daily-job-plans.ts dailyJobPlanCreateSchema); ids as strings. */
export type DailyJobPlanFormValues = {
  date: string;
  user_id: string;
  franchisee_id: string;
  walker_id: string;
  user_pet_id: string;
  user_pet_2_id: string;
  status: string;
  is_active: number;
  daily_job_plan_walks: WalkFormRow[];
};

export const EMPTY_DAILY_JOB_PLAN: DailyJobPlanFormValues = {
  date: "",
  user_id: "",
  franchisee_id: "",
  walker_id: "0",
  user_pet_id: "0",
  user_pet_2_id: "0",
  status: "0",
  is_active: 1,
  daily_job_plan_walks: [{ ...EMPTY_WALK }],
};

/** Names of the people the plan holds (its customer, franchisee, walkers), for the pickers' first paint. */
export type PlanNames = {
  customer: { value: string; label: string } | null;
  franchisee: { value: string; label: string } | null;
  /** By walker id: the plan's walker and its walks' walkers. */
  walkers: Record<string, { value: string; label: string }>;
};

export const NO_NAMES: PlanNames = { customer: null, franchisee: null, walkers: {} };
