import type { BlockList } from "node:net";
export function trustedProxies(spec?: string): BlockList;
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | null,
  list: BlockList,
): string;
