"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** A 1/0 flag as a switch (the spec's flags are numbers). */
export function SwitchField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3 py-2" data-field={name}>
          <Switch
            id={name}
            checked={field.value === 1 || field.value === true}
            disabled={disabled}
            onCheckedChange={(on) => field.onChange(on ? 1 : 0)}
          />
          <Label htmlFor={name}>{label}</Label>
        </div>
      )}
    />
  );
}
