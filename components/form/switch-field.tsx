"use client";
import { Controller, useFormContext } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/**
 * A 1/0 flag as a switch (the spec's flags are numbers), its state read beside it as YES or NO (spec 002 §9:
 * 'Toggles show YES or NO'). The word is for the eye: the switch itself tells assistive technology on or off.
 */
export function SwitchField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const on = field.value === 1 || field.value === true;
        return (
          <div className="flex items-center gap-3 py-2" data-field={name}>
            <Label htmlFor={name}>{label}</Label>
            <Switch
              id={name}
              checked={on}
              disabled={disabled}
              onCheckedChange={(next) => field.onChange(next ? 1 : 0)}
            />
            <span aria-hidden className="text-xs font-semibold text-slate-600" data-testid={`${name}-state`}>
              {on ? "YES" : "NO"}
            </span>
          </div>
        );
      }}
    />
  );
}
