/** The pay-bills selection (src/client/pages/custom/payments/selection.ts): checks, totals, the run body and its 422 errors by row. */
import { describe, expect, it } from "vitest";
import {
  amountError, errorsByRow, maxPayment, withCredits, paymentDateError, rowErrors, runBody, selectionOf, totalsByCurrency, type SelectedInvoice,
} from "../../src/client/pages/custom/payments/selection.js";

const invoice = (id: number, pending: string, currency = "USD") =>
  selectionOf({ id, number: `INV-${id}`, vendor_id: 100 + (id % 2), vendor: { name: "V" }, currency_code: currency, outstanding_balance_pending: pending });

const credit = (amount: string, available = "50.00") => ({ credit_id: 9, payment_number: "CM-9", available, amount });

describe("the pay-bills selection", () => {
  it("starts at the pending balance", () => {
    expect(invoice(1, "125.40")).toMatchObject({ invoice_id: 1, amount: "125.40", pending: "125.40", credits: [] });
  });

  it("takes amounts from 0.01 up to the pending balance, with at most 2 decimals", () => {
    expect(amountError("0.01", "10.00")).toBeNull();
    expect(amountError("10.00", "10.00")).toBeNull();
    expect(amountError("0", "10.00")).toBe("payBills.errors.amountMin");
    expect(amountError("0.00", "10.00")).toBe("payBills.errors.amountMin");
    expect(amountError("-1", "10.00")).toBe("payBills.errors.amountFormat");
    expect(amountError("10.01", "10.00")).toBe("payBills.errors.amountMax");
    expect(amountError("1.005", "10.00")).toBe("payBills.errors.amountFormat");
    expect(amountError("abc", "10.00")).toBe("payBills.errors.amountFormat");
  });

  it("refuses credits beyond their balance, beyond the payment, or taken twice across rows", () => {
    const a: SelectedInvoice = { ...invoice(1, "100.00"), amount: "30.00", credits: [credit("30.00")] };
    expect(rowErrors([a]).size).toBe(0);
    expect(rowErrors([{ ...a, credits: [credit("60.00", "80.00")] }]).get(1)).toEqual(["payBills.errors.creditPayment"]);
    expect(rowErrors([{ ...a, credits: [credit("40.00", "35.00")], amount: "50.00" }]).get(1)).toEqual(["payBills.errors.creditAvailable"]);
    const b: SelectedInvoice = { ...invoice(2, "100.00"), amount: "70.00", credits: [credit("30.00")] };
    expect(rowErrors([a, b]).get(2)).toEqual(["payBills.errors.creditAvailable"]);
  });

  it("pays in money at most the pending balance less the credits, lowering the payment when a credit is applied", () => {
    const row = invoice(1, "100.00");
    const credited = withCredits(row, [credit("30.00", "80.00")]);
    expect(maxPayment(credited)).toBe("70.00");
    expect(credited.amount).toBe("70.00");
    expect(rowErrors([{ ...credited, amount: "70.01" }]).get(1)).toEqual(["payBills.errors.amountMax"]);
    expect(withCredits({ ...row, amount: "20.00" }, [credit("30.00", "80.00")]).amount).toBe("20.00");
  });

  it("refuses payment dates before the earliest one and non-business days", () => {
    // Tuesday 2026-11-24, 10:00 in New York: today is the earliest date
    const morning = new Date("2026-11-24T15:00:00Z");
    expect(paymentDateError("2026-11-24", morning)).toBeNull();
    expect(paymentDateError("2026-11-23", morning)).toBe("payBills.errors.dateTooEarly");
    expect(paymentDateError("2026-11-26", morning)).toBe("payBills.errors.notBusinessDay"); // Thanksgiving
    expect(paymentDateError("2026-11-28", morning)).toBe("payBills.errors.notBusinessDay"); // Saturday
    // 7:30pm in New York is after the 4pm PST / 7pm EST cut-off: the next business day
    expect(paymentDateError("2026-11-24", new Date("2026-11-25T00:30:00Z"))).toBe("payBills.errors.dateTooEarly");
    expect(paymentDateError("", morning)).toBe("payBills.errors.dateRequired");
  });

  it("totals the selection per currency, exactly", () => {
    const rows = [{ ...invoice(1, "0.10"), amount: "0.10" }, { ...invoice(2, "0.20"), amount: "0.20", credits: [credit("0.05")] }, invoice(3, "5.00", "EUR")];
    expect(totalsByCurrency(rows)).toEqual([
      { currency_code: "EUR", count: 1, amount: "5.00", credits: "0.00" },
      { currency_code: "USD", count: 2, amount: "0.30", credits: "0.05" },
    ]);
  });

  it("builds the run body and maps its row errors back to the invoices", () => {
    const rows = [{ ...invoice(1, "10.00"), payment_method_from_id: 2 }, { ...invoice(2, "20.00"), amount: "5", credits: [credit("1.5")] }];
    const body = runBody({ payment_date: "2026-11-24", items: rows, all: false, search: "" });
    expect(body).toEqual({
      payment_date: "2026-11-24",
      items: [{ invoice_id: 1, amount: "10.00", payment_method_from_id: 2 }, { invoice_id: 2, amount: "5.00" }],
      credits: [{ credit_id: 9, invoice_id: 2, amount: "1.50" }],
    });
    const byRow = errorsByRow({ "items.1.amount": ["too much"], "credits.0.amount": ["above available"], payment_date: ["not a business day"] }, body);
    expect(byRow.get(2)).toEqual(["too much", "above available"]);
    expect(byRow.get(0)).toEqual(["payment_date: not a business day"]);
  });
});
