import type { CalendarLeave } from "@/lib/jobs/walk-calendar";
import { MONTH_NAMES as MONTHS } from "@/lib/format";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Monday 5 May 2031". */
export function longDate(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  return `${WEEKDAYS[t.getUTCDay()]} ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`;
}

/** "Mon". */
export const shortWeekday = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()].slice(0, 3);

/** "07:00" → "07:00 AM". */
export function timeOfDay(t: string | null): string {
  if (!t) return "";
  const [h, m] = t.split(":").map(Number);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, "0")}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** "Gita (full day)", "Hari (09:00 AM to 11:00 AM)". */
export const leaveText = (l: CalendarLeave) =>
  `${l.user_name ?? "A walker"} (${
    l.leave_type === "full_day" ? "full day" : `${timeOfDay(l.start_time)} to ${timeOfDay(l.end_time)}`
  })`;

/** "Monday". */
export const weekdayOf = (d: string) => WEEKDAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];

/** "November 2026". */
export const monthYearOf = (d: string) => `${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
