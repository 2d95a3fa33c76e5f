// Display formats of spec 000 §9 for dates and times: DD-MM-YYYY, hh:mm A, in India's time zone, and durations. Plain JavaScript
// (typed by format-datetime.d.mts), so the export worker can import it outside the bundle; lib/format.ts re-exports it.

/** Asia/Kolkata is UTC+05:30 all year (no daylight saving), so a fixed offset is exact and needs no ICU data. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** @param {Date | string | number | null | undefined} d */
function toDate(d) {
  if (d == null || d === "") return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** @param {number} n */
const pad = (n, width = 2) => (width === 2 && n < 10 ? `0${n}` : String(n).padStart(width, "0"));

/**
 * The wall-clock fields in India for an instant.
 * @param {Date} date
 */
function istParts(date) {
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
export function formatDate(d) {
  const date = toDate(d);
  if (!date) return "";
  const p = istParts(date);
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)}`;
}

/** hh:mm A (12-hour clock, AM/PM) in India's time zone; '' for an empty or invalid date. */
export function formatTime(d) {
  const date = toDate(d);
  if (!date) return "";
  const p = istParts(date);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
}

/** 'DD-MM-YYYY hh:mm A' in India's time zone; '' for an empty or invalid date. */
export function formatDateTime(d) {
  const date = toDate(d);
  if (!date) return "";
  // One pass (an export formats a million of these).
  const p = istParts(date);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(h12)}:${pad(p.minute)} ${p.hour < 12 ? "AM" : "PM"}`;
}

/**
 * A time of day as the database keeps it ('07:00' or '07:00:00', India's wall clock) as hh:mm A ('07:00 AM'); ''
 * when empty, the text itself when it is not a time.
 * @param {string | null | undefined} t
 */
export function formatTimeOfDay(t) {
  if (!t) return "";
  const m = /^(\d{1,2}):(\d{2})/.exec(t);
  if (!m) return t;
  const h = Number(m[1]);
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(h12)}:${m[2]} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * Seconds as hours, minutes and seconds, e.g. 3900 → '1 h 05 m 00 s', 42 → '0 h 00 m 42 s': the spec's hours and
 * minutes, with the seconds most page visits last (without them most visits read '0 h 00 m').
 * @param {number | null | undefined} seconds
 */
export function formatDuration(seconds) {
  const s = typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h} h ${pad(m)} m ${pad(s % 60)} s`;
}
