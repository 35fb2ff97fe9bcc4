/**
 * The bank's return file (pure: text in, entries out): NACHA returns and notifications of change.
 * A returned entry is an entry detail record (type 6) followed by a return addenda (type 7, addenda
 * type 99: reason code R.., original trace number); a notification of change (NOC, a COR entry) is
 * an entry detail record followed by a change addenda (type 7, addenda type 98: change code C..,
 * original trace number, corrected data). Positions are 1-based, as the NACHA rules print them.
 *
 * Entry detail (6): 2-3 transaction code, 4-12 receiving DFI routing, 13-29 account, 30-39 amount
 * in cents, 40-54 individual identification number (our payment_number), 55-76 individual name,
 * 80-94 trace number.
 * Addenda 99: 4-6 return reason code, 7-21 original trace number, 36-79 addenda information.
 * Addenda 98: 4-6 change code, 7-21 original trace number, 28-35 original RDFI, 36-64 corrected data.
 */
import { money, round } from "../../../../framework/money.js";

export type BankEntryKind = "return" | "change";

export interface BankEntry {
  /** the line (1-based) of the entry detail record */
  line: number;
  kind: BankEntryKind;
  transaction_code: string;
  amount: string;
  individual_id: string;
  individual_name: string;
  /** the trace number of the original entry (from the addenda), else the entry's own */
  original_trace_number: string;
  /** R.. for a return, C.. for a change */
  code: string;
  addenda_information: string;
  /** a change's corrected data (positions 36-64 of the 98 addenda), as sent */
  corrected_data: string;
}

export interface ParsedBankFile {
  entries: BankEntry[];
  errors: { line: number; message: string }[];
}

/** Return reason codes (NACHA Operating Rules, Appendix Four): the rule's title and what it means in plain words. */
export const returnCodes: Readonly<Record<string, { title: string; plain: string }>> = {
  R01: { title: "Insufficient Funds", plain: "The account did not have enough money for the entry." },
  R02: { title: "Account Closed", plain: "The vendor closed this bank account." },
  R03: { title: "No Account/Unable to Locate Account", plain: "The bank has no account with this number, or the name does not match it." },
  R04: { title: "Invalid Account Number Structure", plain: "The account number is not a valid number at this bank." },
  R05: { title: "Unauthorized Debit to Consumer Account", plain: "The account holder did not authorize the entry." },
  R06: { title: "Returned per ODFI's Request", plain: "Our bank asked for the entry back." },
  R07: { title: "Authorization Revoked by Customer", plain: "The account holder withdrew the authorization." },
  R08: { title: "Payment Stopped", plain: "The account holder stopped this payment." },
  R09: { title: "Uncollected Funds", plain: "The money in the account was not yet available." },
  R10: { title: "Customer Advises Originator is Not Known", plain: "The account holder does not know us or did not agree to the entry." },
  R11: { title: "Customer Advises Entry Not in Accordance with the Terms of the Authorization", plain: "The account holder says the entry differs from what was agreed." },
  R12: { title: "Account Sold to Another DFI", plain: "The account moved to another bank." },
  R14: { title: "Representative Payee Deceased", plain: "The person receiving for the account holder has died." },
  R15: { title: "Beneficiary or Account Holder Deceased", plain: "The account holder has died." },
  R16: { title: "Account Frozen/Entry Returned per OFAC Instruction", plain: "The account is frozen (for example by a sanctions order)." },
  R17: { title: "File Record Edit Criteria", plain: "The bank could not read the entry (a field was wrong)." },
  R20: { title: "Non-Transaction Account", plain: "The account cannot receive payments (a savings or investment account with limits)." },
  R23: { title: "Credit Entry Refused by Receiver", plain: "The vendor refused the payment." },
  R24: { title: "Duplicate Entry", plain: "The bank saw this entry twice." },
  R29: { title: "Corporate Customer Advises Not Authorized", plain: "The business account holder did not authorize the entry." },
};

