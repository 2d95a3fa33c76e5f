import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverSecret } from "./config";

/** Signs a small JSON payload for a URL (export download links): base64url(payload).hmac. */
export function signPayload(payload: object, ttlSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, x: Date.now() + ttlSeconds * 1000 })).toString(
    "base64url",
  );
  return `${body}.${mac(body)}`;
}

/** The payload of a signed token when the signature holds and it has not expired; otherwise null. */
export function verifyPayload<T>(token: string | null | undefined): T | null {
  if (!token) return null;
  const [body, sig] = token.split(".");
  if (!body || !sig) return null;
  const want = Buffer.from(mac(body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, "base64url").toString()) as T & { x: number };
    return p.x > Date.now() ? p : null;
  } catch {
    return null;
  }
}

const mac = (s: string) => createHmac("sha256", `signed:${serverSecret()}`).update(s).digest("base64url");
