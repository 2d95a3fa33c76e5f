import type { Cell } from "./xlsx-writer.mjs";

/** One field of a CSV line (quoted where needed, formulas neutralised). */
export function csvField(v: Cell): string;
/** One CSV line with its CRLF. */
export function csvLine(cells: readonly Cell[], width: number): string;
/** A CSV as a stream of bytes: BOM, header line, then the rows of `batches`, pulled. */
export function csvChunks(
  batches: AsyncIterable<readonly (readonly Cell[])[]>,
  header: string[],
): AsyncGenerator<Buffer>;
