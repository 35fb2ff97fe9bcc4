import { describe, expect, it } from "vitest";
import { declineReason, type CardControls } from "../../src/server/domain/cards/controls.js";
import { minimumPayment } from "../../src/server/domain/cards/statement-close.js";

const card: CardControls = {
  status: "ACTIVE", amount: "1000.00", expiry: "2027-06-30", start_date: "2026-01-01", end_date: "2026-12-31",
  per_transaction_min: "5.00", per_transaction_max: "400.00", is_reload_balance_monthly: false, is_international_usage: false, currency_code: "USD",
};
const buy = { amount: "100.00", date: "2026-11-10", international: false };

describe("card controls (the simulator's authorization)", () => {
  it("authorizes a purchase within every control, up to the last cent of the balance", () => {
    expect(declineReason(card, buy, "0")).toBeNull();
    expect(declineReason(card, { ...buy, amount: "400.00" }, "600.00")).toBeNull();
  });

  it("declines with the first failing control, in plain words", () => {
    expect(declineReason({ ...card, status: "TEMPORARY BLOCK" }, buy, "0")).toBe("The card is temporarily blocked");
    expect(declineReason({ ...card, status: "BLOCKED" }, buy, "0")).toBe("The card is blocked");
    expect(declineReason({ ...card, status: "INACTIVE" }, buy, "0")).toBe("The card is closed");
    expect(declineReason({ ...card, expiry: "2026-10-31" }, buy, "0")).toBe("The card has expired");
    expect(declineReason(card, { ...buy, date: "2025-12-31" }, "0")).toBe("The card cannot be used before 2026-01-01");
    expect(declineReason(card, { ...buy, date: "2027-01-01" }, "0")).toBe("The card cannot be used after 2026-12-31");
    expect(declineReason(card, { ...buy, international: true }, "0")).toBe("International purchases are not allowed on this card");
    expect(declineReason({ ...card, is_international_usage: true }, { ...buy, international: true }, "0")).toBeNull();
    expect(declineReason(card, { ...buy, amount: "4.99" }, "0")).toBe("Below the per-transaction minimum of 5.00 USD");
    expect(declineReason(card, { ...buy, amount: "400.01" }, "0")).toBe("Above the per-transaction maximum of 400.00 USD");
    expect(declineReason(card, buy, "900.01")).toBe("Over the available balance of 99.99 USD");
    expect(declineReason({ ...card, is_reload_balance_monthly: true }, buy, "1000.00")).toBe("Over the available balance of 0.00 USD this month");
  });

  it("a statement's minimum payment: 2 %, at least 25, never more than the balance", () => {
    expect(minimumPayment("0")).toBe("0.00");
    expect(minimumPayment("10.00")).toBe("10.00");
    expect(minimumPayment("500.00")).toBe("25.00");
    expect(minimumPayment("5000.00")).toBe("100.00");
  });
});
