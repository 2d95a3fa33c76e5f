// The leave form's values, outside the client form: the pages (server) derive an edit's values from them
// (formValuesOf), which a "use client" module's exports would not let them read.

/** The leave schema's fields (lib/jobs/leave-requests.ts) as the form holds them: texts, blank for none. */
export const EMPTY_LEAVE = {
  user_id: "",
  date: "",
  leave_type: "full_day",
  start_time: "",
  end_time: "",
  reason: "",
  is_active: 1,
};
export type LeaveFormValues = typeof EMPTY_LEAVE;
