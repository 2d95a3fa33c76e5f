#!/usr/bin/env node
// postinstall: mends postgres.js 3.4.9's write scheduler (issue 24; upstream porsager/postgres#1154, #1208, PRs #1168,
// #1209, unreleased). A small write is deferred with setImmediate; when the connection closes first (PostgreSQL
// stopped or killed under load), the deferred write ran on a null socket and threw an uncaught TypeError, and the
// teardown left the timer armed, so the pooled connection never flushed again: its queries hung for ever (the
// requests that hung to a client's 15 s timeout in the measurement). Patched: a write with no socket settles
// the query with CONNECTION_CLOSED (a 503), and teardown resets the timer and the buffered chunk. Idempotent; a
// version whose code differs is left alone, said so.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const MARK = "/* portal: nextWrite guard */";
const FIXES = [
  [
    "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    "    clearImmediate(nextWriteTimer)\n    if (socket) {",
    "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {",
  ],
  [
    "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  ],
];

for (const dir of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(root, "node_modules", "postgres", dir, "connection.js");
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  if (!FIXES.every(([from]) => text.includes(from))) {
    console.warn(
      `[patch-postgres] ${path.relative(root, file)}: not the code this patch knows; left as it is`,
    );
    continue;
  }
  for (const [from, to] of FIXES) text = text.replace(from, to);
  fs.writeFileSync(file, text);
  console.log(`[patch-postgres] ${path.relative(root, file)}: nextWrite guarded`);
}
