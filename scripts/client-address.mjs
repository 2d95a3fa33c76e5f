// The client address of a request, for the rate limits and the lockout (README, "Security"). Plain JavaScript:
// the portal's server (scripts/server.mjs) runs it before Next, and the tests import it.
import { BlockList, isIP } from "node:net";

/** TRUSTED_PROXIES: addresses or CIDR ranges, comma-separated, of the proxies in front of the portal. */
export function trustedProxies(spec = process.env.TRUSTED_PROXIES ?? "") {
  const list = new BlockList();
  for (const raw of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = raw.split("/");
    const v = isIP(addr);
    if (!v || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address or CIDR range`);
    const type = v === 6 ? "ipv6" : "ipv4";
    if (bits !== undefined) list.addSubnet(addr, Number(bits), type);
    else list.addAddress(addr, type);
  }
  return list;
}

const plain = (a) => a.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

function isTrusted(list, addr) {
  const v = isIP(addr);
  return v !== 0 && list.check(addr, v === 6 ? "ipv6" : "ipv4");
}

/** Whether the socket's peer is one of the trusted proxies (only then are its X-Forwarded-* headers believed). */
export function isTrustedPeer(socketAddress, list) {
  return isTrusted(list, plain(socketAddress ?? ""));
}

/**
 * The client: the socket's address, unless that is a trusted proxy, in which case X-Forwarded-For is read from the
 * right, skipping the hops trusted proxies added; the first untrusted address is the client.
 */
export function resolveClientAddress(socketAddress, forwardedFor, list) {
  let client = plain(socketAddress ?? "");
  const hops = (forwardedFor ?? "").split(",").map(plain).filter(Boolean);
  while (isTrusted(list, client) && hops.length) client = hops.pop();
  return client.slice(0, 64);
}

/** What a client could claim through a proxy's headers: believed only from a trusted proxy. */
const FORWARDED_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "forwarded",
];

/**
 * Prepares a request's headers (node:http's lower-case object, changed in place) before Next sees them: sets
 * `x-client-address` (whatever the client sent there is replaced), and drops X-Forwarded-For, -Host, -Proto, -Port
 * and Forwarded unless the socket's peer is a trusted proxy. Next then fills X-Forwarded-Host and -Proto from the
 * Host header and the socket itself, so the Origin checks (lib/api/dispatch.ts callerOf) and next-auth's URLs see
 * the host the client connected to, not one it chose.
 */
export function prepareHeaders(headers, socketAddress, list) {
  const forwarded = headers["x-forwarded-for"];
  headers["x-client-address"] = resolveClientAddress(
    socketAddress ?? "",
    Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? null),
    list,
  );
  if (!isTrustedPeer(socketAddress, list)) for (const h of FORWARDED_HEADERS) delete headers[h];
  return headers;
}
