/**
 * Numbers and money per locale (framework/cell-text.ts `numberLocaleOf`, money-format.ts) and the
 * plain messages of every schema rule (framework/validation-messages.ts) in both languages.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { numberLocaleOf } from "../../src/framework/cell-text.js";
import { formatMoney } from "../../src/framework/money-format.js";
import { addMessages, createI18n, type Messages } from "../../src/framework/i18n.js";
import { ruleKeys, ruleMessage, ruleText } from "../../src/framework/validation-messages.js";

const nbsp = (text: string) => text.replace(/\u00a0/g, " ");
const load = (language: string) => JSON.parse(fs.readFileSync(`locales/${language}.json`, "utf8")) as Messages;

describe("number conventions", () => {
  it("the language's first, else the company currency's, else the US one", () => {
    expect(numberLocaleOf("es", "USD")).toBe("es-ES");
    expect(numberLocaleOf("en", "EUR")).toBe("de-DE");
    expect(numberLocaleOf("en", "USD")).toBe("en-US");
    expect(numberLocaleOf("en")).toBe("en-US");
  });

  it("groups thousands in every convention, four-digit amounts too", () => {
    expect(nbsp(formatMoney("1234.56", "EUR", numberLocaleOf("es", "EUR")))).toBe("1.234,56 €");
    expect(nbsp(formatMoney("1234.56", "EUR", numberLocaleOf("en", "EUR")))).toBe("1.234,56 €");
    expect(formatMoney("1234.56", "USD", numberLocaleOf("en", "USD"))).toBe("$1,234.56");
    expect(nbsp(formatMoney("1234567.5", "USD", numberLocaleOf("es", "USD")))).toMatch(/^1\.234\.567,50 US\$$/);
  });
});

describe("validation messages", () => {
  const english = createI18n(load("en"));
  const spanish = createI18n(load("en"));
  addMessages(spanish, "es", load("es"));
  void spanish.changeLanguage("es");

  it("every key a rule can give is in both locale files", () => {
    for (const key of ruleKeys) {
      expect(english.t(key), key).not.toBe(key);
      expect(spanish.t(key), key).not.toBe(english.t(key));
    }
  });

  it("a pattern reads in plain words, never as its expression; a declared x-message wins", () => {
    const currency = { keyword: "pattern", params: { pattern: "^[A-Z]{3}$" } };
    expect(ruleText(currency, english.t)).toBe("must be a three-letter currency code, such as USD or EUR");
    expect(ruleText(currency, spanish.t)).toBe("debe ser un código de moneda de tres letras, como USD o EUR");
    const unknown = ruleText({ keyword: "pattern", params: { pattern: "^ ?\\d{9,10}$" } }, english.t);
    expect(unknown).toBe("is not in the expected form");
    expect(unknown).not.toMatch(/\^|\$|\\d/);
    expect(ruleMessage({ keyword: "pattern", params: { pattern: "^[A-Z]{3}$" }, message: "validation.url" }).key).toBe("validation.url");
  });

  it("limits, types and formats in plain words; an unknown keyword is just invalid", () => {
    expect(ruleText({ keyword: "maxLength", params: { limit: 200 } }, english.t)).toBe("is too long (at most 200 characters)");
    expect(ruleText({ keyword: "minimum", params: { limit: 1 } }, spanish.t)).toBe("debe ser como mínimo 1");
    expect(ruleText({ keyword: "type", params: { type: "integer" } }, english.t)).toBe("must be a number");
    expect(ruleText({ keyword: "format", params: { format: "money" } }, english.t)).toBe("Please enter an amount with decimal places.");
    expect(ruleText({ keyword: "required", params: { missingProperty: "name" } }, spanish.t)).toBe("no puede estar en blanco");
    expect(ruleText({ keyword: "if", params: {} }, english.t)).toBe("is invalid");
  });
});
