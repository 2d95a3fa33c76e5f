import { callerOf, errorResponse } from "@/lib/api/dispatch";
import { auditFileRead } from "@/lib/franchise/kyc-common";
import { AppError } from "@/lib/platform/errors";
import { contentDisposition, readStoredFile } from "@/lib/platform/file-access";
import { CSP, FRAME_OPTIONS, STATIC_CSP } from "@/lib/platform/security-headers";
import { mayReadFilesOf } from "@/lib/registry";

type Params = { params: Promise<{ key: string[] }> };

const INVALID_FILE_PATH = "The file path is invalid.";
const invalidPath = () => new AppError(400, INVALID_FILE_PATH);

// Stored keys are "<folder>/<name>.<ext>" of letters, digits and "/_.-" (lib/platform/storage.ts): a NUL or another
// control character in a path cannot name a file, and the databases refuse a NUL in a text parameter outright.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The key a request names, or 400: percent-encoding that does not decode (Next's decoding of the route parameters,
 * or ours of the URL's path when Next let it through) and NUL or control characters, raw or %-encoded.
 */
async function keyOf(request: Request, params: Params["params"]): Promise<string> {
  let segments: string[];
  try {
    segments = (await params).key;
    const path = new URL(request.url).pathname;
    for (const part of path.split("/")) decodeURIComponent(part);
  } catch {
    throw invalidPath();
  }
  if (!Array.isArray(segments) || segments.some((s) => typeof s !== "string" || CONTROL.test(s)))
    throw invalidPath();
  return segments.join("/");
}

const PDF_MAGIC = Buffer.from("%PDF-");

/**
 * What every other answer of the portal gets from next.config.ts, which leaves this route's frame rules and policy to
 * it (a PDF's differ): no framing, the strict policy.
 */
const STRICT = { [FRAME_OPTIONS]: "DENY", [CSP]: STATIC_CSP };

/**
 * Whether a stored file really is a PDF: stored as one (uploads are parsed and refused with active content, see
 * lib/platform/pdf-check.ts) and its bytes start with "%PDF-". Neither the name nor the stored type alone decides.
 */
const isPdf = (file: { body: Buffer; contentType: string }) =>
  file.contentType.toLowerCase() === "application/pdf" &&
  file.body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);

/**
 * A PDF's headers: inline, for the browser's PDF viewer, which does not run in a sandboxed document (so no `sandbox`,
 * unlike every other file). It loads nothing of its own (default-src 'none'), nosniff keeps it a PDF, and only the
 * portal's own pages may frame it (the inbox's side panel): frame-ancestors 'self', and X-Frame-Options SAMEORIGIN
 * for browsers without CSP 2.
 */
function pdfHeaders(name: string): Record<string, string> {
  return {
    "content-disposition": contentDisposition("inline", name),
    "content-security-policy": "default-src 'none'; frame-ancestors 'self'",
    "x-frame-options": "SAMEORIGIN",
  };
}

/**
 * Stored files are served through this route only, to signed-in callers (session or bearer token) who may view the
 * record that owns the file, or meet it through a walk (lib/registry.ts mayReadFilesOf, lib/platform/file-access.ts);
 * anyone else gets 404. Each download of a KYC document is
 * recorded in its history (auditFileRead). Images are shown inline; a PDF is shown inline too, in the browser's PDF
 * viewer and framed only by the portal's own pages (pdfHeaders); any other document comes as an attachment under the
 * uploader's file name, sandboxed, so a browser saves it instead of rendering it on this origin.
 */
export async function GET(request: Request, { params }: Params) {
  try {
    const key = await keyOf(request, params);
    const ctx = await callerOf(request);
    const file = await readStoredFile(ctx, key, mayReadFilesOf, auditFileRead);
    const pdf = isPdf(file);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
        ...(pdf
          ? pdfHeaders(file.name)
          : {
              "content-disposition": file.disposition,
              ...STRICT,
              "content-security-policy": `${STATIC_CSP}; sandbox`,
            }),
      },
    });
  } catch (e) {
    const r = errorResponse(e);
    for (const [k, v] of Object.entries(STRICT)) r.headers.set(k, v);
    return r;
  }
}
