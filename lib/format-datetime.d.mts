export type DateInput = Date | string | number | null | undefined;
/** DD-MM-YYYY in India's time zone; '' for an empty or invalid date. */
export function formatDate(d: DateInput): string;
/** hh:mm A (12-hour clock, AM/PM) in India's time zone; '' for an empty or invalid date. */
export function formatTime(d: DateInput): string;
/** 'DD-MM-YYYY hh:mm A' in India's time zone; '' for an empty or invalid date. */
export function formatDateTime(d: DateInput): string;
/** A time of day ('07:00' or '07:00:00', India's wall clock) as hh:mm A ('07:00 AM'); '' when empty. */
export function formatTimeOfDay(t: string | null | undefined): string;
/** Seconds as '1 h 05 m 00 s'; an empty or negative value reads '0 h 00 m 00 s'. */
export function formatDuration(seconds: number | null | undefined): string;
