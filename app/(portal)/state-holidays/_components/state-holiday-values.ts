// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The holiday schema's fields (lib/operations/state-holidays.ts) as the form holds them. */
export type StateHolidayFormValues = {
  state: string;
  /** yyyy-mm-dd, as the date input holds it. */
  holiday_date: string;
  description: string;
  is_recurring: number;
  is_active: number;
};

export const EMPTY_STATE_HOLIDAY: StateHolidayFormValues = {
  state: "",
  holiday_date: "",
  description: "",
  is_recurring: 0,
  is_active: 1,
};
