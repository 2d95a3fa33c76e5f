// Calendar rules of PJPs and PJP references, defined once (pure functions, safe on the server and in the browser).
// Dates are calendar dates as text (YYYY-MM-DD), computed in UTC so no time zone can move a day.

/** The reference form's Day choices (spec 001 §5), Monday first as ISO weeks are. */
export const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Day = (typeof DAYS)[number];

/** The reference form's Week choices (spec 001 §5). */
export const WEEK_PARITIES = ["EVEN", "ODD"] as const;
export type WeekParity = (typeof WEEK_PARITIES)[number];

/**
 * What EVEN and ODD mean (shown on the PJP reference form). A week's parity is that of its ISO-8601 week number:
 * weeks run Monday to Sunday and week 1 is the week holding the year's first Thursday. A year with 53 ISO weeks
 * (2026 is one) ends with an ODD week 53 followed by the ODD week 1 of the next year: two ODD weeks in a row.
 */
export const WEEK_PARITY_HINT =
  "Weeks are ISO-8601 weeks (Monday to Sunday): ODD weeks are ISO weeks 1, 3, 5…, EVEN weeks are 2, 4, 6…; after a week 53 comes week 1, so two ODD weeks follow each other then.";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** A YYYY-MM-DD date as a UTC midnight, or null when it is no real calendar date (2026-02-30). */
export function parseDate(s: string): Date | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
  const t = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC maps years 0-99 onto 1900-1999.
  t.setUTCFullYear(y);
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d ? t : null;
}

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(date: string, n: number): string {
  const d = must(date);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function must(date: string): Date {
  const d = parseDate(date);
  if (!d) throw new Error(`not a date: ${date}`);
  return d;
}

/** 1 (Monday) .. 7 (Sunday), as ISO numbers weekdays. */
const isoDay = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1;

/** The weekday's name of a date ("Monday"). */
export const weekdayOf = (date: string): Day => DAYS[isoDay(must(date)) - 1];

/** The ISO-8601 week of a date: its week-numbering year and week number (1-53). */
export function isoWeek(date: string): { year: number; week: number } {
  const d = must(date);
  // The Thursday of the date's week decides the year; its week number counts from that year's first Thursday.
  const thursday = new Date(d.getTime() + (4 - isoDay(d)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan1 = new Date(Date.UTC(year, 0, 1));
  jan1.setUTCFullYear(year);
  const dayOfYear = Math.round((thursday.getTime() - jan1.getTime()) / 86_400_000);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

/** EVEN or ODD: the parity of the date's ISO week number (see WEEK_PARITY_HINT). */
export const weekParity = (date: string): WeekParity => (isoWeek(date).week % 2 === 0 ? "EVEN" : "ODD");

/** A YYYY-MM month's year and month (1-12), or null when it is not one. */
export function parseMonthYear(s: string): { year: number; month: number } | null {
  const m = MONTH.exec(s.trim());
  if (!m) return null;
  const [year, month] = [Number(m[1]), Number(m[2])];
  return year >= 1 && month >= 1 && month <= 12 ? { year, month } : null;
}

const monthText = (year: number, month: number) => `${String(year).padStart(4, "0")}-${pad(month)}`;

/** The month before a YYYY-MM month (2026-01 → 2025-12). */
export function previousMonth(monthYear: string): string {
  const m = parseMonthYear(monthYear);
  if (!m) throw new Error(`not a month: ${monthYear}`);
  return m.month === 1 ? monthText(m.year - 1, 12) : monthText(m.year, m.month - 1);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Every date of a YYYY-MM month, in order. */
export function datesOfMonth(monthYear: string): string[] {
  const m = parseMonthYear(monthYear);
  if (!m) throw new Error(`not a month: ${monthYear}`);
  const count = m.month === 2 && isLeap(m.year) ? 29 : DAYS_IN_MONTH[m.month - 1];
  return Array.from({ length: count }, (_, i) => `${monthText(m.year, m.month)}-${pad(i + 1)}`);
}

/** The month of a date (2026-06-15 → 2026-06). */
export const monthOf = (date: string) => date.slice(0, 7);

/** Which occurrence of its weekday in its month a date is: 1 for days 1-7, 2 for 8-14, … 5 for 29-31. */
export const occurrenceInMonth = (date: string): number => Math.ceil(must(date).getUTCDate() / 7);

/**
 * "The same weekday of the same week" in another month: the n-th occurrence of that weekday there (n counted as
 * `occurrenceInMonth`), or null when the month has no such occurrence (a 5th Monday of a month with four).
 */
export function sameWeekdayIn(date: string, monthYear: string): string | null {
  const n = occurrenceInMonth(date);
  const wanted = isoDay(must(date));
  const dates = datesOfMonth(monthYear).filter((d) => isoDay(must(d)) === wanted);
  return dates[n - 1] ?? null;
}

/** The month (YYYY-MM) it is now in India (UTC+05:30, no daylight saving), where the business runs. */
export function currentMonthYear(now: Date = new Date()): string {
  const india = new Date(now.getTime() + 330 * 60_000);
  return monthText(india.getUTCFullYear(), india.getUTCMonth() + 1);
}

/** The month after the current one in India (the copy screens plan ahead). */
export function nextMonthYear(now: Date = new Date()): string {
  const m = parseMonthYear(currentMonthYear(now))!;
  return m.month === 12 ? monthText(m.year + 1, 1) : monthText(m.year, m.month + 1);
}
