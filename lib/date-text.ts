// Typing a calendar date as the screens show it (spec 000 §9: DD-MM-YYYY), whatever the browser's locale; forms,
// servers and URLs keep ISO YYYY-MM-DD. Pure functions, used by the date field (components/form/date-field.tsx).

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is an ISO calendar date (YYYY-MM-DD) that exists: 2026-02-29 does not. */
export function isIsoDate(v: string): boolean {
  const m = ISO.exec(v);
  return !!m && exists(Number(m[1]), Number(m[2]), Number(m[3]));
}

function exists(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** An ISO date as DD-MM-YYYY ('2026-12-10' → '10-12-2026'); '' for anything else. */
export function isoToDayText(iso: string | null | undefined): string {
  const m = ISO.exec((iso ?? "").slice(0, 10));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : "";
}

/**
 * A typed DD-MM-YYYY date as ISO ('10-12-2026' → '2026-12-10'; day and month may have one digit, '/', '.' or ' '
 * may separate them); an ISO date is taken as it is; null when the text is not a date that exists.
 */
export function parseDayText(text: string): string | null {
  const t = text.trim();
  if (isIsoDate(t)) return t;
  const m = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(t);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return exists(year, month, day) ? `${m[3]}-${pad2(month)}-${pad2(day)}` : null;
}

/**
 * What the field shows while someone types: digits grouped as DD-MM-YYYY, the dash written when the next group
 * starts (so Backspace is never undone), a separator typed after a one-digit day or month kept ('1-' for the 1st),
 * anything else dropped. A whole ISO date (pasted, or filled by a test) is shown as DD-MM-YYYY.
 */
export function maskDayText(input: string): string {
  const trimmed = input.trim();
  if (isIsoDate(trimmed)) return isoToDayText(trimmed);
  const widths = [2, 2, 4];
  const groups: string[] = [""];
  let closed = false; // the current group ended with a typed separator
  for (const ch of trimmed) {
    const i = groups.length - 1;
    if (/\d/.test(ch)) {
      if (closed || groups[i].length === widths[i]) {
        if (i === 2) break; // the year is whole
        groups.push("");
        closed = false;
      }
      groups[groups.length - 1] += ch;
    } else if (/[-/. ]/.test(ch) && groups[i] !== "" && i < 2 && !closed) {
      closed = true;
    }
  }
  return groups.join("-") + (closed ? "-" : "");
}
