import { describe, expect, it } from "vitest";
import { isIsoDate, isoToDayText, maskDayText, parseDayText } from "@/lib/date-text";
import { formatTimeOfDay } from "@/lib/format";

// The date field shows and takes DD-MM-YYYY whatever the browser's locale, and hands the form ISO YYYY-MM-DD.
describe("typing a date as DD-MM-YYYY", () => {
  it("reads 10-12-2026 as the 10th of December", () => {
    expect(parseDayText("10-12-2026")).toBe("2026-12-10");
    expect(parseDayText("01-02-2027")).toBe("2027-02-01");
  });

  it("takes one-digit days and months and other separators", () => {
    expect(parseDayText("1-2-2027")).toBe("2027-02-01");
    expect(parseDayText("10/12/2026")).toBe("2026-12-10");
    expect(parseDayText("10.12.2026")).toBe("2026-12-10");
    expect(parseDayText(" 10-12-2026 ")).toBe("2026-12-10");
  });

  it("takes an ISO date as it is", () => {
    expect(parseDayText("2026-12-10")).toBe("2026-12-10");
  });

  it.each([
    "31-02-2026",
    "29-02-2026",
    "00-12-2026",
    "10-13-2026",
    "32-01-2026",
    "10-12-26",
    "10-12",
    "abc",
    "",
  ])("refuses %j", (text) => {
    expect(parseDayText(text)).toBeNull();
  });

  it("knows leap years", () => {
    expect(parseDayText("29-02-2028")).toBe("2028-02-29");
    expect(parseDayText("29-02-2100")).toBeNull();
    expect(parseDayText("29-02-2000")).toBe("2000-02-29");
  });
});

describe("showing an ISO date", () => {
  it("as DD-MM-YYYY", () => {
    expect(isoToDayText("2026-12-10")).toBe("10-12-2026");
    expect(isoToDayText("2026-12-10T00:00:00.000Z")).toBe("10-12-2026");
  });
  it("as nothing when there is none", () => {
    expect(isoToDayText("")).toBe("");
    expect(isoToDayText(null)).toBe("");
    expect(isoToDayText("10-12-2026")).toBe("");
  });
  it("round-trips through typing", () => {
    for (const iso of ["2026-01-01", "2026-12-31", "2028-02-29", "1999-07-04"]) {
      expect(parseDayText(isoToDayText(iso))).toBe(iso);
      expect(isIsoDate(iso)).toBe(true);
    }
    expect(isIsoDate("2026-02-30")).toBe(false);
  });
});

describe("the mask while typing", () => {
  it("groups digits as DD-MM-YYYY, the dash written when the next group starts", () => {
    const typed = "10122026";
    const shown = [...typed].map((_, i) => maskDayText(typed.slice(0, i + 1)));
    expect(shown).toEqual(["1", "10", "10-1", "10-12", "10-12-2", "10-12-20", "10-12-202", "10-12-2026"]);
  });

  it("keeps a typed separator after a one-digit day or month", () => {
    expect(maskDayText("1-")).toBe("1-");
    expect(maskDayText("1-2")).toBe("1-2");
    expect(maskDayText("1/2/2027")).toBe("1-2-2027");
    expect(parseDayText(maskDayText("1/2/2027"))).toBe("2027-02-01");
  });

  it("never grows past a whole date, and drops what is not a digit or separator", () => {
    expect(maskDayText("10-12-20261")).toBe("10-12-2026");
    expect(maskDayText("1a0b-12")).toBe("10-12");
    expect(maskDayText("--")).toBe("");
    expect(maskDayText("10--12")).toBe("10-12");
  });

  it("shows a pasted ISO date as DD-MM-YYYY", () => {
    expect(maskDayText("2026-12-10")).toBe("10-12-2026");
  });

  it("lets Backspace remove the dash it wrote", () => {
    // '10-1' with its last digit removed is '10-', which the mask leaves for the next Backspace to take.
    expect(maskDayText("10-")).toBe("10-");
    expect(maskDayText("10")).toBe("10");
  });
});

describe("a time of day as the screens show it", () => {
  it("is hh:mm AM/PM on a 12-hour clock", () => {
    expect(formatTimeOfDay("07:00")).toBe("07:00 AM");
    expect(formatTimeOfDay("07:05:00")).toBe("07:05 AM");
    expect(formatTimeOfDay("00:30")).toBe("12:30 AM");
    expect(formatTimeOfDay("12:00:00")).toBe("12:00 PM");
    expect(formatTimeOfDay("18:45")).toBe("06:45 PM");
  });
  it("is nothing when there is none, and a text that is no time is left alone", () => {
    expect(formatTimeOfDay(null)).toBe("");
    expect(formatTimeOfDay("")).toBe("");
    expect(formatTimeOfDay("soon")).toBe("soon");
  });
});
