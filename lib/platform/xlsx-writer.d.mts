/** One cell as the writers take it: text is always a text cell, a finite number a number cell. */
export type Cell = string | number | null | undefined;

/** Rows per sheet that Excel allows below the header row (1,048,576 rows in all). */
export const XLSX_MAX_DATA_ROWS: number;

export type XlsxOptions = {
  /** The sheet's name; later sheets are "<name> (2)", "<name> (3)", … */
  sheet: string;
  header: string[];
  /** Column widths in characters (a default from the header's length). */
  widths?: (number | undefined)[];
  /** Data rows per sheet before the next sheet starts, each with the header row again. */
  maxRowsPerSheet?: number;
  /** zlib level: 1 is about as small as 6 for sheet XML and several times faster. */
  level?: number;
};

/** Text as XML character data (attribute-safe too). */
export function xmlText(s: string): string;

/** An XLSX as a stream of bytes, pulled batch by batch (see xlsx-writer.mjs). */
export function xlsxChunks(
  batches: AsyncIterable<readonly (readonly Cell[])[]>,
  o: XlsxOptions,
): AsyncGenerator<Buffer>;
