import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { UNAVAILABLE_MESSAGE } from "@/lib/api/dispatch";
import { closeDb, getDb } from "@/lib/platform/db";
import { toActionResult } from "@/lib/platform/mutations";
import { adminEmail, api, seeded, tokenFor } from "../support/fixtures";

// Liveness and readiness (issue 24): no login, no versions; readiness follows the database, and comes back when the
// database does, without a restart.

let token: string;
beforeAll(async () => {
  await seeded();
  token = await tokenFor(adminEmail);
});

describe("GET /api/health and /api/ready", () => {
  it("answers liveness with no login and nothing about the build", async () => {
    const r = health();
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: "ok" });
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("is ready when the database answers with every migration and the storage answers", async () => {
    const r = await ready();
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "current", storage: "ok" },
    });
  });

  describe("with the database unreachable", () => {
    const url = process.env.DATABASE_URL;
    afterAll(async () => {
      await closeDb();
      process.env.DATABASE_URL = url;
    });

    it("answers 503 with Retry-After within a few seconds, then ready again once the database is back", async () => {
      await closeDb();
      // Nothing listens on port 1: connecting fails at once.
      process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
      const started = Date.now();
      const down = await ready();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(await down.json()).toEqual({
        status: "unavailable",
        checks: { database: "unavailable", migrations: "unknown", storage: "ok" },
      });
      // An /api call answers 503 with Retry-After and a plain message, not 500 (before: "Server error.").
      const call = await api("GET", "users", { token });
      expect(call.status).toBe(503);
      expect(call.res.headers.get("retry-after")).toBe("5");
      expect(call.json).toEqual({ message: UNAVAILABLE_MESSAGE });
      // A form's save (a server action) says the same, not "Something went wrong" (500).
      const saved = await toActionResult(async () => (await getDb()).execute("select 1"));
      expect(saved).toEqual({ ok: false, status: 503, message: UNAVAILABLE_MESSAGE });
      // The failed open is not kept: with the database back, the next call opens it again.
      await closeDb();
      process.env.DATABASE_URL = url;
      if (url === "memory://") return; // an in-memory database does not come back: its data went with it
      await expect(getDb()).resolves.toBeTruthy();
      expect((await ready()).status).toBe(200);
    });
  });
});
