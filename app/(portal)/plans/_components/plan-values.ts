// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The plan schema's inputs (lib/franchise/plans.ts) as the form holds them: texts, blank for none. */
export type PlanFormValues = {
  no_of_dogs: string;
  no_of_walks: string;
  tier: string;
  original_amount: string;
  price_percent: string;
  discount_percent: string;
  second_discount_percent: string;
  per_walk_time: string;
  days: string;
  walkie_percent: string;
  franchisee_percent: string;
  is_active: number;
};

/** A new plan (spec 002 §9): price 100, discount 0, walkie 0, franchisee 0 (company 100). */
export const EMPTY_PLAN: PlanFormValues = {
  no_of_dogs: "",
  no_of_walks: "",
  tier: "",
  original_amount: "",
  price_percent: "100",
  discount_percent: "0",
  second_discount_percent: "",
  per_walk_time: "",
  days: "",
  walkie_percent: "0",
  franchisee_percent: "0",
  is_active: 1,
};
