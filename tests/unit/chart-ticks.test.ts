import { describe, expect, it } from "vitest";
// recharts' own tick arithmetic, which its YAxis applies by default: [0, max], 5 ticks, decimals allowed.
import { getNiceTickValues } from "recharts";
import { niceTicks } from "@/components/charts/bar-svg";

// The homes' chart is drawn as SVG by the server until a pointer brings recharts (components/charts): its y axis
// must read as recharts' will, or the figures would jump under the reader's pointer.
describe("the server-drawn chart's y axis", () => {
  const maxes = [0, 1, 3, 4, 7, 9.5, 10, 11, 42, 99, 100, 101, 250, 999, 1234, 4999, 12_000, 48_500, 99_999];
  for (let i = 0; i < 60; i++) maxes.push(Math.round(1.37 ** i * 7.3));
  it.each(maxes)("ticks for a largest value of %d are recharts' ticks", (max) => {
    expect(niceTicks(max)).toEqual(getNiceTickValues([0, max], 5, true));
  });
});
