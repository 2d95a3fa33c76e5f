// The PDF check itself (lib/platform/pdf-check.ts runs it in a worker thread: pdf-lib parses synchronously, and a
// crafted file can hold a core for seconds). Plain JavaScript, loaded outside the bundle; types in pdf-inspect.d.mts.
//
// Three looks, each closing a gap of the others:
// - every object the parser reads is walked as it is read (PDFContext.assign): names in dictionary keys and values
//   and in arrays, including the objects of compressed object streams and objects that a later object of the same
//   number replaces (a viewer that follows the cross-reference table may read the earlier one). This is a superset
//   of context.enumerateIndirectObjects(), which holds only the last object of each number;
// - names are compared as a viewer reads them, #xx escapes decoded (`/J#61vaScript` is `/JavaScript`; pdf-lib
//   itself decodes only upper-case hex);
// - a raw scan of the bytes finds escaped names anywhere (also where the parser saw only stream data), and the long
//   names (six letters or more, which random compressed bytes do not spell) even unescaped. /JS, /AA and /XFA
//   unescaped are left to the parser's walk: three bytes of binary stream data spell them too often.
// /OpenAction is the one name judged by its value: LaTeX (hyperref) and other generators open a document at its first
// page with `/OpenAction << /S /GoTo /D [page /Fit] >>` or `/OpenAction [page /Fit]`, so an OpenAction that only
// moves to a destination passes; any other (a URI, another file, a chain with /Next, anything unknown) refuses the
// document, and scripts, launches and submissions are refused by their own names anywhere.
// Object streams are decompressed under a budget first (a small upload must not inflate to gigabytes). An object or
// object stream that pdf-lib cannot read refuses the document (objects the check could not see are not let
// through), and so do too many objects.

import { constants as zlib, inflateRawSync } from "node:zlib";
import * as pdfLibNamespace from "pdf-lib";

// pdf-lib is CommonJS: its exports object (the namespace's default in Node), whose classes are the ones its parser
// uses. The bundler, which follows the worker's file from pdf-check.ts without ever running it there, resolves
// pdf-lib's ES build instead, which has no default: the key is looked up at run time so both compile.
const DEFAULT = "default";
const l = pdfLibNamespace[DEFAULT] ?? pdfLibNamespace;

/** The names of active content: any of them anywhere refuses the document (OpenAction: see above). */
export const ACTIVE_NAMES = new Set([
  "JS",
  "JavaScript",
  "AA",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
  "SubmitForm",
  "ImportData",
]);

/** Decompressed bytes of all object streams of one document. */
export const MAX_OBJECT_STREAM_BYTES = 48 * 1024 * 1024;
/**
 * Objects per document. pdf-lib reads ~30,000-50,000 small objects a second here; real documents have far fewer
 * (a 5.7 MB, 5,000-page text PDF: 10,000).
 */
export const MAX_PDF_OBJECTS = 100_000;

