// Reading a CPU profile of the portal (not part of `npm run bench`). Take one with
//   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/server.mjs   (then load it, e.g. bench/probe.mjs, and SIGINT it)
// and read it with
//   node bench/cpu-profile.mjs buckets <file> [--skip s] [--requests n]  self time per library or file (per request)
//   node bench/cpu-profile.mjs self <file> [--top 40]                     self time per function
//   node bench/cpu-profile.mjs incl <file> [--match regex] [--top 60]      inclusive time per function (idle left out)
//   node bench/cpu-profile.mjs callers <file> <function name> [--depth 8]  the stacks a function's time is spent under
// --skip leaves out the first seconds (start-up, warm-up); --requests divides by the requests in the rest.
import fs from "node:fs";

const [cmd, file, ...rest] = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i === -1 ? fallback : rest[i + 1];
};
if (!cmd || !file) {
  console.error("usage: node bench/cpu-profile.mjs buckets|self|incl|callers <file.cpuprofile> [...]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (url) =>
  (url || "")
    .replace(/^.*\/(node_modules|\.next\/server)\//, "")
    .replace(/^.*\/work\/[^/]+\//, "")
    .slice(-50);
const keyOf = (f) => `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber}`;
const skip = Number(opt("skip", "0")) * 1e6;
const per = Number(opt("requests", "1"));
const top = Number(opt("top", "40"));

/** Each sample after --skip: its node and its time (µs). */
function* samples() {
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const d = profile.timeDeltas[i] ?? 0;
    t += d;
    if (t >= skip) yield [byId.get(profile.samples[i]), d];
  }
}
const print = (m, total, label) => {
  console.log(
    `${label}: ${(total / 1000).toFixed(0)} ms busy${per > 1 ? `, ${(total / 1000 / per).toFixed(3)} ms a request` : ""}`,
  );
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${(v / 1000 / per).toFixed(per > 1 ? 3 : 1).padStart(10)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`,
    );
};
const idle = (n) => n.callFrame.functionName === "(idle)";

function bucketOf(f) {
  const u = f.url || "";
  if (!u) return f.functionName.startsWith("(") ? f.functionName : `native ${f.functionName}`;
  if (/postgres_src|node_modules\/postgres\//.test(u)) return "postgres.js";
  if (/drizzle/.test(u)) return "drizzle";
  if (/zod/.test(u)) return "zod";
  if (/pino|sonic-boom/.test(u)) return "pino";
  if (/react-dom|react-server/.test(u)) return "react";
  if (/lucide/.test(u)) return "lucide";
  if (/next\/dist|next-server|\[root-of-the-server\]|turbopack/.test(u)) return "next";
  if (/^node:/.test(u)) return u.replace(/^node:(internal\/)?/, "node:").replace(/\/.*$/, "");
  return short(u);
}

if (cmd === "buckets" || cmd === "self") {
  const m = new Map();
  let total = 0;
  for (const [n, d] of samples()) {
    if (idle(n)) continue;
    total += d;
    const k = cmd === "buckets" ? bucketOf(n.callFrame) : keyOf(n.callFrame);
    m.set(k, (m.get(k) ?? 0) + d);
  }
  print(m, total, cmd === "buckets" ? "self time by library" : "self time by function");
} else if (cmd === "incl") {
  const match = opt("match", "") ? new RegExp(opt("match", "")) : null;
  const m = new Map();
  let total = 0;
  for (const [n, d] of samples()) {
    if (idle(n) || n.callFrame.functionName === "(program)") continue;
    total += d;
    const seen = new Set();
    for (let id = n.id; id; id = parent.get(id)) {
      const k = keyOf(byId.get(id).callFrame);
      if (seen.has(k) || (match && !match.test(k))) continue;
      seen.add(k);
      m.set(k, (m.get(k) ?? 0) + d);
    }
  }
  print(m, total, "inclusive time by function");
} else if (cmd === "callers") {
  const want = rest[0];
  const depth = Number(opt("depth", "8"));
  const m = new Map();
  let total = 0;
  for (const [n, d] of samples()) {
    let at = n.id;
    while (at && byId.get(at).callFrame.functionName !== want) at = parent.get(at);
    if (!at) continue;
    total += d;
    const frames = [];
    for (let id = parent.get(at); id && frames.length < depth; id = parent.get(id))
      frames.push(keyOf(byId.get(id).callFrame));
    const k = frames.join(" < ");
    m.set(k, (m.get(k) ?? 0) + d);
  }
  print(m, total, `time under ${want}, by its callers`);
} else {
  console.error(`unknown command ${cmd}`);
  process.exit(2);
}
