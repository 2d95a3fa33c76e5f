import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StatusCard } from "./status-card";

/** Shown in place of a screen the login may not open (spec 000 §8, access warning). */
export function AccessDenied() {
  return (
    <StatusCard
      icon={<ShieldAlert />}
      title="Warning"
      tone="amber"
      role="alert"
      actions={
        <Button asChild variant="outline">
          <Link href="/home">Back to Home</Link>
        </Button>
      }
    >
      you are trying to access content that are not accessable through your login. kindly ask your admin
      regarding same.
    </StatusCard>
  );
}
