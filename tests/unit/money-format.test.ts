/** Money shown without decimal.js (src/framework/money-format.ts) rounds as `round` of money.ts does. */
import { describe, expect, it } from "vitest";
import { round } from "../../src/framework/money.js";
import { formatMoney, roundHalfUp } from "../../src/framework/money-format.js";

describe("money rounding for display", () => {
  it("agrees with decimal.js's half-up rounding on edge cases", () => {
    const cases: (string | number)[] = [
      "0", "-0", "0.005", "-0.005", "-0.004", "1.005", "-1.005", "9.995", "99.999", "-99.995", "0.00", "-0.00", "123", "-123.4",
      ".5", "5.", "1e-7", "-1e-7", "1.2345e3", "1e21", 1e21, 1e-7, -0, 0.1 + 0.2, 1.005, -2.675, "000123.456", "+1.235",
      "12345678901234567890.125", "0.0049999", "0.995", "-0.995",
    ];
    for (const value of cases) expect(roundHalfUp(value, 2), String(value)).toBe(round(value));
  });

  it("agrees with decimal.js on many random amounts, as strings and as numbers", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20_000; i++) {
      const int = String(Math.floor(random() * 10 ** Math.floor(random() * 8)));
      const frac = String(Math.floor(random() * 1e6)).padStart(6, "0").slice(0, Math.floor(random() * 6));
      const text = `${random() < 0.4 ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
      expect(roundHalfUp(text, 2), text).toBe(round(text));
      expect(roundHalfUp(Number(text), 2), text).toBe(round(Number(text)));
    }
  });

  it("formats in the currency and refuses what is not a number", () => {
    expect(formatMoney("1234.005", "USD")).toBe("$1,234.01");
    expect(formatMoney("-0.001", "USD")).toBe("$0.00");
    expect(formatMoney(null, "USD")).toBe("");
    expect(() => formatMoney("abc", "USD")).toThrow();
  });
});
