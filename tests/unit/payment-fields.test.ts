import { describe, expect, it } from "vitest";
import { paymentTypesFor, requiredFields } from "../../src/server/domain/payments/payment-fields.js";

describe("required fields of payment methods (table)", () => {
  it("ACH only for US banks in USD; checks by address; wires domestic or SWIFT", () => {
    expect(requiredFields("ach", { country: "US", currency: "USD" })).toEqual(["routing", "account_number", "account_type"]);
    expect(requiredFields("ach", { country: "DE", currency: "EUR" })).toBeUndefined();
    expect(requiredFields("ach", { country: "US", currency: "EUR" })).toBeUndefined();
    expect(requiredFields("check", { country: "US" })).toEqual(["address1", "city", "state", "zipcode"]);
    expect(requiredFields("check", { country: "FR" })).toEqual(["address1", "city", "zipcode", "country"]);
    expect(requiredFields("wire", { country: "US" })).toEqual(["routing", "account_number"]);
    expect(requiredFields("wire", { country: "GB" })).toEqual(["iban", "bic", "country"]);
    expect(requiredFields("wire", { country: "JP" })).toEqual(["account_number", "bic", "country"]);
    expect(requiredFields("wire", { country: null })).toEqual(["account_number", "bic", "country"]);
  });

  it("international outside the US; SEPA in SEPA countries and EUR", () => {
    expect(requiredFields("international", { country: "US" })).toBeUndefined();
    expect(requiredFields("international", { country: "NL" })).toEqual(["iban", "bic", "country"]);
    expect(requiredFields("sepa", { country: "DE", currency: "EUR" })).toEqual(["iban", "bic"]);
    expect(requiredFields("sepa", { country: "DE", currency: "USD" })).toBeUndefined();
    expect(requiredFields("sepa", { country: "US", currency: "EUR" })).toBeUndefined();
  });

  it("originating accounts add the NACHA fields (ACH) and the bank GL account", () => {
    expect(requiredFields("ach", { country: "US", currency: "USD" }, true)).toEqual([
      "routing", "account_number", "account_type", "nacha_company_id", "nacha_company_name", "immediate_origin", "immediate_destination", "account_id",
    ]);
    expect(requiredFields("sepa", { country: "DE", currency: "EUR" }, true)).toEqual(["iban", "bic", "account_id"]);
    expect(paymentTypesFor({ country: "US", currency: "USD" }).map((t) => t.payment_type)).toEqual(["ach", "check", "wire"]);
  });
});
