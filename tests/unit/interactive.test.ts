import { describe, expect, it } from "vitest";
import { beginInteractive, giveWay, interactiveBusy, touchInteractive } from "@/lib/platform/interactive";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("background work gives way to requests", () => {
  it("waits while a request is in flight and goes on when it is answered", async () => {
    const done = beginInteractive();
    expect(interactiveBusy()).toBe(true);
    const started = performance.now();
    setTimeout(done, 15);
    await giveWay(1000);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(14);
    expect(waited).toBeLessThan(500);
    expect(interactiveBusy()).toBe(false);
    done(); // a second call changes nothing
    expect(interactiveBusy()).toBe(false);
  });

  it("never waits longer than its limit under a steady stream of requests", async () => {
    const done = beginInteractive();
    const started = performance.now();
    await giveWay(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
    expect(interactiveBusy()).toBe(true);
    done();
  });

  it("gives way for a short while after a page begins", async () => {
    touchInteractive(30);
    expect(interactiveBusy()).toBe(true);
    await sleep(40);
    expect(interactiveBusy()).toBe(false);
  });
});
