import type { CalendarLeave } from "@/lib/jobs/walk-calendar";
import { formatDate, formatTimeOfDay, MONTH_NAMES as MONTHS } from "@/lib/format";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Monday 05-05-2031": the weekday and the date as every screen writes it (spec 000 §9). */
export function longDate(d: string): string {
  return `${weekdayOf(d)} ${formatDate(d)}`;
}

/** "Mon". */
export const shortWeekday = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()].slice(0, 3);

/** "07:00" → "07:00 AM". */
export const timeOfDay = formatTimeOfDay;

/** "Gita (full day)", "Hari (09:00 AM to 11:00 AM IST)". */
export const leaveText = (l: CalendarLeave) =>
  `${l.user_name ?? "A walker"} (${
    l.leave_type === "full_day" ? "full day" : `${timeOfDay(l.start_time)} to ${timeOfDay(l.end_time)} IST`
  })`;

/** "Monday". */
export const weekdayOf = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];

/** "November 2026". */
export const monthYearOf = (d: string) => `${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
