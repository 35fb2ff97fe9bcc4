import { describe, expect, it } from "vitest";
import { abaCheckDigit, ibanCheckDigits, ibanProblem, isValidIban, isValidRouting, maskAccount, normalizeIban } from "../../src/framework/bank.js";

describe("ABA routing numbers", () => {
  it("accepts real routing numbers and refuses a wrong check digit", () => {
    for (const routing of ["021000021", "011000015", "121000248", "026009593"]) expect(isValidRouting(routing)).toBe(true);
    for (const routing of ["021000022", "12100024", "1210002480", "02100002A", "000000000"]) expect(isValidRouting(routing)).toBe(false);
  });

  it("computes the check digit (3-7-1 weights)", () => {
    expect(abaCheckDigit("02100002")).toBe("1");
    expect(abaCheckDigit("12100024")).toBe("8");
  });
});

describe("IBAN (ISO 13616 mod 97)", () => {
  it("accepts the registry's examples, with or without spaces", () => {
    for (const iban of ["DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "NL91ABNA0417164300", "FR1420041010050500013M02606", "gb82west12345698765432"]) {
      expect(ibanProblem(iban)).toBeUndefined();
    }
    expect(normalizeIban("de89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
  });

  it("refuses wrong check digits, a wrong length for the country and garbage", () => {
    expect(ibanProblem("DE89370400440532013001")).toBe("has wrong check digits");
    expect(ibanProblem("DE8937040044053201300")).toBe("must be 22 characters for DE");
    expect(ibanProblem("1234")).toMatch(/country code/);
    expect(isValidIban("XX00")).toBe(false);
  });

  it("computes check digits that validate", () => {
    expect(ibanCheckDigits("DE", "370400440532013000")).toBe("89");
    const bban = "100700000123456789";
    expect(isValidIban(`DE${ibanCheckDigits("DE", bban)}${bban}`)).toBe(true);
  });
});

it("masks account numbers to the last four", () => {
  expect(maskAccount("123456789")).toBe("••••6789");
  expect(maskAccount(null)).toBeNull();
});
