import type { PickedOption } from "@/components/form";

// Plain (not a client module): the edit pages call it on the server.

/** The outlets a record already has, named for their pickers' first paint (also those deactivated since). */
export function chosenOutlets(own: { outlet_id: number; outlet_name: string }[]): PickedOption[] {
  return own.map((o) => ({ value: String(o.outlet_id), label: o.outlet_name }));
}
