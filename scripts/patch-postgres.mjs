#!/usr/bin/env node
// postinstall: mends postgres.js 3.4.9 where it loses a query or a connection for ever (issue 24; all upstream,
// unreleased). Each fix is applied when its original text is there and its patched text is not (idempotent); a
// version whose code differs is left alone, said so.
//
// 1. The write scheduler (porsager/postgres#1154, #1208, PRs #1168, #1209). A small write is deferred with
//    setImmediate; when the connection closed first (PostgreSQL stopped or killed under load), the deferred write ran
//    on a null socket and threw an uncaught TypeError, and the teardown left the timer armed, so the pooled
//    connection never flushed again: its queries hung for ever (the requests that hung to a client's 15 s timeout in
//    the measurement). Patched: a write with no socket settles the query with CONNECTION_CLOSED (a 503), and
//    teardown resets the timer and the buffered chunk.
// 2. A waiting `reserve()` stranded for ever (porsager/postgres#1195, #751): when a pooled connection closed while
//    reserves waited (its idle timeout, its max lifetime, the server ending it), the pool reconnected it with the
//    first waiting reserve taken OUT of the queue as the connection's initial query, and a connection opened for a
//    reserve never hands itself to one: the reserve's promise never settled. lib/platform/db.ts reserves a
//    connection for every statement, so a request waited for ever on a statement PostgreSQL never saw (measured:
//    20 of 20 workers stuck within seconds under connection churn, tests/integration/db-client.test.ts). Patched: the
//    reserve stays queued until a connection opens and hands itself over (as `reserve()` itself does when it opens a
//    connection), an opened connection whose initial query is a reserve offers itself to the queue, and a rejected
//    reserve (the connect failed) leaves the queue, so no later connection is handed to a promise already settled.
// 3. A statement that fails while it is built (a parameter postgres.js refuses: undefined, a Date it cannot
//    serialize, too many) while another statement is in flight on the connection rejected the one in flight instead,
//    and stayed queued as answered-next although nothing of it was sent. lib/platform/db.ts pipelines the settings
//    before every statement, so the settings failed, the connection went back to the pool, and from then on every
//    answer on it went to the statement before: a statement sent with Parse/Describe/Flush never had its Bind,
//    Execute and Sync sent, and PostgreSQL waited for them for ever (pg_stat_activity: active, ClientRead; the two
//    bench runs that hung). Patched: such a statement fails alone and leaves the queue.
// 4. A reserved connection released after the server closed it went back to the pool's open connections, where every
//    later query on it failed (its socket was gone and it never reconnected). Patched: release returns a connection
//    to the pool only while it is still reserved; a closed one stays with the closed ones, which reconnect. And a
//    reserved connection can be terminated (`terminate()`): lib/platform/db.ts ends one whose statement outlived its
//    deadline, so a connection the client lost track of is never used again.
// 5. A new connection's array-type lookup (the statement postgres.js sends first on every connection it opens) had
//    nobody waiting on its promise: when the connection was ended or lost before the answer (PostgreSQL restarted,
//    the pool ended with a timeout, the network gone), the lookup's rejection was unhandled, which ends a Node
//    process (CI caught it: tests/integration/db-client.test.ts's pool ended while a connection waited for that
//    answer). The connection's own error handling already fails its queries and closes it; patched: the lookup's
//    rejection is taken (a connection that opens later looks the types up again).
// 6. A `COPY … TO STDOUT` read as a stream (`.readable()`) left its connection's socket paused for good when the
//    stream's buffer was full as the last rows came in: postgres.js pauses the socket on backpressure and resumes it
//    only when the stream asks for more, which an ended stream never does. The connection went back to the pool
//    deaf: PostgreSQL answered its next statement and nothing read the answer (pg_stat_activity: active,
//    ClientRead), so every later statement on it waited for ever (the benchmark's node:http floor after its COPY
//    exports, runs of 2026-11-28; tests/integration/db-client.test.ts). Patched: the end of the copy resumes the
//    socket.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const FIXES = {
  "connection.js": [
    [
      "  function CopyDone() {\n    stream && stream.push(null)\n    stream = null\n  }",
      "  function CopyDone() {\n    stream && stream.push(null)\n    stream = null\n    /* portal: the end of a copy resumes a socket paused on backpressure */\n    socket.resume()\n  }",
    ],
    [
      "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
      "  function nextWrite(fn) {\n    /* portal: nextWrite guard */\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)",
    ],
    [
      "    clearImmediate(nextWriteTimer)\n    if (socket) {",
      "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {",
    ],
    [
      "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
      "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
    ],
    [
      "    } catch (error) {\n      sent.length === 0 && write(Sync)\n      errored(error)\n      return true\n    }\n",
      "    } catch (error) {\n      /* portal: a statement that fails to build fails alone */\n      if (query === q) {\n        write(Sync)\n        errored(error)\n      } else {\n        sent.remove(q)\n        queryError(q, error)\n      }\n      return true\n    }\n",
    ],
    [
      "      initial && !initial.reserve && execute(initial)\n",
      "      initial && (initial.reserve ? onopen(connection) : execute(initial)) /* portal: reserve opens */\n",
    ],
    [
      "        return fetchArrayTypes()\n",
      "        return fetchArrayTypes().catch(() => {}) /* portal: lookup's rejection taken */\n",
    ],
  ],
  "index.js": [
    [
      "    queries.length && connect(c, queries.shift())\n",
      "    queries.length && connect(c, (q => (q.reserve && queries.push(q), q))(queries.shift())) /* portal: reserve stays queued */\n",
    ],
    [
      "        const query = { reserve: resolve, reject }\n",
      "        const query = { reserve: resolve, reject: e => (queries.remove(query), reject(e)) } /* portal: rejected reserve leaves */\n",
    ],
    [
      "    sql.release = () => {\n      c.reserved = null\n      onopen(c)\n    }\n",
      "    sql.release = () => {\n      c.reserved = null\n      ;(c.queue === reserved || c.queue === full) && onopen(c) /* portal: a closed connection stays closed */\n    }\n    sql.terminate = () => c.terminate()\n",
    ],
  ],
};

for (const dir of ["src", "cjs/src", "cf/src"]) {
  for (const [name, fixes] of Object.entries(FIXES)) {
    const file = path.join(root, "node_modules", "postgres", dir, name);
    if (!fs.existsSync(file)) continue;
    let text = fs.readFileSync(file, "utf8");
    let applied = 0;
    for (const [from, to] of fixes) {
      if (text.includes(to)) continue;
      if (!text.includes(from)) {
        console.warn(
          `[patch-postgres] ${path.relative(root, file)}: not the code this patch knows; a fix left out`,
        );
        continue;
      }
      text = text.replace(from, to);
      applied++;
    }
    if (!applied) continue;
    fs.writeFileSync(file, text);
    console.log(`[patch-postgres] ${path.relative(root, file)}: ${applied} fix(es) applied`);
  }
}
