// A small HTTP client for the benchmark: keep-alive node:http, time to first byte and to the last byte.
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export type Timing = {
  status: number;
  ttfb: number;
  total: number;
  bytes: number;
  body?: Buffer;
  /** The answer's Set-Cookie lines (a browser keeps the session cookie the portal issues again). */
  setCookie?: string[];
};

/** A request's deadline unless it says otherwise: two full runs once waited for ever on one answer. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A request that did not end by its deadline: it names the request, and the run fails its row (and exits 1). */
export class RequestTimeout extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what}: no complete answer after ${ms / 1000} s (request timed out)`);
    this.name = "RequestTimeout";
  }
}

/** One request; `keep` keeps the body (else only its size is counted, so a 1M-row export costs no memory here).
 * It fails with a RequestTimeout when the whole answer has not arrived within `timeoutMs` (default 60 s): the socket
 * is destroyed, so a server that never answers costs the run one row, not the run. */
export function request(
  url: string,
  o: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    keep?: boolean;
    timeoutMs?: number;
  } = {},
): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const ms = o.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const timer = setTimeout(() => {
      const e = new RequestTimeout(`${o.method ?? "GET"} ${url}`, ms);
      reject(e);
      req.destroy(e);
    }, ms);
    const fail = (e: Error) => {
      clearTimeout(timer);
      reject(e);
    };
    const req = http.request(url, { method: o.method ?? "GET", headers: o.headers, agent }, (res) => {
      let ttfb = 0;
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => {
        if (!ttfb) ttfb = performance.now() - start;
        bytes += c.length;
        if (o.keep) chunks.push(c);
      });
      res.on("end", () => {
        clearTimeout(timer);
        const total = performance.now() - start;
        resolve({
          status: res.statusCode ?? 0,
          ttfb: ttfb || total,
          total,
          bytes,
          body: o.keep ? Buffer.concat(chunks) : undefined,
          setCookie: res.headers["set-cookie"],
        });
      });
      res.on("error", fail);
    });
    req.on("error", fail);
    if (o.body) req.write(o.body);
    req.end();
  });
}

export async function json<T>(url: string, o: Parameters<typeof request>[1] = {}): Promise<T> {
  const r = await request(url, { ...o, keep: true });
  const text = r.body!.toString("utf8");
  if (r.status >= 400) throw new Error(`${o.method ?? "GET"} ${url}: ${r.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Throughput: `workers` clients in a loop for `ms`; requests answered per second. */
export async function throughput(call: () => Promise<Timing>, workers: number, ms: number): Promise<number> {
  let done = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const r = await call();
        if (r.status >= 400) throw new Error(`throughput: status ${r.status}`);
        done++;
      }
    }),
  );
  return done / (ms / 1000);
}

export const stats = {
  quantile(xs: number[], q: number): number {
    if (!xs.length) return NaN;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  },
  median: (xs: number[]) => stats.quantile(xs, 0.5),
  p95: (xs: number[]) => stats.quantile(xs, 0.95),
};

/** Resident memory of a process, from /proc (Linux). */
export function rssOf(pid: number): number {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const m = /VmRSS:\s+(\d+) kB/.exec(s);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
