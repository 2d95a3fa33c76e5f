import type { Logger } from "pino";
export type RequestState = {
  id: string;
  userId?: number | null;
  companyId?: number | null;
  dbUnavailable?: boolean;
};
export function getLogger(): Logger;
export function currentRequest(): RequestState | undefined;
export function runRequest<T>(state: RequestState, fn: () => T): T;
export function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string;
export function noteCaller(userId: number | null | undefined, companyId: number | null | undefined): void;
export function routeConsole(): void;
