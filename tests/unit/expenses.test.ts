import { describe, expect, it } from "vitest";
import { maskCardNumber } from "../../src/server/domain/cards/cards.js";
import { policyViolation, type CheckedItem, type PolicyRules } from "../../src/server/domain/expenses/policies.js";

const policy: PolicyRules = {
  status: "ACTIVE", currency_code: "USD", per_diems: "50", receipt_required_over: "25",
  categories: [{ category: "Meals", limit: "50" }],
};
const item = (overrides: Partial<CheckedItem> = {}): CheckedItem => ({
  amount: "40.00", currency_code: "USD", category_name: "Meals", expense_type: "single expense", per_diem_days: null, receipt_attached: true, ...overrides,
});

describe("expense policy rule", () => {
  it("passes items within the limits, and any item without an active policy in its currency", () => {
    expect(policyViolation(item(), policy)).toBeNull();
    expect(policyViolation(item({ amount: "50.00" }), policy)).toBeNull();
    expect(policyViolation(item({ amount: "500" }), undefined)).toBeNull();
    expect(policyViolation(item({ amount: "500" }), { ...policy, status: "INACTIVE" })).toBeNull();
    expect(policyViolation(item({ amount: "500", currency_code: "EUR" }), policy)).toBeNull();
    expect(policyViolation(item({ amount: "500", category_name: "Hardware" }), policy)).toBeNull();
  });

  it("names every limit the item is over", () => {
    expect(policyViolation(item({ amount: "50.01", category_name: " meals " }), policy)).toBe("Over the Meals limit of 50.00 USD");
    expect(policyViolation(item({ amount: "60", receipt_attached: false }), policy)).toBe("Over the Meals limit of 50.00 USD; Receipt required over 25.00 USD");
    expect(policyViolation(item({ amount: "150", expense_type: "per diem", per_diem_days: 3, category_name: null }), policy)).toBeNull();
    expect(policyViolation(item({ amount: "150.01", expense_type: "per diem", per_diem_days: 3, category_name: null }), policy))
      .toBe("Over the per diem allowance of 150.00 USD for 3 days");
  });
});

describe("card numbers", () => {
  it("show as four groups with only the last four digits", () => {
    expect(maskCardNumber("1234")).toBe("**** **** **** 1234");
    expect(maskCardNumber(null)).toBeNull();
  });
});
