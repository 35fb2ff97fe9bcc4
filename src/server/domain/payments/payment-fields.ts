/**
 * Which fields a payment method needs, by payment type and where its bank is (country) and what it
 * pays in (currency): one table, used by the server's validation of payment methods and by
 * GET /api/payment_methods/required_fields (documented in docs/payments.md). Isomorphic.
 * IBAN and SEPA membership of a country come from the `ibantools` country registry.
 */
import { getCountrySpecifications, isSEPACountry } from "ibantools";
import type { paymentMethodTypes } from "../../../../schemas/payment_method.js";

export type PaymentMethodType = (typeof paymentMethodTypes)[number];

/** Where a method's bank is and what it pays in; country or currency may be unknown. */
export interface Destination {
  country?: string | null;
  currency?: string | null;
}

export interface RequiredFieldsRule {
  payment_type: PaymentMethodType;
  /** when the rule applies, in words (shown in docs and by the endpoint) */
  when: string;
  applies(where: { country: string | null; currency: string | null; iban: boolean; sepa: boolean }): boolean;
  fields: readonly string[];
}

const us = (country: string | null) => country === "US";

/** The first rule of a type that applies wins; a type with none is not offered there. */
export const requiredFieldsRules: readonly RequiredFieldsRule[] = [
  { payment_type: "ach", when: "US bank account, USD", applies: (w) => us(w.country) && (w.currency ?? "USD") === "USD", fields: ["routing", "account_number", "account_type"] },
  { payment_type: "check", when: "US mailing address", applies: (w) => us(w.country), fields: ["address1", "city", "state", "zipcode"] },
  { payment_type: "check", when: "mailing address abroad", applies: () => true, fields: ["address1", "city", "zipcode", "country"] },
  { payment_type: "wire", when: "US bank (Fedwire)", applies: (w) => us(w.country), fields: ["routing", "account_number"] },
  { payment_type: "wire", when: "bank in an IBAN country (SWIFT)", applies: (w) => w.iban, fields: ["iban", "bic", "country"] },
  { payment_type: "wire", when: "bank in a country without IBAN (SWIFT)", applies: () => true, fields: ["account_number", "bic", "country"] },
  { payment_type: "international", when: "bank in an IBAN country, outside the US", applies: (w) => w.iban && !us(w.country), fields: ["iban", "bic", "country"] },
  { payment_type: "international", when: "bank outside the US in a country without IBAN", applies: (w) => !us(w.country), fields: ["account_number", "bic", "country"] },
  { payment_type: "sepa", when: "bank in a SEPA country, EUR", applies: (w) => w.sepa && (w.currency ?? "EUR") === "EUR", fields: ["iban", "bic"] },
];

/** What a company's originating account (owner_type Company) needs besides its type's fields: the NACHA header fields (ACH) and its bank GL account. */
export const originationFields: Readonly<Partial<Record<PaymentMethodType, readonly string[]>>> = {
  ach: ["routing", "account_number", "nacha_company_id", "nacha_company_name", "immediate_origin", "immediate_destination"],
};
export const originatingAccountField = "account_id";

function facts({ country, currency }: Destination) {
  const code = country ? country.toUpperCase() : null;
  return {
    country: code,
    currency: currency ? currency.toUpperCase() : null,
    iban: code !== null && getCountrySpecifications()[code]?.IBANRegistry === true,
    sepa: code !== null && isSEPACountry(code),
  };
}

/** The rule of a payment type for a destination, or undefined when the type is not offered there. */
export function requiredFieldsRule(type: PaymentMethodType, where: Destination): RequiredFieldsRule | undefined {
  const w = facts(where);
  return requiredFieldsRules.find((rule) => rule.payment_type === type && rule.applies(w));
}

/** The fields a method of this type needs at this destination (a company's originating account needs more). */
export function requiredFields(type: PaymentMethodType, where: Destination, originating = false): string[] | undefined {
  const rule = requiredFieldsRule(type, where);
  if (!rule) return undefined;
  if (!originating) return [...rule.fields];
  return [...new Set([...rule.fields, ...(originationFields[type] ?? []), originatingAccountField])];
}

/** Every payment type offered at a destination, with its fields, in the order of the table. */
export function paymentTypesFor(where: Destination, originating = false): { payment_type: PaymentMethodType; when: string; fields: string[] }[] {
  const types = [...new Set(requiredFieldsRules.map((r) => r.payment_type))];
  return types.flatMap((type) => {
    const rule = requiredFieldsRule(type, where);
    return rule ? [{ payment_type: type, when: rule.when, fields: requiredFields(type, where, originating)! }] : [];
  });
}
