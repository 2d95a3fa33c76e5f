"use client";
import { useState } from "react";
import Link from "next/link";
import { Building2 } from "lucide-react";
import { CompanyPicker } from "@/components/shell/company-picker";
import { Button } from "@/components/ui/button";
import { StatusCard } from "./status-card";

type Props = {
  /** A SUPER ADMIN or BACKEND ADMIN may pick any company; anyone else has none to pick. */
  canChoose: boolean;
};

/**
 * Shown in place of a screen of company-owned data while no company is chosen. Its button opens the same company
 * picker as the top bar's Admin switch; selecting a company reloads the app at the login path (spec 000 §2.4).
 */
export function ChooseCompany({ canChoose }: Props) {
  const [picking, setPicking] = useState(false);
  if (!canChoose) {
    return (
      <StatusCard icon={<Building2 />} title="No company" tone="amber" role="alert">
        This screen shows a company&apos;s records, and your login is not linked to a company. Kindly ask your
        admin regarding same.
      </StatusCard>
    );
  }
  return (
    <StatusCard
      icon={<Building2 />}
      title="Choose a company"
      role="alert"
      actions={
        <>
          <Button type="button" onClick={() => setPicking(true)}>
            <Building2 aria-hidden />
            Choose company
          </Button>
          <Button asChild variant="outline">
            <Link href="/home">Back to Home</Link>
          </Button>
          <CompanyPicker open={picking} onOpenChange={setPicking} />
        </>
      }
    >
      This screen shows one company&apos;s records. Choose the company you want to work on as Admin; you can
      switch back to your own view from the top bar at any time.
    </StatusCard>
  );
}
