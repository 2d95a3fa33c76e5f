import type { ChildProcess } from "node:child_process";
export const root: string;
export function freePort(): Promise<number>;
export function sleep(ms: number): Promise<void>;
export type Cluster = {
  port: number;
  url: string;
  start(): void;
  stop(mode?: "smart" | "fast" | "immediate"): void;
  kill(): void;
  destroy(): void;
};
export function startCluster(): Promise<Cluster>;
export function buildDir(): string | null;
export type Portal = {
  port: number;
  dataDir: string;
  child: ChildProcess;
  base: string;
  output(): string;
  exited: Promise<number | string | null>;
  kill(sig?: NodeJS.Signals): boolean;
};
export function startPortal(o?: { port: number; env?: Record<string, string>; dataDir?: string }): Portal;
export type Answer = {
  status: number;
  ms: number;
  json?: unknown;
  text?: string;
  headers?: Headers;
  error?: string;
};
export function call(
  url: string,
  o?: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<Answer>;
export function waitFor(
  url: string,
  o?: { status?: number; timeoutMs?: number; exited?: Promise<unknown> },
): Promise<Answer>;
export function tokenOf(base: string, email?: string, password?: string): Promise<string>;
