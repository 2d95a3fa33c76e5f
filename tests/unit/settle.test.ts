import { describe, expect, it } from "vitest";
import { settle, UNREACHABLE_MESSAGE } from "@/components/form/settle";
import type { ActionResult } from "@/lib/platform/mutations";

const unreachable = { ok: false, status: 0, message: UNREACHABLE_MESSAGE };

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
});
