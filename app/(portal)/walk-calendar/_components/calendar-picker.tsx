"use client";
import { useState } from "react";
import { SearchPicker, type PickedOption } from "@/components/form/search-picker";

/**
 * A picker of the calendar's GET form: the chosen option's opaque id rides in a hidden input named `name`, so Show
 * submits it like any field; the rows are searched on the server as you type.
 */
export function CalendarPicker({
  id,
  name,
  source,
  params,
  selected,
  none,
  disabled,
  describedBy,
}: {
  id: string;
  name: string;
  source: string;
  params?: Record<string, string>;
  selected: PickedOption | null;
  none: PickedOption;
  disabled?: boolean;
  describedBy?: string;
}) {
  const [chosen, setChosen] = useState<PickedOption | null>(selected);
  return (
    <>
      <SearchPicker
        id={id}
        source={source}
        params={params}
        valueKey="value"
        value={chosen?.value ?? ""}
        selected={chosen}
        none={none}
        placeholder={none.label}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={setChosen}
      />
      <input type="hidden" name={name} value={chosen?.value ?? ""} />
    </>
  );
}
