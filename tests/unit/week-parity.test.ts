import { describe, expect, it } from "vitest";
import {
  currentMonthYear,
  datesOfMonth,
  isoWeek,
  occurrenceInMonth,
  parseDate,
  parseMonthYear,
  previousMonth,
  sameWeekdayIn,
  weekdayOf,
  weekParity,
} from "@/lib/operations/week-parity";

describe("ISO weeks and their parity", () => {
  it("numbers weeks as ISO-8601 does, across year boundaries", () => {
    // 2026 starts on a Thursday: 1 January is in week 1, and the year has 53 weeks.
    expect(isoWeek("2026-01-01")).toEqual({ year: 2026, week: 1 });
    expect(isoWeek("2026-06-01")).toEqual({ year: 2026, week: 23 });
    expect(isoWeek("2026-12-31")).toEqual({ year: 2026, week: 53 });
    // 2027-01-01..03 belong to 2026's week 53; 4 January 2027 opens week 1.
    expect(isoWeek("2027-01-03")).toEqual({ year: 2026, week: 53 });
    expect(isoWeek("2027-01-04")).toEqual({ year: 2027, week: 1 });
    // 2024-12-30 (a Monday) is already week 1 of 2025.
    expect(isoWeek("2024-12-30")).toEqual({ year: 2025, week: 1 });
    expect(isoWeek("2024-12-29")).toEqual({ year: 2024, week: 52 });
    // 2021-01-03 (a Sunday) still belongs to 2020's week 53.
    expect(isoWeek("2021-01-03")).toEqual({ year: 2020, week: 53 });
  });

  it("gives a week's seven days one parity, alternating weekly, with two ODD weeks around a week 53", () => {
    for (const d of datesOfMonth("2026-06").slice(0, 7)) expect(weekParity(d)).toBe("ODD"); // 1-7 June: week 23
    expect(weekParity("2026-06-08")).toBe("EVEN");
    expect(weekParity("2026-06-15")).toBe("ODD");
    expect(weekParity("2026-12-28")).toBe("ODD"); // week 53
    expect(weekParity("2027-01-04")).toBe("ODD"); // week 1
    expect(weekParity("2027-01-11")).toBe("EVEN");
  });

  it("names weekdays from Monday", () => {
    expect(weekdayOf("2026-06-01")).toBe("Monday");
    expect(weekdayOf("2026-06-07")).toBe("Sunday");
    expect(weekdayOf("2026-11-25")).toBe("Wednesday");
  });
});

describe("months", () => {
  it("lists a month's dates, leap years included", () => {
    expect(datesOfMonth("2026-06")).toHaveLength(30);
    expect(datesOfMonth("2028-02").at(-1)).toBe("2028-02-29");
    expect(datesOfMonth("2100-02").at(-1)).toBe("2100-02-28");
    expect(datesOfMonth("2000-02").at(-1)).toBe("2000-02-29");
    expect(datesOfMonth("2026-12")[0]).toBe("2026-12-01");
  });

  it("steps back a month across a year", () => {
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(previousMonth("2026-07")).toBe("2026-06");
  });

  it("parses months and dates strictly", () => {
    expect(parseMonthYear("2026-06")).toEqual({ year: 2026, month: 6 });
    for (const bad of ["2026-13", "2026-00", "2026-6", "June 2026", ""])
      expect(parseMonthYear(bad)).toBeNull();
    expect(parseDate("2026-02-29")).toBeNull();
    expect(parseDate("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(parseDate("29-02-2028")).toBeNull();
  });

  it("takes the current month in India's time", () => {
    // 30 November 2026, 19:00 UTC is already 1 December, 00:30 in India.
    expect(currentMonthYear(new Date("2026-11-30T19:00:00Z"))).toBe("2026-12");
    expect(currentMonthYear(new Date("2026-11-30T18:00:00Z"))).toBe("2026-11");
  });

  it("places a date on the same occurrence of its weekday in another month, or nowhere", () => {
    expect(occurrenceInMonth("2026-05-04")).toBe(1);
    expect(occurrenceInMonth("2026-05-29")).toBe(5);
    // The 1st Monday of May 2026 (the 4th) → the 1st Monday of June (the 1st).
    expect(sameWeekdayIn("2026-05-04", "2026-06")).toBe("2026-06-01");
    // The 5th Friday of May 2026 (the 29th): June 2026 has four Fridays.
    expect(sameWeekdayIn("2026-05-29", "2026-06")).toBeNull();
    // The 5th Monday of June 2026 (the 29th) → July 2026 has no 5th Monday either; August does (the 31st).
    expect(sameWeekdayIn("2026-06-29", "2026-07")).toBeNull();
    expect(sameWeekdayIn("2026-06-29", "2026-08")).toBe("2026-08-31");
  });
});
