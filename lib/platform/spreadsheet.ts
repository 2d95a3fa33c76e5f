import "server-only";
import { inflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { csvChunks } from "./csv-writer.mjs";
import { cellReader } from "./export-cells.mjs";
import { xlsxChunks, type Cell } from "./xlsx-writer.mjs";

/** A value an export column gives: dates are formatted, everything else written as it is. */
export type ExportValue = string | number | Date | null | undefined;

/**
 * One export column: its header and how a row gives its cell. Declared as data (`field`, with `labels` for coded
 * values) wherever it can be, so the export runs in a worker off the request thread (export-worker.mjs); a column
 * with its own `value` function keeps its export on the request thread.
 */
export type ExportColumn<Row> = { header: string; width?: number } & (
  | {
      value: (row: Row) => ExportValue;
      field?: undefined;
      labels?: undefined;
      otherwise?: undefined;
      format?: undefined;
    }
  | {
      field: keyof Row & string;
      /** The value's label (e.g. 1 → "Active"); `otherwise` for any other value, null included. */
      labels?: Record<string | number, string>;
      otherwise?: string;
      /** `duration`: seconds shown as '1 h 05 m 00 s'. */
      format?: "duration";
      value?: undefined;
    }
);

/** The formats an export is written in. */
export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** A column's cell from a row object. */
export function columnCell<Row>(c: ExportColumn<Row>): (row: Row) => Cell {
  const field = c.field;
  return cellReader(c, c.value ?? ((r: Row) => (r as Record<string, unknown>)[field!]));
}

/** Batches of rows as batches of cell arrays, in the columns' order (the writers take plain values). */
export async function* exportCells<Row>(
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): AsyncGenerator<Cell[][]> {
  const cells = columns.map(columnCell);
  for await (const batch of batches) {
    const out: Cell[][] = new Array(batch.length);
    for (let b = 0; b < batch.length; b++) {
      const row: Cell[] = new Array(cells.length);
      for (let i = 0; i < cells.length; i++) row[i] = cells[i](batch[b]);
      out[b] = row;
    }
    yield out;
  }
}

/**
 * An export's bytes, pulled: a batch of rows is read from `rows` only when the bytes before it have been taken. XLSX past
 * `maxRowsPerSheet` data rows (Excel's 1,048,575 by default) goes on to "<sheet> (2)", each with the header row.
 */
export function exportChunks<Row>(
  format: ExportFormat,
  o: {
    sheet: string;
    columns: ExportColumn<Row>[];
    rows: AsyncIterable<readonly Row[]>;
    maxRowsPerSheet?: number;
  },
): AsyncGenerator<Buffer> {
  const header = o.columns.map((c) => c.header);
  const cells = exportCells(o.columns, o.rows);
  if (format === "csv") return csvChunks(cells, header);
  return xlsxChunks(cells, {
    sheet: o.sheet,
    header,
    widths: o.columns.map((c) => c.width),
    maxRowsPerSheet: o.maxRowsPerSheet,
  });
}

/** Limits for reading uploaded spreadsheets: refuse before anything is unpacked too far. */
export const SHEET_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 5000, maxUnpackedBytes: 50 * 1024 * 1024 };

/**
 * Reads the first sheet of an XLSX into objects keyed by the header row (lower-cased, spaces to underscores),
 * with the header names found. Refuses files that are not XLSX by content, too large, with too many rows, or
 * that unpack to far more than their size (zip bombs), with a message the user can act on.
 */
export async function readSheet(
  buf: Buffer,
): Promise<{ ok: true; rows: Record<string, string>[]; headers: string[] } | { ok: false; message: string }> {
  if (buf.length > SHEET_LIMITS.maxBytes)
    return { ok: false, message: "The file may not be greater than 5 MB." };
  if (!(buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04)) {
    return { ok: false, message: "The file must be an Excel spreadsheet (.xlsx)." };
  }
  if (unpackedSize(buf) > SHEET_LIMITS.maxUnpackedBytes)
    return { ok: false, message: "The file is too large once unpacked." };
  // The declared sizes are the sender's word; inflating with a cap checks what the data really unpacks to.
  const inflated = inflatesWithin(buf, SHEET_LIMITS.maxUnpackedBytes);
  if (inflated === "too-large") return { ok: false, message: "The file is too large once unpacked." };
  if (inflated === "broken") return { ok: false, message: "The file must be an Excel spreadsheet (.xlsx)." };
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    return { ok: false, message: "The file must be an Excel spreadsheet (.xlsx)." };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, message: "The spreadsheet has no sheet." };
  if (ws.actualRowCount > SHEET_LIMITS.maxRows + 1)
    return { ok: false, message: `The file may not have more than ${SHEET_LIMITS.maxRows} rows.` };
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (c, i) => {
    headers[i] = String(c.text ?? "")
      .trim()
      .toLowerCase()
      .replace(/\s+/g, "_");
  });
  const rows: Record<string, string>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const o: Record<string, string> = {};
    let any = false;
    row.eachCell({ includeEmpty: true }, (c, i) => {
      const h = headers[i];
      if (!h) return;
      const t = cellText(c.value, c.text);
      o[h] = t;
      if (t) any = true;
    });
    if (any) rows.push(o);
  });
  return { ok: true, rows, headers: headers.filter(Boolean) };
}

/**
 * A cell as text. Date cells read as YYYY-MM-DD (or a full ISO time when they carry one), not as JavaScript's
 * "Mon Jan 05 2026 …", so a schema can parse them like a form's date field.
 */
function cellText(value: unknown, text: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return String(text ?? "").trim();
}

/** Sum of the uncompressed sizes the zip's central directory declares (0 when it cannot be read). */
function unpackedSize(buf: Buffer): number {
  const min = Math.max(0, buf.length - 65_557);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = buf.readUInt16LE(i + 10);
    let p = buf.readUInt32LE(i + 16);
    let total = 0;
    for (let e = 0; e < entries && p + 46 <= buf.length; e++) {
      if (buf.readUInt32LE(p) !== 0x02014b50) return Number.MAX_SAFE_INTEGER;
      total += buf.readUInt32LE(p + 24);
      p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    }
    return total;
  }
  return Number.MAX_SAFE_INTEGER;
}

/**
 * Inflates every entry the central directory lists, in turn, never producing more than `cap` bytes in all:
 * what JSZip (inside exceljs) would unpack, without trusting the sizes a crafted zip declares.
 */
function inflatesWithin(buf: Buffer, cap: number): "ok" | "too-large" | "broken" {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min && eocd < 0; i--) if (buf.readUInt32LE(i) === 0x06054b50) eocd = i;
  if (eocd < 0) return "broken";
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let e = 0; e < entries; e++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return "broken";
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const local = buf.readUInt32LE(p + 42);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return "broken";
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) return "broken";
    if (method === 0) total += compressed;
    else if (method === 8) {
      try {
        const room = cap - total + 1;
        total += inflateRawSync(buf.subarray(start, start + compressed), { maxOutputLength: room }).length;
      } catch (err) {
        return (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too-large" : "broken";
      }
    } else return "broken";
    if (total > cap) return "too-large";
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return "ok";
}
