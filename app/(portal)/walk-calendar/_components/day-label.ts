import type { CalendarDay, CalendarLeave } from "@/lib/jobs/walk-calendar";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A day link's accessible name: the date, its counts, its leave, and where it leads. */
export function dayLabel(d: CalendarDay): string {
  const parts = [plural(d.walks, "walk")];
  if (d.completed) parts.push(`${d.completed} completed`);
  if (d.uncovered) parts.push(`${d.uncovered} uncovered`);
  if (d.leave.length)
    parts.push(
      `leave: ${d.leave
        .map((l) => (l.replacement_name ? `${leaveText(l)} replaced by ${l.replacement_name}` : leaveText(l)))
        .join(", ")}`,
    );
  return `${longDate(d.date)}: ${parts.join(", ")}. Open the day's daily job plans.`;
}
