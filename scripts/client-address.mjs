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
