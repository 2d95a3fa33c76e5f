import "server-only";
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { serverSecret } from "./config";
import { isId } from "./schemas";

// Opaque ids for URLs (spec 000 §2.1): one AES block holding the id and a fixed tag, keyed by the server secret.
// They hide row counts and ordering; authorisation never depends on their secrecy.
const TAG = Buffer.from("petportl");
let key: Buffer | undefined;
const getKey = () => (key ??= createHash("sha256").update(`ids:${serverSecret()}`).digest());

/** Pattern of an encoded id (22 base64url characters): the page-time tracker uses it to tell edit routes. */
export const OPAQUE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function encodeId(id: number): string {
  const block = Buffer.alloc(16);
  block.writeBigUInt64BE(BigInt(id), 0);
  TAG.copy(block, 8);
  const c = createCipheriv("aes-256-ecb", getKey(), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(block), c.final()]).toString("base64url");
}

/** The id inside an opaque id, or null when it is not one of ours. */
export function decodeId(opaque: string | null | undefined): number | null {
  if (!opaque || !OPAQUE_ID_PATTERN.test(opaque)) return null;
  try {
    const d = createDecipheriv("aes-256-ecb", getKey(), null);
    d.setAutoPadding(false);
    const block = Buffer.concat([d.update(Buffer.from(opaque, "base64url")), d.final()]);
    if (!block.subarray(8).equals(TAG)) return null;
    const id = block.readBigUInt64BE(0);
    return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
  } catch {
    return null;
  }
}

/** An /api path id: the plain number, or an opaque id as the portal's links carry; null past the id range (MAX_ID). */
export function parseIdParam(raw: string | undefined): number | null {
  if (!raw) return null;
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : decodeId(raw);
  return isId(id) ? id : null;
}
