import { describe, expect, it } from "vitest";
import { parseBankReturnFile as parseReturnFile, returnCodes } from "../../src/server/domain/payments/bank-files/return-file.js";

/** A record from its fields at their 1-based NACHA positions, 94 characters. */
function record(fields: [number, string][]): string {
  const chars = Array<string>(94).fill(" ");
  for (const [from, text] of fields) [...text].forEach((c, i) => (chars[from - 1 + i] = c));
  return chars.join("");
}

const entry = (paymentNumber: string, cents: number, trace: string) => record([
  [1, "6"], [2, "21"], [4, "02100002"], [12, "1"], [13, "123456789"], [30, String(cents).padStart(10, "0")],
  [40, paymentNumber], [55, "NORTHWIND TRADERS"], [79, "1"], [80, trace],
]);
const returnAddenda = (code: string, originalTrace: string, info = "") => record([
  [1, "7"], [2, "99"], [4, code], [7, originalTrace], [28, "02100002"], [36, info], [80, "021000020000001"],
]);
const remittanceAddenda = record([[1, "7"], [2, "05"], [4, "INV-1001"]]);
const fileHeader = record([[1, "101"], [4, " 021000021"]]);
const batchHeader = record([[1, "5"], [2, "200"], [5, "ACME CORP"]]);
const batchControl = record([[1, "8"], [2, "200"]]);
const fileControl = record([[1, "9"], [2, "000001"]]);

describe("NACHA return and change file parser", () => {
  it("reads each returned entry with its R-code, original trace number, amount and payment number", () => {
    const text = [
      fileHeader, batchHeader,
      entry("PAY-100012", 12550, "021000029999999"), returnAddenda("R01", "021000020000007", "INSUFFICIENT"),
      entry("PAY-100013", 1, "021000029999998"), remittanceAddenda, returnAddenda("R03", "021000020000008"),
      batchControl, fileControl, "9".repeat(94), "",
    ].join("\r\n");
    const { entries, errors } = parseReturnFile(text);
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { line: 3, kind: "return", transaction_code: "21", amount: "125.50", individual_id: "PAY-100012", individual_name: "NORTHWIND TRADERS", original_trace_number: "021000020000007", code: "R01", addenda_information: "INSUFFICIENT", corrected_data: "" },
      { line: 5, kind: "return", transaction_code: "21", amount: "0.01", individual_id: "PAY-100013", individual_name: "NORTHWIND TRADERS", original_trace_number: "021000020000008", code: "R03", addenda_information: "", corrected_data: "" },
    ]);
    expect(returnCodes.R01.title).toBe("Insufficient Funds");
  });

  it("reports entries without a return addenda, stray addenda and lines that are not records", () => {
    const text = [entry("PAY-1", 100, "1"), batchControl, returnAddenda("R02", "2"), "hello world", entry("PAY-2", 200, "3"), returnAddenda("R02", "")].join("\n");
    const { entries, errors } = parseReturnFile(text);
    expect(entries.map((e) => [e.individual_id, e.code, e.original_trace_number])).toEqual([["PAY-2", "R02", "3"]]);
    expect(errors).toEqual([
      { line: 1, message: "entry detail record without a return (99) or change (98) addenda" },
      { line: 3, message: "return or change addenda without an entry detail record before it" },
      { line: 4, message: "not a NACHA record (94 characters starting with 1, 5, 6, 7, 8 or 9)" },
    ]);
  });

  it("refuses an entry whose amount field is not cents", () => {
    const bad = entry("PAY-1", 100, "1").slice(0, 29) + "12.50     " + entry("PAY-1", 100, "1").slice(39);
    const { entries, errors } = parseReturnFile([bad, returnAddenda("R01", "1")].join("\n"));
    expect(entries).toEqual([]);
    expect(errors[0]).toEqual({ line: 1, message: "entry detail amount (positions 30-39) is not a number of cents" });
  });
});
