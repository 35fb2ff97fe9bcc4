import { describe, expect, it } from "vitest";
import { csvLines, neutraliseCell, toCsv } from "../../src/framework/csv.js";

describe("CSV cells (framework/csv.ts, used by the server's check register and list exports)", () => {
  it("prefixes cells starting with = + - @, tab or carriage return with a quote", () => {
    expect(["=SUM(A1)", "+cmd", "-2+3+cmd|' /C calc'!A0", "@SUM(1)", "\t=1+1", "\r=1+1"].map(neutraliseCell))
      .toEqual(["'=SUM(A1)", "'+cmd", "'-2+3+cmd|' /C calc'!A0", "'@SUM(1)", "'\t=1+1", "'\r=1+1"]);
  });

  it("leaves plain numbers (negative amounts included) and ordinary text alone", () => {
    expect(["-12.50", "+3", "-1,234.56", "12.50", "Acme Corp", "a=b", ""].map(neutraliseCell))
      .toEqual(["-12.50", "+3", "-1,234.56", "12.50", "Acme Corp", "a=b", ""]);
    expect(neutraliseCell("-$12.50")).toBe("'-$12.50");
  });

  it("neutralises head and body cells and still quotes what CSV needs quoted", () => {
    expect(toCsv(["=Payee"], [["=HYPERLINK(\"http://x\")"], ["a,b"]])).toBe("'=Payee\r\n\"'=HYPERLINK(\"\"http://x\"\")\"\r\n\"a,b\"");
  });

  it("writes a streamed file in parts (head, then slices of rows) that join into one CSV", () => {
    expect(csvLines([["=Payee"]]) + csvLines([["=x"], ["1"]]) + csvLines([]) + csvLines([["a,b"]])).toBe("'=Payee\r\n'=x\r\n1\r\n\"a,b\"\r\n");
  });
});
