import type { BlockList } from "node:net";
export function trustedProxies(spec?: string): BlockList;
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | null,
  list: BlockList,
): string;
export function isTrustedPeer(socketAddress: string, list: BlockList): boolean;
export function prepareHeaders<H extends Record<string, string | string[] | undefined>>(
  headers: H,
  socketAddress: string | undefined,
  list: BlockList,
): H;
