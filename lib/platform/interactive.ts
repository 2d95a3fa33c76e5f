import "server-only";

/**
 * Requests someone is waiting on right now: /api calls in flight and pages begun in the last few milliseconds.
 * Long-running streams (exports) give way to them between batches, so two exports do not double a list's
 * latency. The state is this process's scheduling only (nothing a second instance needs), kept on globalThis so
 * every bundle of the process (route handlers, pages) shares it.
 */
type State = { inFlight: number; until: number };
const KEY = Symbol.for("portal.interactive");
const state: State = ((globalThis as Record<symbol, State | undefined>)[KEY] ??= { inFlight: 0, until: 0 });

/** Marks a request in flight; call the answer when it has been answered (more than once is harmless). */
export function beginInteractive(): () => void {
  state.inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    state.inFlight--;
  };
}

/** Marks a page render begun (pages have no end to hook): background work gives way for `ms`. */
export function touchInteractive(ms = 20): void {
  state.until = Math.max(state.until, performance.now() + ms);
}

export const interactiveBusy = () => state.inFlight > 0 || performance.now() < state.until;

/**
 * Waits while interactive requests run, at most `maxMs` (a steady stream of requests slows an export down, it
 * never stops it).
 */
export async function giveWay(maxMs = 50): Promise<void> {
  if (!interactiveBusy()) return;
  const started = performance.now();
  while (interactiveBusy() && performance.now() - started < maxMs) await new Promise((r) => setTimeout(r, 1));
}
