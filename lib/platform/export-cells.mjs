// How an export column gives its cell, shared by the in-process writer (spreadsheet.ts) and the export worker
// (export-worker.mjs), so both write the same file. Plain JavaScript, typed by export-cells.d.mts.
import { formatDateTime, formatDuration } from "../format-datetime.mjs";

/**
 * One exported cell. Text stays text: the XLSX writer puts it in a typed text cell (never a formula, never a
 * number), so '+919876543210' and '=1+2' read exactly as typed; the CSV writer neutralises formulas (csv-writer.mjs).
 * Dates and times are written as the screens show them (DD-MM-YYYY hh:mm A, India's time zone): an XLSX date has
 * no time zone, and an unstyled one reads as a bare serial number.
 * @param {unknown} v
 */
export function exportCell(v) {
  if (v == null) return null;
  if (v instanceof Date) return formatDateTime(v) || null;
  return /** @type {string | number} */ (v);
}

/**
 * A column's cell from a row: `get` reads the column's value (its field, or its own function); a column with
 * `labels` shows the label of the value (`otherwise` for any other value, null included); `format: "duration"`
 * shows seconds as '1 h 05 m 00 s' (an empty value stays empty).
 * @template Row
 * @param {{ labels?: Record<string, string>; otherwise?: string; format?: "duration" }} column
 * @param {(row: Row) => unknown} get
 */
export function cellReader(column, get) {
  if (column.format === "duration")
    return (/** @type {Row} */ row) => {
      const v = get(row);
      return v == null ? null : formatDuration(Number(v));
    };
  const labels = column.labels;
  if (labels) {
    const otherwise = column.otherwise ?? null;
    return (/** @type {Row} */ row) => labels[/** @type {string} */ (get(row))] ?? otherwise;
  }
  return (/** @type {Row} */ row) => exportCell(get(row));
}
