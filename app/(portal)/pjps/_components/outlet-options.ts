import type { Option } from "@/components/form";

// Plain (not a client module): the edit pages call it on the server.

/** The outlets a form offers: the pickable ones, plus those the record already has (maybe deactivated since). */
export function withOwn(options: Option[], own: { outlet_id: number; outlet_name: string }[]): Option[] {
  const have = new Set(options.map((o) => o.value));
  return [
    ...options,
    ...own
      .filter((o) => !have.has(String(o.outlet_id)))
      .map((o) => ({ value: String(o.outlet_id), label: o.outlet_name })),
  ];
}
