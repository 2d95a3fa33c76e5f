"use client";
import { useEffect, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CloudOff, Loader2, RotateCw, TriangleAlert } from "lucide-react";
import { TroubleReference, UNAVAILABLE_TEXT, useServerTrouble } from "@/app/_components/server-error";
import { Button } from "@/components/ui/button";
import { StatusCard } from "./_components/status-card";

// A Client Component may throw anything; a Server Component's failure arrives as an Error with a digest.
type Props = { error: unknown; reset: () => void };

/**
 * Any failure of a portal screen that is not a refusal (those have their own cards): a retry card inside the
 * shell. In production the browser gets no error text, only the digest that matches the server log.
 */
export default function PortalError({ error, reset }: Props) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  // While the portal cannot reach its database (/api/ready says so) the card says it is temporarily unavailable.
  const { down, requestId, digest } = useServerTrouble(error);

  useEffect(() => {
    console.error(error);
  }, [error]);

  // Fetch the page again from the server, then clear the boundary once the fresh tree has arrived.
  const retry = () =>
    startRetry(() => {
      router.refresh();
      reset();
    });

  return (
    <StatusCard
      icon={down ? <CloudOff /> : <TriangleAlert />}
      title={down ? "Temporarily unavailable" : "Something went wrong"}
      tone={down ? "amber" : "red"}
      role="alert"
      actions={
        <Button type="button" onClick={retry} disabled={retrying}>
          {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />}
          Try again
        </Button>
      }
    >
      <p>
        {down
          ? UNAVAILABLE_TEXT
          : "This screen could not be loaded. Please try again; if it keeps failing, contact your administrator."}
      </p>
      <TroubleReference requestId={requestId} digest={digest} />
    </StatusCard>
  );
}
