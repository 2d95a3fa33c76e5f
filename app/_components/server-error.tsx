"use client";
import { useEffect, useState, useSyncExternalStore } from "react";
import { CloudOff, RotateCw, TriangleAlert } from "lucide-react";
import { StatusCard } from "@/app/(portal)/_components/status-card";

/** The id the server gave the request that rendered this document (app/layout.tsx writes it into a meta tag). */
export const REQUEST_ID_META = "request-id";

const noChange = () => () => {};
const readRequestId = () =>
  document.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content") ?? null;

/**
 * What an error page needs to say (hooks for app/error.tsx and the shell's app/(portal)/error.tsx): whether the portal
 * is down (it asks /api/ready: null until it knows), the request id the server gave this document (its log carries
 * the same id), and the error's digest.
 */
export function useServerTrouble(error: unknown): {
  down: boolean | null;
  requestId: string | null;
  digest: string | undefined;
} {
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const requestId = useSyncExternalStore(noChange, readRequestId, () => null);
  const [down, setDown] = useState<boolean | null>(null);
  useEffect(() => {
    const ask = new AbortController();
    fetch("/api/ready", { cache: "no-store", signal: ask.signal })
      .then((r) => setDown(!r.ok))
      .catch((e) => {
        if ((e as Error)?.name !== "AbortError") setDown(true);
      });
    return () => ask.abort();
  }, [error]);
  return { down, requestId, digest };
}

/** The request id and the digest, as a user can quote them. */
export function TroubleReference({ requestId, digest }: { requestId: string | null; digest?: string }) {
  if (!requestId && !digest) return null;
  return (
    <p className="mt-3 text-xs text-slate-500">
      {requestId ? (
        <>
          Request id: <span className="font-mono">{requestId}</span>
        </>
      ) : null}
      {requestId && digest ? " · " : null}
      {digest ? <>Reference: {digest}</> : null}
    </p>
  );
}

export const UNAVAILABLE_TEXT =
  "The portal cannot be reached just now. Please try again in a moment; nothing you saved is lost.";

/**
 * The page shown when a screen fails on the server outside the portal's shell (its layout could not load: typically
 * the database cannot be reached, and the server answered 503): "temporarily unavailable" while /api/ready says so,
 * else "something went wrong"; a retry, and the request id.
 */
export function ServerError({ error }: { error: unknown }) {
  const { down, requestId, digest } = useServerTrouble(error);
  return (
    <main className="px-4 py-10">
      <StatusCard
        icon={down === false ? <TriangleAlert /> : <CloudOff />}
        title={down === false ? "Something went wrong" : "Temporarily unavailable"}
        tone={down === false ? "red" : "amber"}
        role="alert"
        actions={
          <a
            href=""
            className="inline-flex h-9 items-center gap-2 rounded-md bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800"
          >
            <RotateCw className="size-4" aria-hidden />
            Try again
          </a>
        }
      >
        <p>
          {down === false
            ? "This page could not be loaded. Please try again; if it keeps failing, contact your administrator."
            : UNAVAILABLE_TEXT}
        </p>
        <TroubleReference requestId={requestId} digest={digest} />
      </StatusCard>
    </main>
  );
}
