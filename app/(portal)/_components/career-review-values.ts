// The career review form's values, outside the client form: the four career requests' edit pages (server) derive
// their values from them (formValuesOf).
import type { CareerReviewValues } from "./career-requests";

/** A request as received: pending (0), active, no reason. */
export const EMPTY_CAREER_REVIEW: CareerReviewValues = { status: "0", is_active: 1, rejection_reason: "" };
