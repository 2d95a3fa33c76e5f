// Runs PDF checks (pdf-inspect.mjs) off the request thread, one at a time: lib/platform/pdf-check.ts posts a file's
// bytes and reads one answer ({ verdict } or { error }) per file; it terminates the worker when a check takes too
// long, and keeps it (pdf-lib loaded) for the next check otherwise.
import { parentPort } from "node:worker_threads";
import { inspectPdfBytes } from "./pdf-inspect.mjs";

// pdf-lib warns on the console about every odd object it meets: that is the uploader's file, not the server's state.
console.warn = () => {};

parentPort.on("message", async ({ bytes }) => {
  try {
    parentPort.postMessage({ verdict: await inspectPdfBytes(bytes) });
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
