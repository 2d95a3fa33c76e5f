/**
 * CSV for exports: RFC 4180 (fields with a comma, quote, CR or LF quoted, quotes doubled, CRLF line ends), UTF-8
 * with a byte-order mark so Excel reads Indian names (Devanagari, Tamil, …) as UTF-8 rather than the local code page.
 *
 * Formula injection: Excel and other spreadsheet programs run a CSV field starting with `=`, `+`, `-`, `@`, tab or CR
 * as a formula (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`). CSV has no typed text cell, so such a field is prefixed
 * with `'` (OWASP's advice), which the spreadsheet shows as text. Phone numbers and plain numbers are left alone:
 * '+91 98765 43210', '+919876543210' and '-12.5' are digits with at most a leading sign and spaces, dots, dashes
 * and parentheses. Such a field cannot name a function or a cell, so it cannot fetch, link or run anything; at
 * worst a spreadsheet computes its arithmetic. A field with anything else after the trigger (a letter, a quote,
 * `|`, `!`, `:`, a second `+` sign …) is prefixed. Numbers written as numbers are never prefixed.
 */

const TRIGGER = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[0-9][0-9 ().-]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field of a CSV line. */
export function csvField(v) {
  if (v == null) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  let s = v;
  if (TRIGGER.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line with its CRLF. */
export function csvLine(cells, width) {
  let x = "";
  for (let i = 0; i < width; i++) x += (i ? "," : "") + csvField(cells[i]);
  return x + "\r\n";
}

const BOM = "\ufeff";
const CHUNK = 64 * 1024;

/**
 * A CSV as a stream of bytes: the byte-order mark, the header line, then the rows of `batches`. Pull-based like the XLSX writer:
 * the next row is taken only when the bytes before it have been read.
 */
export async function* csvChunks(batches, header) {
  let text = BOM + csvLine(header, header.length);
  for await (const batch of batches) {
    for (const cells of batch) {
      text += csvLine(cells, header.length);
      if (text.length >= CHUNK) {
        yield Buffer.from(text, "utf8");
        text = "";
      }
    }
  }
  yield Buffer.from(text, "utf8");
}
