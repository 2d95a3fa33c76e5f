/** The names of active content: any of them anywhere refuses the document. */
export const ACTIVE_NAMES: ReadonlySet<string>;
/** Decompressed bytes of all object streams of one document. */
export const MAX_OBJECT_STREAM_BYTES: number;
/** Objects per document. */
export const MAX_PDF_OBJECTS: number;
/** A PDF name as a viewer reads it: #xx escapes decoded, in either case. */
export function normaliseName(raw: string): string;
/** The first telling name in raw PDF text (bytes read as latin1): an active-content name or "Encrypt". */
export function scanRawNames(text: string): string | null;
/** Why a PDF is refused, or null when it may be stored. */
export type PdfVerdict = "active" | "encrypted" | "too-complex" | "unreadable" | null;
export function inspectPdfBytes(bytes: Uint8Array): Promise<PdfVerdict>;
