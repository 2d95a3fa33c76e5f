import { callerOf, errorResponse } from "@/lib/api/dispatch";
import { auditFileRead } from "@/lib/franchise/kyc-common";
import { readStoredFile } from "@/lib/platform/file-access";
import { mayViewRecord } from "@/lib/registry";

type Params = { params: Promise<{ key: string[] }> };

/**
 * Stored files are served through this route only, to signed-in callers (session or bearer token) who may view the
 * record that owns the file (lib/platform/file-access.ts); anyone else gets 404. Each download of a KYC document is
 * recorded in its history (auditFileRead).
 */
export async function GET(request: Request, { params }: Params) {
  try {
    const ctx = await callerOf(request);
    const file = await readStoredFile(ctx, (await params).key.join("/"), mayViewRecord, auditFileRead);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": file.contentType,
        "cache-control": "private, max-age=3600",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'",
      },
    });
  } catch (e) {
    return errorResponse(e);
  }
}
