// Display formats of spec 000 §9: dates DD-MM-YYYY, times hh:mm A, in India's time zone; money in rupees.
// Pure functions, safe on the server and in the browser.

/** Asia/Kolkata is UTC+05:30 all year (no daylight saving), so a fixed offset is exact and needs no ICU data. */
const IST_OFFSET_MS = 330 * 60 * 1000;

export type DateInput = Date | string | number | null | undefined;

function toDate(d: DateInput): Date | null {
  if (d == null || d === "") return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => (width === 2 && n < 10 ? `0${n}` : String(n).padStart(width, "0"));

/** The wall-clock fields in India for an instant. */
function istParts(date: Date) {
  const t = new Date(date.getTime() + IST_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: t.getUTCHours(),
    minute: t.getUTCMinutes(),
  };
}

/** DD-MM-YYYY in India's time zone; '' for an empty or invalid date. */
export function formatDate(d: DateInput): string {
  const date = toDate(d);
  if (!date) return "";
  const p = istParts(date);
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)}`;
}

/** hh:mm A (12-hour clock, AM/PM) in India's time zone; '' for an empty or invalid date. */
export function formatTime(d: DateInput): string {
  const date = toDate(d);
  if (!date) return "";
  const p = istParts(date);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
}

/** 'DD-MM-YYYY hh:mm A' in India's time zone; '' for an empty or invalid date. */
export function formatDateTime(d: DateInput): string {
  const date = toDate(d);
  if (!date) return "";
  // One pass (an export formats a million of these).
  const p = istParts(date);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
}

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
