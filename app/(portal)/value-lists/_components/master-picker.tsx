"use client";
import { usePathname, useRouter } from "next/navigation";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** The master dropdown of the value-list screens: choosing one opens `?master=<opaque id>` on the same screen. */
export function MasterPicker({
  masters,
  value,
}: {
  masters: { value: string; label: string }[];
  value: string | null;
}) {
  const router = useRouter();
  const pathname = usePathname();
  return (
    <div className="grid max-w-md gap-1.5">
      <Label htmlFor="master">Master</Label>
      <Select
        value={value ?? ""}
        onValueChange={(v) => router.push(`${pathname}?master=${encodeURIComponent(v)}`)}
      >
        <SelectTrigger id="master" className="w-full">
          <SelectValue placeholder="Select Master">
            {masters.find((m) => m.value === value)?.label}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {masters.map((m) => (
            <SelectItem key={m.value} value={m.value}>
              {m.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
