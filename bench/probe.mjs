// A quick A/B probe while working on speed (not part of `npm run bench`): signs in on each base URL given (a bearer
// token for /api paths, Auth.js's session cookie for pages), then requests every path on every base, interleaved and
// alternating who goes first, and prints p50/p95 of the first byte and of the whole answer per base and path.
//
//   node bench/probe.mjs --base http://127.0.0.1:3301[,http://127.0.0.1:3302] --paths /api/users,/users [--n 200]
//        [--email admin@happypaws.test] [--warm 30] [--after seconds]
//   node bench/probe.mjs --urls <full url>,<full url> --bearer <token>: those URLs (a portal's and a floor's, as
//        `npm run bench -- --hold` prints them), interleaved, with that bearer token.
import http from "node:http";

const argOf = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const bases = argOf("base", "http://127.0.0.1:3301").split(",");
const paths = argOf("paths", "/api/users").split(",");
const n = Number(argOf("n", "200"));
const warm = Number(argOf("warm", "30"));
const email = argOf("email", "admin@happypaws.test");
const password = argOf("password", "Demo@1234");
// Seconds to wait after signing in (a session cookie older than the portal's re-issue age, kept unchanged).
const after = Number(argOf("after", "0"));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(url, o = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(url, { method: o.method ?? "GET", headers: o.headers, agent }, (res) => {
      let ttfb = 0;
      const chunks = [];
      res.on("data", (c) => {
        if (!ttfb) ttfb = performance.now() - start;
        chunks.push(c);
      });
      res.on("end", () => {
        const total = performance.now() - start;
        resolve({
          status: res.statusCode,
          headers: res.headers,
          ttfb: ttfb || total,
          total,
          body: Buffer.concat(chunks),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (o.body) req.write(o.body);
    req.end();
  });
}

async function signIn(base) {
  const t = await request(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, is_web: false }),
  });
  const token = JSON.parse(t.body.toString()).token;
  const csrf = await request(`${base}/api/auth/csrf`);
  const jar = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
  const form = new URLSearchParams({
    email,
    password,
    csrfToken: JSON.parse(csrf.body.toString()).csrfToken,
  });
  const cb = await request(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: form.toString(),
  });
  for (const c of cb.headers["set-cookie"] ?? []) jar.push(c.split(";")[0]);
  return { token, cookie: jar.filter((c) => c.includes("session-token") || c.includes("csrf")).join("; ") };
}

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const urls = argOf("urls", "");
const creds = [];
if (!urls) for (const b of bases) creds.push(await signIn(b));
if (after) await new Promise((r) => setTimeout(r, after * 1000));
const headersOf = (i, p) =>
  p.startsWith("/api/") && !p.startsWith("/api/auth")
    ? { authorization: `Bearer ${creds[i].token}` }
    : { cookie: creds[i].cookie };

const samples = new Map();
const bearer = argOf("bearer", "");
// --block k: k requests in a row to each URL before the next (bench/run.ts measures in blocks of 30).
const block = Number(argOf("block", "1"));
for (let round = 0; urls && round < warm + n; round++) {
  const order = urls.split(",");
  if (round % 2) order.reverse();
  for (const u of order)
    for (let b = 0; b < block; b++) {
      const r = await request(u, { headers: { authorization: `Bearer ${bearer}` } });
      if (r.status >= 300) throw new Error(`${u}: ${r.status} ${r.body.toString().slice(0, 200)}`);
      if (round < warm) continue;
      if (!samples.has(u)) samples.set(u, { ttfb: [], total: [], bytes: r.body.length });
      samples.get(u).ttfb.push(r.ttfb);
      samples.get(u).total.push(r.total);
    }
}
for (let round = 0; !urls && round < warm + n; round++) {
  for (const p of paths) {
    const order = bases.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const r = await request(`${bases[i]}${p}`, { headers: headersOf(i, p) });
      if (r.status >= 300) throw new Error(`${bases[i]}${p}: ${r.status} ${r.body.toString().slice(0, 200)}`);
      if (round < warm) continue;
      const k = `${p} @ ${bases[i]}`;
      if (!samples.has(k)) samples.set(k, { ttfb: [], total: [], bytes: r.body.length });
      samples.get(k).ttfb.push(r.ttfb);
      samples.get(k).total.push(r.total);
    }
  }
}
for (const [k, s] of samples)
  console.log(
    `${k}: ttfb p50 ${q(s.ttfb, 0.5).toFixed(2)} p95 ${q(s.ttfb, 0.95).toFixed(2)} · total p50 ${q(s.total, 0.5).toFixed(2)} p95 ${q(s.total, 0.95).toFixed(2)} ms · ${s.bytes} B`,
  );
