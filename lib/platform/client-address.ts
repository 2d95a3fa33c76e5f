/**
 * The client address of a route handler's or server action's caller, as the rate limits and the lockout count it.
 *
 * The portal's server (scripts/server.mjs, what `npm start` runs) writes `x-client-address` from the socket, and
 * follows X-Forwarded-For only through the proxies listed in TRUSTED_PROXIES (scripts/client-address.mjs); whatever a
 * client sends as `x-client-address` is overwritten there. When the header is missing (`next dev`, or a bare
 * `next start`), the last X-Forwarded-For entry is used: Next sets it from the socket when the client sent none,
 * but a client could choose its own there, which is why production runs through `npm start`.
 */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export function clientAddressOf(headers: Headers): string {
  const set = headers.get(CLIENT_ADDRESS_HEADER);
  if (set) return set.slice(0, 64);
  const xff = headers.get("x-forwarded-for");
  return (xff?.split(",").pop() ?? "")
    .trim()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1")
    .slice(0, 64);
}
