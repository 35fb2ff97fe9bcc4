/**
 * Parsing a NACHA return file (pure: text in, entries out). A return is an entry detail record
 * (type 6) followed by its return addenda (type 7, addenda type code 99) carrying the return reason
 * code and the original entry's trace number. Positions are 1-based, as the NACHA rules print them.
 *
 * Entry detail (6): 2-3 transaction code, 4-12 receiving DFI routing, 13-29 account, 30-39 amount
 * in cents, 40-54 individual identification number (our payment_number), 55-76 individual name,
 * 79 addenda indicator, 80-94 trace number.
 * Return addenda (7, type 99): 4-6 return reason code, 7-21 original entry trace number,
 * 22-27 date of death, 28-35 original receiving DFI, 36-79 addenda information, 80-94 trace number.
 */
import { money, round } from "../../../framework/money.js";

export interface ReturnEntry {
  /** the line (1-based) of the entry detail record */
  line: number;
  transaction_code: string;
  amount: string;
  individual_id: string;
  individual_name: string;
  /** the trace number of the original entry (from the addenda), else the return entry's own */
  original_trace_number: string;
  return_code: string | null;
  addenda_information: string;
}

export interface ParsedReturns {
  entries: ReturnEntry[];
  /** lines that are not NACHA records or entries without a return addenda */
  errors: { line: number; message: string }[];
}

/** The descriptions of the return reason codes (NACHA Operating Rules, Appendix Four), the common ones. */
export const returnReasons: Readonly<Record<string, string>> = {
  R01: "Insufficient Funds",
  R02: "Account Closed",
  R03: "No Account/Unable to Locate Account",
  R04: "Invalid Account Number Structure",
  R05: "Unauthorized Debit to Consumer Account",
  R06: "Returned per ODFI's Request",
  R07: "Authorization Revoked by Customer",
  R08: "Payment Stopped",
  R09: "Uncollected Funds",
  R10: "Customer Advises Originator is Not Known",
  R11: "Customer Advises Entry Not in Accordance with the Terms of the Authorization",
  R12: "Account Sold to Another DFI",
  R14: "Representative Payee Deceased",
  R15: "Beneficiary or Account Holder Deceased",
  R16: "Account Frozen/Entry Returned per OFAC Instruction",
  R17: "File Record Edit Criteria",
  R20: "Non-Transaction Account",
  R23: "Credit Entry Refused by Receiver",
  R24: "Duplicate Entry",
  R29: "Corporate Customer Advises Not Authorized",
};

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** Parse the text of a return file. Blank lines and the 9-filler lines of a blocked file are skipped. */
export function parseReturnFile(text: string): ParsedReturns {
  const entries: ReturnEntry[] = [];
  const errors: ParsedReturns["errors"] = [];
  let open: ReturnEntry | undefined;
  const close = () => {
    if (open && open.return_code === null) errors.push({ line: open.line, message: "entry detail record without a return addenda (type 99)" });
    open = undefined;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const record = raw.replace(/\s+$/, "");
    if (record === "" || /^9+$/.test(record)) return;
    const type = record[0];
    if (!"156789".includes(type) || record.length > 94) {
      errors.push({ line, message: "not a NACHA record (94 characters starting with 1, 5, 6, 7, 8 or 9)" });
      return;
    }
    const padded = record.padEnd(94, " ");
    if (type === "6") {
      close();
      const cents = field(padded, 30, 39);
      if (!/^\d{10}$/.test(cents)) {
        errors.push({ line, message: "entry detail amount (positions 30-39) is not a number of cents" });
        return;
      }
      open = {
        line, transaction_code: field(padded, 2, 3), amount: round(money(cents).dividedBy(100)),
        individual_id: field(padded, 40, 54).trim(), individual_name: field(padded, 55, 76).trim(),
        original_trace_number: field(padded, 80, 94).trim(), return_code: null, addenda_information: "",
      };
      entries.push(open);
    } else if (type === "7") {
      if (field(padded, 2, 3) !== "99") return; // other addenda (05 remittance) carry no return
      if (!open) {
        errors.push({ line, message: "return addenda without an entry detail record before it" });
        return;
      }
      open.return_code = field(padded, 4, 6).trim();
      open.original_trace_number = field(padded, 7, 21).trim() || open.original_trace_number;
      open.addenda_information = field(padded, 36, 79).trim();
    } else {
      close();
    }
  });
  close();
  return { entries: entries.filter((e) => e.return_code !== null), errors: errors.sort((a, b) => a.line - b.line) };
}
