import "server-only";

/**
 * Requests someone is waiting on right now: /api calls in flight and pages begun in the last few milliseconds.
 * Long-running work (exports) gives way to them, so two exports do not double a list's latency. The state is this
 * process's scheduling only (nothing a second instance needs), kept on globalThis so every bundle of the process
 * (route handlers, pages) shares it, and in shared memory so export workers read it too (export-worker.mjs):
 * [0] the calls in flight, [1] the time (Date.now(), ms) until which a page counts as begun.
 */
type State = { shared: SharedArrayBuffer; inFlight: Int32Array; until: Float64Array };
const KEY = Symbol.for("portal.interactive");
const state: State = ((globalThis as Record<symbol, State | undefined>)[KEY] ??= (() => {
  const shared = new SharedArrayBuffer(16);
  return { shared, inFlight: new Int32Array(shared, 0, 1), until: new Float64Array(shared, 8, 1) };
})());

/** The shared state, for a worker that gives way too (it reads [0] as Int32 and bytes 8-15 as a Float64). */
export const interactiveState = (): SharedArrayBuffer => state.shared;

/** Marks a request in flight; call the answer when it has been answered (more than once is harmless). */
export function beginInteractive(): () => void {
  Atomics.add(state.inFlight, 0, 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    Atomics.sub(state.inFlight, 0, 1);
  };
}

/** Marks a page render begun (pages have no end to hook): background work gives way for `ms`. */
export function touchInteractive(ms = 20): void {
  state.until[0] = Math.max(state.until[0], Date.now() + ms);
}

export const interactiveBusy = () => Atomics.load(state.inFlight, 0) > 0 || Date.now() < state.until[0];

/**
 * Waits while interactive requests run, at most `maxMs` (a steady stream of requests slows an export down, it
 * never stops it).
 */
export async function giveWay(maxMs = 50): Promise<void> {
  if (!interactiveBusy()) return;
  const started = performance.now();
  while (interactiveBusy() && performance.now() - started < maxMs) await new Promise((r) => setTimeout(r, 1));
}
