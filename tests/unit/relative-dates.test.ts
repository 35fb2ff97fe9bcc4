/** Dashboard widget filters with days relative to the day shown (src/framework/pages.ts `resolveFilter`). */
import { describe, expect, it } from "vitest";
import { resolveFilter } from "../../src/framework/pages.js";

describe("resolveFilter", () => {
  it("turns @today, @week and @month (with a shift in days) into dates, and leaves other values alone", () => {
    // 2026-11-27 is a Friday
    expect(resolveFilter({ a: "@today", b: "@week", c: "@month", d: "@today-7", e: "@week+7", status: "INBOUND", list: ["@today", "X"] }, "2026-11-27")).toEqual({
      a: "2026-11-27", b: "2026-11-23", c: "2026-11-01", d: "2026-11-20", e: "2026-11-30", status: "INBOUND", list: ["2026-11-27", "X"],
    });
    expect(resolveFilter({ b: "@week" }, "2026-11-23")).toEqual({ b: "2026-11-23" });
    expect(resolveFilter({ b: "@week" }, "2026-11-29")).toEqual({ b: "2026-11-23" });
    expect(resolveFilter(undefined, "2026-11-27")).toBeUndefined();
  });

  it("shifts by months with an m: the first day of a month back or ahead, across years", () => {
    expect(resolveFilter({ a: "@month-11m", b: "@month+2m", c: "@month-12" }, "2026-11-27")).toEqual({ a: "2025-12-01", b: "2027-01-01", c: "2026-10-20" });
  });
});
