import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_LOST, SESSION_PROBE, settle, UNREACHABLE_MESSAGE } from "@/components/form/settle";
import type { ActionResult } from "@/lib/platform/mutations";

const unreachable = { ok: false, status: 0, message: UNREACHABLE_MESSAGE };

// The session probe: by default the session is alive (the server answers 200).
const probe = vi.fn<typeof fetch>(async () => new Response("{}", { status: 200 }));
beforeEach(() => vi.stubGlobal("fetch", probe));
afterEach(() => {
  vi.unstubAllGlobals();
  probe.mockClear();
});

describe("settle: a server action's answer, even when the call fails", () => {
  it("passes answers through, successes and refusals alike", async () => {
    const ok: ActionResult<{ id: string }> = { ok: true, data: { id: "x" } };
    const refused: ActionResult = {
      ok: false,
      status: 422,
      message: "Invalid.",
      fieldErrors: { name: "Bad." },
    };
    expect(await settle(Promise.resolve(ok))).toBe(ok);
    expect(await settle(async () => refused)).toBe(refused);
    expect(probe).not.toHaveBeenCalled();
  });

  it("turns a rejected call (network failure, stale deployment) into a failure the popup shows", async () => {
    expect(await settle(Promise.reject(new TypeError("Failed to fetch")))).toEqual(unreachable);
    expect(
      await settle(async () => {
        throw new Error("Server Action not found");
      }),
    ).toEqual(unreachable);
    // A callback that throws before it returns a promise is caught too.
    expect(
      await settle((() => {
        throw new Error("sync");
      }) as () => Promise<ActionResult>),
    ).toEqual(unreachable);
  });

  it("treats an answer that is not an ActionResult as no answer", async () => {
    expect(await settle(Promise.resolve(undefined as unknown as ActionResult))).toEqual(unreachable);
  });

  it("lets Next's redirect signal through", async () => {
    const redirect = Object.assign(new Error("NEXT_REDIRECT"), {
      digest: "NEXT_REDIRECT;replace;/login;307;",
    });
    await expect(settle(Promise.reject(redirect))).rejects.toBe(redirect);
  });

  it("answers 401 when the call failed because the session is gone, as the action itself would", async () => {
    probe.mockResolvedValueOnce(new Response('{"message":"Unauthenticated."}', { status: 401 }));
    // A request the lost session broke on its way (redirected to the login page, never reaching the action).
    expect(
      await settle(Promise.reject(new Error("An unexpected response was received from the server."))),
    ).toEqual(SESSION_LOST);
    expect(probe).toHaveBeenCalledWith(SESSION_PROBE, expect.objectContaining({ cache: "no-store" }));
  });

  it("keeps 'could not reach the server' when the probe fails too (offline)", async () => {
    probe.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await settle(Promise.reject(new TypeError("Failed to fetch")))).toEqual(unreachable);
  });

  it("passes an action's own 401 through without asking", async () => {
    const lost: ActionResult = { ok: false, status: 401, message: "Unauthenticated." };
    expect(await settle(Promise.resolve(lost))).toBe(lost);
    expect(probe).not.toHaveBeenCalled();
  });
});
