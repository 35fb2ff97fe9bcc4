import { describe, expect, it } from "vitest";
import { abaCheckDigit, bicProblem, composeIban, ibanProblem, isValidIban, isValidRouting, maskAccount, normalizeIban } from "../../src/server/domain/payments/bank.js";

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

describe("IBAN (ISO 13616, through ibantools)", () => {
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
    expect(ibanProblem("")).toBe("can't be blank");
    expect(isValidIban("XX00")).toBe(false);
    // the account part must fit the country's format (GB: 4 letters, then 14 digits)
    expect(ibanProblem("GB82WEST1234569876543A")).toBe("has a bank and account part in the wrong format for GB");
    // mod 97 right, but the Belgian national check digits (last two) wrong
    expect(ibanProblem("BE59539007547099")).toBe("has a wrong national check digit (bank, branch or account)");
  });

  it("composes IBANs whose check digits validate", () => {
    expect(composeIban("DE", "370400440532013000")).toBe("DE89370400440532013000");
    expect(isValidIban(composeIban("de", "1007 0000 0123 4567 89")!)).toBe(true);
    expect(composeIban("DE", "12")).toBeNull();
  });
});

describe("BIC (ISO 9362, through ibantools)", () => {
  it("accepts 8- and 11-character BICs and refuses others", () => {
    for (const bic of ["DEUTDEFF", "DEUTDEFFXXX", "nwbkgb2lxxx", "ABNANL2A"]) expect(bicProblem(bic)).toBeUndefined();
    expect(bicProblem("DEUTDEF")).toMatch(/8 or 11 characters/);
    expect(bicProblem("DEUT11FF")).toMatch(/country code/);
    expect(bicProblem("")).toBe("can't be blank");
  });
});

it("masks account numbers to the last four", () => {
  expect(maskAccount("123456789")).toBe("••••6789");
  expect(maskAccount(null)).toBeNull();
});
