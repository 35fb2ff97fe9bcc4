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

describe("CSV cells for ',' and ';' spreadsheets (issue 27)", () => {
  it("neutralises a formula after a separator inside the cell, and keeps plain numbers", () => {
    expect(neutraliseCell("x;=1+1")).toBe("x;'=1+1");
    expect(neutraliseCell("x,=1+1")).toBe("x,'=1+1");
    expect(neutraliseCell("a; @SUM(1);b")).toBe("a; '@SUM(1);b");
    expect(neutraliseCell("=1;=2")).toBe("'=1;'=2");
    expect(neutraliseCell("x;\t=1")).toBe("x;'\t=1");
    expect(neutraliseCell("net 30; -5")).toBe("net 30; -5");
    expect(neutraliseCell("-1,234.56")).toBe("-1,234.56");
    expect(neutraliseCell("a;b,c")).toBe("a;b,c");
  });

  it("quotes every cell holding ',' or ';' so either spreadsheet keeps it one cell", () => {
    expect(toCsv(["Name"], [["x;=1+1"], ["a,b"], ["plain"], ["-1,234.56"]])).toBe("Name\r\n\"x;'=1+1\"\r\n\"a,b\"\r\nplain\r\n\"-1,234.56\"");
    expect(csvLines([["x;=1+1", "ok"]])).toBe("\"x;'=1+1\",ok\r\n");
  });

  it("no cell of the output, split on ';' or ',' with quotes ignored, starts a formula", () => {
    const cells = ["x;=1+1", "y,+2", "z; -cmd|' /C calc'!A0", "w;@SUM(A1)", "=HYPERLINK(\"http://x\")", "-12.50"];
    const file = toCsv(["h"], cells.map((c) => [c]));
    for (const separator of [",", ";"]) {
      const parts = file.split(/\r\n/).flatMap((line) => line.replace(/"/g, "").split(separator)).map((p) => p.trimStart());
      expect(parts.filter((p) => /^[=+\-@]/.test(p) && !/^[+-]?\d[\d,. ]*$/.test(p))).toEqual([]);
    }
  });
});
