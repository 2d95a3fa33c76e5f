// Display formats of spec 000 §9: dates DD-MM-YYYY, times hh:mm A, in India's time zone; money in rupees.
// Pure functions, safe on the server and in the browser.

// The date and time formats live in a plain module so the export worker (lib/platform/export-worker.mjs), which
// runs outside the bundle, formats exactly as the screens do.
export { formatDate, formatDateTime, formatTime, type DateInput } from "./format-datetime.mjs";

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Seconds as hours, minutes and seconds, e.g. 3900 → '1 h 05 m 00 s', 42 → '0 h 00 m 42 s': the spec's hours and
 * minutes, with the seconds most page visits last (without them most visits read '0 h 00 m').
 */
export function formatDuration(seconds: number | null | undefined): string {
  const s = typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h} h ${pad(m)} m ${pad(s % 60)} s`;
}

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
