"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import type { ActionResult } from "@/lib/platform/mutations";

/** Spec 002 §8: the inline zone change's success text (the dialog titled "Success" is the shell's toast). */
export const ZONE_UPDATED = "Zone updated successfully";

/**
 * A row's zone as a dropdown (spec 002 §2, §6: franchisees, franchisee career requests, monthly requests; not for a
 * MASTER FRANCHISEE): choosing another zone saves it at once (`save`, a PATCH with zone_id alone), confirmed by the
 * toast; a failure puts the old zone back and shows why. A native select: it repeats in every row.
 */
export function ZoneCell({
  label,
  zoneId,
  zoneName,
  zones,
  save,
}: {
  /** The row's name, for the dropdown's accessible name ('Zone of <label>'). */
  label: string;
  zoneId: number | null;
  /** The row's zone, shown even when no longer offered (deactivated since). */
  zoneName: string | null;
  zones: { value: string; label: string }[];
  save: (zoneId: string) => Promise<ActionResult<unknown>>;
}) {
  const own = zoneId == null ? null : String(zoneId);
  const options =
    own == null || zones.some((z) => z.value === own)
      ? zones
      : [...zones, { value: own, label: zoneName ?? own }];
  const router = useRouter();
  const dialogs = useDialogs();
  const [value, setValue] = useState(own ?? "");
  // The row's zone as the server last answered it: a refresh that brings another one shows it (the cell is kept
  // across renders, not remounted).
  const [shownOwn, setShownOwn] = useState(own);
  if (own !== shownOwn) {
    setShownOwn(own);
    setValue(own ?? "");
  }
  const [pending, start] = useTransition();
  return (
    <select
      className="border-input h-8 max-w-44 rounded-md border bg-transparent px-2 text-sm"
      aria-label={`Zone of ${label}`}
      value={value}
      disabled={pending}
      onChange={(e) => {
        const next = e.target.value;
        const before = value;
        setValue(next);
        start(async () => {
          const r = await settle(() => save(next));
          if (!r.ok) {
            setValue(before);
            return reportFailure(dialogs, { status: r.status, message: r.fieldErrors?.zone_id ?? r.message });
          }
          // The spec titles this one Success (002 §8), not Hurray!
          dialogs.success(ZONE_UPDATED, "Success");
          router.refresh();
        });
      }}
    >
      <option value="">No zone</option>
      {options.map((z) => (
        <option key={z.value} value={z.value}>
          {z.label}
        </option>
      ))}
    </select>
  );
}