/** Change codes of notifications of change: the rule's title and what it means in plain words. */
export const changeCodes: Readonly<Record<string, { title: string; plain: string }>> = {
  C01: { title: "Incorrect DFI Account Number", plain: "The account number was wrong: the bank gives the right one." },
  C02: { title: "Incorrect Routing Number", plain: "The routing number was wrong: the bank gives the right one." },
  C03: { title: "Incorrect Routing Number and Incorrect DFI Account Number", plain: "The routing and account numbers were wrong: the bank gives the right ones." },
  C04: { title: "Incorrect Individual Name/Receiving Company Name", plain: "The account holder's name was wrong." },
  C05: { title: "Incorrect Transaction Code", plain: "The account type was wrong (checking or savings)." },
  C06: { title: "Incorrect DFI Account Number and Incorrect Transaction Code", plain: "The account number and the account type were wrong." },
  C07: { title: "Incorrect Routing Number, Incorrect DFI Account Number, and Incorrect Transaction Code", plain: "The routing number, account number and account type were wrong." },
  C09: { title: "Incorrect Individual Identification Number", plain: "The identification number we sent was wrong." },
  C13: { title: "Addenda Format Error", plain: "The remittance addenda we sent was not formatted correctly." },
};

/** The account type a transaction code credits: 2x checking, 3x savings. */
const accountTypeOf = (code: string): "checking" | "savings" | null => (code.startsWith("2") ? "checking" : code.startsWith("3") ? "savings" : null);

/** The bank details a change corrects, read from its corrected data by change code (NACHA Appendix Five). */
export function correctedDetails(code: string, data: string): { routing?: string; account_number?: string; account_type?: "checking" | "savings"; account_name?: string } | null {
  const at = (from: number, to: number) => data.padEnd(29, " ").slice(from - 36, to - 35).trim();
  const type = (from: number) => accountTypeOf(at(from, from + 1)) ?? undefined;
  switch (code) {
    case "C01": return { account_number: at(36, 52) };
    case "C02": return { routing: at(36, 44) };
    case "C03": return { routing: at(36, 44), account_number: at(48, 64) };
    case "C04": return { account_name: at(36, 57) };
    case "C05": return { account_type: type(36) };
    case "C06": return { account_number: at(36, 52), account_type: type(56) };
    case "C07": return { routing: at(36, 44), account_number: at(45, 61), account_type: type(62) };
    default: return null;
  }
}

const field = (record: string, from: number, to: number) => record.slice(from - 1, to);

/** Parse the text of a return/NOC file. Blank lines and the 9-filler lines of a blocked file are skipped. */
export function parseBankReturnFile(text: string): ParsedBankFile {
  const entries: BankEntry[] = [];
  const errors: ParsedBankFile["errors"] = [];
  let open: (Omit<BankEntry, "kind" | "code"> & { kind: BankEntryKind | null; code: string | null }) | undefined;
  const close = () => {
    if (open && open.kind === null) errors.push({ line: open.line, message: "entry detail record without a return (99) or change (98) addenda" });
    if (open && open.kind !== null) entries.push(open as BankEntry);
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
        line, kind: null, code: null, transaction_code: field(padded, 2, 3), amount: round(money(cents).dividedBy(100)),
        individual_id: field(padded, 40, 54).trim(), individual_name: field(padded, 55, 76).trim(),
        original_trace_number: field(padded, 80, 94).trim(), addenda_information: "", corrected_data: "",
      };
    } else if (type === "7") {
      const addenda = field(padded, 2, 3);
      if (addenda !== "99" && addenda !== "98") return; // other addenda (05 remittance) carry no return
      if (!open) {
        errors.push({ line, message: "return or change addenda without an entry detail record before it" });
        return;
      }
      open.kind = addenda === "99" ? "return" : "change";
      open.code = field(padded, 4, 6).trim();
      open.original_trace_number = field(padded, 7, 21).trim() || open.original_trace_number;
      if (addenda === "99") open.addenda_information = field(padded, 36, 79).trim();
      else open.corrected_data = field(padded, 36, 64);
    } else {
      close();
    }
  });
  close();
  return { entries, errors: errors.sort((a, b) => a.line - b.line) };
}
