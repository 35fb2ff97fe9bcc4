import { describe, expect, it } from "vitest";
import { businessDayOnOrAfter, earliestPaymentDate, federalReserveHolidays, isBusinessDay, nextBusinessDay } from "../../src/framework/business-days.js";

describe("Federal Reserve holidays", () => {
  it("lists the 2026 schedule, Independence Day on a Saturday not observed on Friday", () => {
    expect([...federalReserveHolidays(2026)].sort()).toEqual([
      "2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-09-07", "2026-10-12", "2026-11-11", "2026-11-26", "2026-12-25",
    ]);
    expect(isBusinessDay("2026-07-03")).toBe(true);
  });

  it("moves a Sunday holiday to the Monday (New Year 2023, Juneteenth 2033)", () => {
    expect(federalReserveHolidays(2023).has("2023-01-02")).toBe(true);
    expect(federalReserveHolidays(2033).has("2033-06-20")).toBe(true);
  });
});

describe("business days", () => {
  it("skips weekends and holidays", () => {
    expect(isBusinessDay("2026-11-21")).toBe(false); // Saturday
    expect(nextBusinessDay("2026-11-25")).toBe("2026-11-27"); // over Thanksgiving
    expect(businessDayOnOrAfter("2026-12-25")).toBe("2026-12-28"); // Christmas Friday → Monday
    expect(businessDayOnOrAfter("2026-11-24")).toBe("2026-11-24");
  });

  it("applies the 4pm PST / 7pm EST cut-off", () => {
    expect(earliestPaymentDate(new Date("2026-11-25T23:59:00Z"))).toBe("2026-11-25"); // 6:59pm EST
    expect(earliestPaymentDate(new Date("2026-11-26T00:00:00Z"))).toBe("2026-11-27"); // 7pm EST, Thanksgiving next
    expect(earliestPaymentDate(new Date("2026-07-01T22:59:00Z"))).toBe("2026-07-01"); // 6:59pm EDT
    expect(earliestPaymentDate(new Date("2026-07-01T23:00:00Z"))).toBe("2026-07-02"); // 7pm EDT
    expect(earliestPaymentDate(new Date("2026-11-21T12:00:00Z"))).toBe("2026-11-23"); // Saturday
  });
});
