import Link from "next/link";
import { SearchX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StatusCard } from "./_components/status-card";

/** notFound() inside the portal (a missing record, another company's id, a garbage id): shown in the shell. */
export default function PortalNotFound() {
  return (
    <StatusCard
      icon={<SearchX />}
      title="Not found"
      tone="slate"
      role="alert"
      actions={
        <Button asChild>
          <Link href="/home">Back to Home</Link>
        </Button>
      }
    >
      This record does not exist or is not available to your login.
    </StatusCard>
  );
}
