// Display formats of spec 000 §9: dates DD-MM-YYYY, times hh:mm A, in India's time zone; money in rupees.
// Pure functions, safe on the server and in the browser.

// The date and time formats live in a plain module so the export worker (lib/platform/export-worker.mjs), which
// runs outside the bundle, formats exactly as the screens do.
export {
  formatDate,
  formatDateTime,
  formatDuration,
  formatTime,
  formatTimeOfDay,
  type DateInput,
} from "./format-datetime.mjs";

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Month names, January first (month pickers and labels). */
export const MONTH_NAMES = [
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
] as const;

/** Rupees with Indian digit grouping and two decimals, e.g. 123456 → '₹1,23,456.00'; '' when not a number. */
export function formatRupees(n: number | string | null | undefined): string {
  if (n == null || n === "") return "";
  const value = typeof n === "number" ? n : Number(n);
  if (!Number.isFinite(value)) return "";
  const paise = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(paise / 100));
  const fraction = pad(paise % 100);
  // Indian grouping: the last three digits, then groups of two (12,34,56,789).
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${last3}` : last3;
  return `${value < 0 && paise > 0 ? "-" : ""}₹${grouped}.${fraction}`;
}
