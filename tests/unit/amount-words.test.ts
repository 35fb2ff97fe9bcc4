import { describe, expect, it } from "vitest";
import { amountInWords, integerInWords } from "../../src/server/domain/payments/amount-words.js";

describe("amount in words (checks)", () => {
  it("writes dollars in words and cents as a fraction", () => {
    expect(amountInWords("1234.56")).toBe("One thousand two hundred thirty-four and 56/100");
    expect(amountInWords("0.07")).toBe("Zero and 07/100");
    expect(amountInWords(100)).toBe("One hundred and 00/100");
    expect(amountInWords("21.5")).toBe("Twenty-one and 50/100");
  });

  it("handles every scale and the zero groups between them", () => {
    expect(integerInWords("1000000")).toBe("one million");
    expect(integerInWords("1000001")).toBe("one million one");
    expect(integerInWords("2015000019")).toBe("two billion fifteen million nineteen");
    expect(integerInWords("110")).toBe("one hundred ten");
    expect(amountInWords("987654321.99")).toBe("Nine hundred eighty-seven million six hundred fifty-four thousand three hundred twenty-one and 99/100");
  });

  it("rounds half up to cents and refuses negative amounts", () => {
    expect(amountInWords("10.005")).toBe("Ten and 01/100");
    expect(() => amountInWords("-1")).toThrow();
  });
});