/** A PDF name as a viewer reads it: #xx escapes decoded, in either case. */
export function normaliseName(raw) {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

// A name: a solidus and regular characters (not white space, not a delimiter).
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;

/**
 * The first telling name in raw PDF text (bytes read as latin1): an active-content name or "Encrypt". An escaped
 * /OpenAction counts too (no generator escapes letters: only hiding does); a plain one is judged by the parse.
 */
export function scanRawNames(text) {
  for (const m of text.matchAll(NAME)) {
    const raw = m[1];
    const escaped = raw.includes("#");
    const name = escaped ? normaliseName(raw) : raw;
    if (escaped && name === "OpenAction") return name;
    if (name !== "Encrypt" && !ACTIVE_NAMES.has(name)) continue;
    if (escaped || name.length >= 6) return name;
  }
  return null;
}

const nameText = (n) => {
  const text = n.decodeText();
  return text.includes("#") ? normaliseName(text) : text;
};

/** An action that only moves to a destination in the document: /S /GoTo, with no further action chained. */
const isGoTo = (d) => {
  const type = d.get(l.PDFName.of("S"));
  return type instanceof l.PDFName && nameText(type) === "GoTo" && !d.has(l.PDFName.of("Next"));
};

/** Each parse's state, by its context (object stream parsers carry the context they fill). */
const parses = new WeakMap();

// pdf-lib's object stream parser, wrapped (in this worker only): the stream's decompressed size is charged to the
// parse's budget before pdf-lib decodes it, and a stream that fails marks the document unreadable (pdf-lib itself
// would skip it as one invalid object and go on without the objects inside).
const forStream = l.PDFObjectStreamParser.forStream;
l.PDFObjectStreamParser.forStream = (stream, tick) => {
  const parse = parses.get(stream.dict.context);
  if (!parse) return forStream(stream, tick);
  try {
    charge(stream, parse);
    const parser = forStream(stream, tick);
    const run = parser.parseIntoContext.bind(parser);
    parser.parseIntoContext = () =>
      run().catch((e) => {
        parse.unreadable = true;
        throw e;
      });
    return parser;
  } catch (e) {
    parse.unreadable = true;
    throw e;
  }
};

/** Charges an object stream's decompressed size (no filter or FlateDecode; anything else is refused). */
function charge(stream, parse) {
  const filter = stream.dict.lookup(l.PDFName.of("Filter"));
  const filters = filter instanceof l.PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  let size;
  if (filters.length === 0) size = stream.contents.length;
  else if (filters.length === 1 && filters[0] === l.PDFName.of("FlateDecode")) {
    // Raw deflate after the two-byte zlib header, as pdf-lib's decoder reads it (it checks no checksum either).
    size = inflateRawSync(stream.contents.subarray(2), {
      maxOutputLength: Math.max(1, parse.left + 1),
      finishFlush: zlib.Z_SYNC_FLUSH,
    }).length;
  } else throw new Error("object stream filter not accepted");
  parse.left -= size;
  if (parse.left < 0) throw new Error("object streams too large");
}

/**
 * Whether one parsed object holds an active-content name or an OpenAction that does more than go to a page
 * (iterative: nesting depth costs no stack). An OpenAction given by reference is judged after the parse (`opens`).
 */
function activeIn(root, seen, opens) {
  const isActive = (n) => {
    let hit = seen.get(n);
    if (hit === undefined) {
      hit = ACTIVE_NAMES.has(nameText(n));
      seen.set(n, hit);
    }
    return hit;
  };
  const openAction = l.PDFName.of("OpenAction");
  const stack = [root];
  while (stack.length) {
    const o = stack.pop();
    if (o instanceof l.PDFName) {
      if (isActive(o)) return true;
    } else if (o instanceof l.PDFDict) {
      for (const [k, v] of o.entries()) {
        if (isActive(k)) return true;
        if (k === openAction || (k.asString().includes("#") && nameText(k) === "OpenAction")) {
          if (v instanceof l.PDFRef) opens.push(v);
          else if (v instanceof l.PDFDict ? !isGoTo(v) : !(v instanceof l.PDFArray)) return true;
        }
        stack.push(v);
      }
    } else if (o instanceof l.PDFArray) {
      for (const v of o.asArray()) stack.push(v);
    } else if (o instanceof l.PDFStream) {
      stack.push(o.dict);
    }
  }
  return false;
}

/**
 * Why a PDF is refused: "active" (scripts, actions, attached files...), "encrypted", "too-complex" (too many
 * objects), "unreadable"; or null when it may be stored.
 */
export async function inspectPdfBytes(bytes) {
  const raw = scanRawNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1"));
  if (raw) return raw === "Encrypt" ? "encrypted" : "active";

  const parser = l.PDFParser.forBytesWithOptions(bytes, Infinity, false, true);
  const { context } = parser;
  const parse = { left: MAX_OBJECT_STREAM_BYTES, unreadable: false, tooComplex: false };
  parses.set(context, parse);
  const seen = new Map();
  const opens = [];
  const numbers = new Set();
  const twice = new Set();
  let active = false;
  let objects = 0;
  const assign = context.assign.bind(context);
  context.assign = (ref, object) => {
    objects += 1;
    const number = ref.toString();
    if (numbers.has(number)) twice.add(number);
    else numbers.add(number);
    if (objects > MAX_PDF_OBJECTS) {
      // Thrown again from pdf-lib's recovery (which assigns too), so the parse ends here.
      parse.tooComplex = true;
      throw new Error("too many objects to check");
    }
    if (object instanceof l.PDFInvalidObject) {
      // An object pdf-lib could not parse (kept as raw bytes) cannot be checked: the document is refused, now.
      parse.unreadable = true;
      throw new Error("an object could not be read");
    }
    if (!active && activeIn(object, seen, opens)) active = true;
    assign(ref, object);
  };
  let parsed = true;
  try {
    await parser.parseDocument();
  } catch {
    parsed = false;
  }
  // An OpenAction by reference: the object it names must be a GoTo action or a destination, and be that in every
  // version of the object the file holds (a viewer may read another than pdf-lib's last).
  for (const ref of opens) {
    const target = context.lookup(ref);
    if (twice.has(ref.toString())) active = true;
    else if (target instanceof l.PDFDict ? !isGoTo(target) : !(target instanceof l.PDFArray)) active = true;
  }
  if (active) return "active";
  if (context.trailerInfo.Encrypt) return "encrypted";
  if (parse.tooComplex) return "too-complex";
  if (!parsed || parse.unreadable || objects === 0) return "unreadable";
  return null;
}
