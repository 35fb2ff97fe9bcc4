/** The report date ranges of data-spec 9 relative to the run date (src/server/domain/admin/report-dates.ts). */
import { describe, expect, it } from "vitest";
import { dateRangeOf } from "../../src/server/domain/admin/report-dates.js";

// a Wednesday in the second month of the fourth quarter
const run = new Date("2026-11-25T10:00:00Z");

describe("report date ranges", () => {
  it.each([
    ["past_1", "2026-11-25", "2026-11-25"],
    ["past_7", "2026-11-19", "2026-11-25"],
    ["past_30", "2026-10-27", "2026-11-25"],
    ["past_365", "2025-11-26", "2026-11-25"],
    ["current_week", "2026-11-23", "2026-11-25"],
    ["previous_week", "2026-11-16", "2026-11-22"],
    ["current_month", "2026-11-01", "2026-11-25"],
    ["previous_month", "2026-10-01", "2026-10-31"],
    ["current_quarter", "2026-10-01", "2026-11-25"],
    ["previous_quarter", "2026-07-01", "2026-09-30"],
    ["current_year", "2026-01-01", "2026-11-25"],
    ["previous_year", "2025-01-01", "2025-12-31"],
  ] as const)("%s is %s to %s", (range, from, to) => {
    expect(dateRangeOf(range, run)).toEqual({ from, to });
  });

  it("a week runs Monday to Sunday: on a Sunday the current week began six days before", () => {
    expect(dateRangeOf("current_week", new Date("2026-11-29T23:00:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(dateRangeOf("previous_quarter", new Date("2026-01-15T00:00:00Z"))).toEqual({ from: "2025-10-01", to: "2025-12-31" });
  });
});
