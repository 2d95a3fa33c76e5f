import type { Ctx } from "@/lib/platform/context";
import { unauthenticated } from "@/lib/platform/errors";

type SessionModule = typeof import("@/lib/platform/session");

/**
 * Server actions and pages read the browser session, which a test has no request for. Tests mock
 * "@/lib/platform/session" with this: the session lookups answer `state.ctx` (a chosen user, or nobody), the
 * rest of the module is the real one.
 *
 *   const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
 *   vi.mock("@/lib/platform/session", async (orig) =>
 *     (await import("../support/session-mock")).mockedSession(orig, session));
 */
export async function mockedSession(
  importOriginal: <T>() => Promise<T>,
  state: { ctx: Ctx | null },
): Promise<SessionModule> {
  const real = await importOriginal<SessionModule>();
  return {
    ...real,
    getSessionContext: async () => state.ctx,
    requirePageContext: async () => state.ctx!,
    actionContext: async () => {
      if (!state.ctx) throw unauthenticated();
      return state.ctx;
    },
  };
}
