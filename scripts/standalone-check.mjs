#!/usr/bin/env node
// What can be checked of the container image where no Docker daemon runs (issue 24): the runtime stage of the
// Dockerfile done by hand. It lays out a folder as the image's /app (Next's standalone output, the static assets, the
// migrations, the portal's own server and what it imports: the same COPY lines), outside this checkout (so nothing
// resolves through its node_modules), and runs `node scripts/start.mjs` in it as an unprivileged user (`nobody`),
// with PGlite in a data folder of its own as the `docker run -v portal-data:/data` trial does. Then:
// - the HEALTHCHECK's own command (read from the Dockerfile) passes; /api/ready is green; the login page and its
//   static chunks load; a demo login works;
// - SIGTERM exits 0 (docker stop), and a second start on the same data folder keeps the data and the generated
//   AUTH_SECRET (a session made before the restart still works);
// - the process runs as that user, and writes only in the data folder.
//
//   NEXT_OUTPUT=standalone npx next build            (NEXT_DIST_DIR=.next-x too, for a build folder of one's own)
//   node scripts/standalone-check.mjs
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { call, freePort, root, sleep, waitFor } from "./ops-harness.mjs";

const distName = process.env.NEXT_DIST_DIR || ".next";
const dist = path.join(root, distName);
const standalone = path.join(dist, "standalone");
if (!fs.existsSync(path.join(standalone, "server.js"))) {
  console.error(`[standalone] no standalone output in ${dist}: build with NEXT_OUTPUT=standalone first`);
  process.exit(1);
}
const USER = process.env.STANDALONE_USER ?? "nobody";
const log = (...a) => console.log("[standalone]", ...a);
const failures = [];
const check = (ok, what) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

// The image's /app and /data, laid out as the Dockerfile's runtime stage copies them.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-standalone-"));
const app = path.join(tmp, "app");
const data = path.join(tmp, "data");
const copy = (from, to) => fs.cpSync(path.join(root, from), path.join(app, to), { recursive: true });
fs.cpSync(standalone, app, { recursive: true, verbatimSymlinks: true });
// The checkout's own data folder is traced into the standalone output here; .dockerignore keeps it out of the image.
fs.rmSync(path.join(app, "data"), { recursive: true, force: true });
copy(`${distName}/static`, `${distName}/static`);
copy("db/migrations", "db/migrations");
for (const f of ["start.mjs", "server.mjs", "client-address.mjs"]) copy(`scripts/${f}`, `scripts/${f}`);
copy("lib/platform/logger.mjs", "lib/platform/logger.mjs");
fs.mkdirSync(data);
execFileSync("chown", ["-R", `${USER}:`, app, data]);
// As in the image: the app's files belong to the user; the user cannot write anywhere else of the machine's that
// matters here (the checkout is root's).
fs.chmodSync(tmp, 0o755);

const uid = Number(execFileSync("id", ["-u", USER]).toString().trim());
const gid = Number(execFileSync("id", ["-g", USER]).toString().trim());
const port = await freePort();
const env = {
  PATH: process.env.PATH,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: String(port),
  HOSTNAME: "127.0.0.1",
  DATA_DIR: data,
  LOG_LEVEL: "warn",
  ...(distName !== ".next" ? { NEXT_DIST_DIR: distName } : {}),
};

function start() {
  // The node process itself runs as the user (as PID 1 of the container does), so signals reach it directly.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: app,
    env,
    uid,
    gid,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => (out += String(d)));
  const exited = new Promise((resolve) => child.on("exit", (code, sig) => resolve(code ?? sig)));
  return { child, exited, output: () => out };
}

/** The HEALTHCHECK line's command, as Docker runs it (exec form: node -e '…'). */
function healthcheck() {
  const text = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
  const m = /HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/.exec(text);
  if (!m) throw new Error("no HEALTHCHECK CMD in the Dockerfile");
  const argv = JSON.parse(m[1]);
  try {
    execFileSync("runuser", ["-u", USER, "--", process.execPath, ...argv.slice(1)], {
      cwd: app,
      env,
      timeout: 3_000,
      stdio: "pipe",
    });
    return true;
  } catch {
    return false;
  }
}

const base = `http://127.0.0.1:${port}`;
// What the server writes is what is newer than this.
const marker = path.join(tmp, "started");
fs.writeFileSync(marker, "");
await sleep(20);
let s = start();
try {
  const t0 = Date.now();
  await waitFor(`${base}/api/ready`, { exited: s.exited, timeoutMs: 300_000 });
  log(`ready ${((Date.now() - t0) / 1000).toFixed(1)} s after start (migrated and seeded an empty PGlite)`);
  check(healthcheck(), "the Dockerfile's HEALTHCHECK command passes");
  const who = execFileSync("ps", ["-o", "user=", "-p", String(s.child.pid)])
    .toString()
    .trim();
  check(
    who.split("\n").every((u) => u.trim() === USER),
    `the server runs as ${USER} (${who.replace(/\n/g, ",")})`,
  );
  const page = await call(`${base}/login`);
  check(page.status === 200, `GET /login: ${page.status}`);
  const chunk = /\/_next\/static\/[^"']+\.js/.exec(page.text ?? "")?.[0];
  const asset = chunk ? await call(`${base}${chunk}`) : { status: 0 };
  check(asset.status === 200, `a static chunk of the page (${chunk ?? "none found"}): ${asset.status}`);
  const login = await call(`${base}/api/login`, {
    method: "POST",
    body: { email: "admin@happypaws.test", password: "Demo@1234", is_web: false },
  });
  const token = login.json?.token;
  check(login.status === 200 && !!token, `a demo login: ${login.status}`);
  const list = await call(`${base}/api/values?page=1&rowsPerPage=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
  check(list.status === 200, `GET /api/values as that user: ${list.status}`);
  check(fs.existsSync(path.join(data, "pglite")), "PGlite lives in the data folder");
  check(
    fs.existsSync(path.join(data, "auth-secret")),
    "the generated AUTH_SECRET is kept in the data folder",
  );

  // docker stop: SIGTERM to PID 1 (start.mjs runs the server in its own process).
  s.child.kill("SIGTERM");
  const code = await Promise.race([s.exited, sleep(35_000).then(() => "timeout")]);
  check(code === 0, `SIGTERM: exit ${code}`);

  // docker start again, on the same volume.
  s = start();
  await waitFor(`${base}/api/ready`, { exited: s.exited, timeoutMs: 300_000 });
  const again = await call(`${base}/api/values?page=1&rowsPerPage=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
  check(
    again.status === 200,
    `after a restart on the same data folder, the token still works: ${again.status}`,
  );
  const written = execFileSync("find", [tmp, "-newer", marker, "-type", "f"])
    .toString()
    .split("\n")
    .filter((f) => f && !f.startsWith(data));
  // Next's own cache (fetch and image caches) is inside the build folder, which the image gives to the user too.
  const cache = path.join(app, distName, "cache");
  const outside = written.filter((f) => !f.startsWith(cache));
  check(
    outside.length === 0,
    `nothing written outside the data folder and Next's cache (${outside.slice(0, 5).join(", ")})`,
  );
} catch (e) {
  failures.push(String(e));
  console.error("[standalone]", e, s.output().slice(-3000));
} finally {
  s.child.kill("SIGTERM");
  await Promise.race([s.exited, sleep(30_000)]);
  fs.rmSync(tmp, { recursive: true, force: true });
}
log(failures.length ? `${failures.length} failed` : "all passed");
process.exit(failures.length ? 1 : 0);
