import { describe, expect, it } from "vitest";
import { isTrustedPeer, prepareHeaders, trustedProxies } from "@/scripts/client-address.mjs";

/**
 * What the portal's server (scripts/server.mjs) hands Next: a client's own X-Forwarded-* headers are dropped unless
 * the socket's peer is a trusted proxy, so the Origin check (lib/api/dispatch.ts callerOf reads X-Forwarded-Host)
 * and next-auth's URLs see the host the client connected to (Next fills the headers from Host and the socket).
 */
const claimed = () => ({
  host: "portal.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-port": "443",
  "x-forwarded-for": "203.0.113.9",
  forwarded: "for=203.0.113.9;host=evil.example;proto=https",
  "x-client-address": "10.9.9.9",
});

describe("prepareHeaders", () => {
  it("drops every forwarded header from a client that is no trusted proxy", () => {
    for (const spec of ["", "10.0.0.0/8"]) {
      const h = prepareHeaders(claimed(), "198.51.100.7", trustedProxies(spec));
      expect(h).toEqual({ host: "portal.example", "x-client-address": "198.51.100.7" });
    }
  });

  it("keeps them from a trusted proxy, and takes the client from X-Forwarded-For", () => {
    const h = prepareHeaders(claimed(), "::ffff:10.1.2.3", trustedProxies("10.0.0.0/8"));
    expect(h).toMatchObject({
      host: "portal.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.9",
      "x-client-address": "203.0.113.9",
    });
  });

  it("replaces a client's own x-client-address and survives a missing socket address", () => {
    const h = prepareHeaders({ "x-client-address": "1.2.3.4" }, undefined, trustedProxies(""));
    expect(h["x-client-address"]).toBe("");
    expect(isTrustedPeer("", trustedProxies("10.0.0.0/8"))).toBe(false);
  });
});
