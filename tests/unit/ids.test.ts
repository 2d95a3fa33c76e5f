import { describe, expect, it } from "vitest";
import { OPAQUE_ID_PATTERN, decodeId, encodeId, parseIdParam } from "@/lib/platform/ids";

describe("opaque ids in URLs", () => {
  it("round-trips ids and hides them", () => {
    for (const id of [1, 2, 42, 99_999, 2 ** 40]) {
      const o = encodeId(id);
      expect(o).toMatch(OPAQUE_ID_PATTERN);
      expect(o).not.toContain(String(id));
      expect(decodeId(o)).toBe(id);
    }
    expect(encodeId(1)).not.toBe(encodeId(2));
  });

  it("refuses anything that is not one of ours", () => {
    expect(decodeId("1")).toBeNull();
    expect(decodeId("AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    const o = encodeId(7);
    const tampered = (o[0] === "A" ? "B" : "A") + o.slice(1);
    expect(decodeId(tampered)).toBeNull();
    expect(decodeId(undefined)).toBeNull();
  });

  it("accepts plain or opaque ids on /api paths", () => {
    expect(parseIdParam("15")).toBe(15);
    expect(parseIdParam(encodeId(15))).toBe(15);
    expect(parseIdParam("0")).toBeNull();
    expect(parseIdParam("1; drop table")).toBeNull();
  });
});
