import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDuration, formatRupees, formatTime } from "@/lib/format";

describe("dates and times (spec 000 §9, India's time zone)", () => {
  it("formats DD-MM-YYYY in Asia/Kolkata", () => {
    expect(formatDate(new Date("2024-03-05T10:00:00Z"))).toBe("05-03-2024");
    // 20:00 UTC is already the next day in India (01:30 IST).
    expect(formatDate(new Date("2024-12-31T20:00:00Z"))).toBe("01-01-2025");
    expect(formatDate("2024-07-09T00:00:00+05:30")).toBe("09-07-2024");
  });

  it("formats hh:mm A with a 12-hour clock", () => {
    expect(formatTime(new Date("2024-03-05T10:00:00Z"))).toBe("03:30 PM");
    expect(formatTime(new Date("2024-03-05T18:30:00Z"))).toBe("12:00 AM");
    expect(formatTime(new Date("2024-03-05T06:30:00Z"))).toBe("12:00 PM");
    expect(formatTime(new Date("2024-03-05T03:35:00Z"))).toBe("09:05 AM");
  });

  it("joins both for date-times", () => {
    expect(formatDateTime(new Date("2024-03-05T10:00:00Z"))).toBe("05-03-2024 03:30 PM");
    expect(formatDateTime(Date.UTC(2023, 0, 1, 0, 0))).toBe("01-01-2023 05:30 AM");
  });

  it("answers '' for empty or invalid input", () => {
    for (const v of [null, undefined, "", "not a date", Number.NaN]) {
      expect(formatDate(v)).toBe("");
      expect(formatTime(v)).toBe("");
      expect(formatDateTime(v)).toBe("");
    }
  });
});

describe("formatDuration", () => {
  it("shows hours, zero-padded minutes and seconds", () => {
    expect(formatDuration(3900)).toBe("1 h 05 m 00 s");
    expect(formatDuration(420)).toBe("0 h 07 m 00 s");
    expect(formatDuration(42)).toBe("0 h 00 m 42 s");
    expect(formatDuration(59.9)).toBe("0 h 00 m 59 s");
    expect(formatDuration(1200)).toBe("0 h 20 m 00 s");
    expect(formatDuration(36 * 3600 + 59 * 60 + 59)).toBe("36 h 59 m 59 s");
  });

  it("treats missing or negative values as zero", () => {
    expect(formatDuration(null)).toBe("0 h 00 m 00 s");
    expect(formatDuration(undefined)).toBe("0 h 00 m 00 s");
    expect(formatDuration(-5)).toBe("0 h 00 m 00 s");
    expect(formatDuration(Number.NaN)).toBe("0 h 00 m 00 s");
  });
});

describe("formatRupees", () => {
  it("groups digits the Indian way with two decimals", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456.00");
    expect(formatRupees(0)).toBe("₹0.00");
    expect(formatRupees(999)).toBe("₹999.00");
    expect(formatRupees(1000)).toBe("₹1,000.00");
    expect(formatRupees(1234567.891)).toBe("₹12,34,567.89");
    expect(formatRupees(123456789)).toBe("₹12,34,56,789.00");
    expect(formatRupees(0.005)).toBe("₹0.01");
  });

  it("handles negatives, numeric strings and non-numbers", () => {
    expect(formatRupees(-1500.5)).toBe("-₹1,500.50");
    expect(formatRupees("2500")).toBe("₹2,500.00");
    expect(formatRupees(null)).toBe("");
    expect(formatRupees("abc")).toBe("");
    expect(formatRupees(Number.POSITIVE_INFINITY)).toBe("");
  });
});
