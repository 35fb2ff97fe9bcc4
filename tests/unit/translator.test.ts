import { describe, expect, it } from "vitest";
import { addMessages, createI18n } from "../../src/framework/i18n.js";
import { translateValues, translator } from "../../src/server/locale.js";

const en = { grid: { selected: "{{count}} selected", allMode_one: "Pay the matching invoice", allMode_other: "Pay all {{count}} matching invoices" }, only: { english: "English only" } };
const es = { grid: { selected: "{{count}} seleccionadas", allMode_one: "Pagar la factura", allMode_other: "Pagar las {{count}} facturas" } };

describe("the text engine (i18next, framework/i18n.ts)", () => {
  it("looks up dotted keys, fills {{values}} and falls back to the default value, else the key", () => {
    const i18n = createI18n(en);
    expect(i18n.t("grid.selected", { count: 3 })).toBe("3 selected");
    expect(i18n.t("grid.nothing", "Nothing")).toBe("Nothing");
    expect(i18n.t("grid.nothing", { defaultValue: "Hello {{name}}", name: "Ana & <Co>" })).toBe("Hello Ana & <Co>");
    expect(i18n.t("grid.nothing")).toBe("grid.nothing");
    expect(i18n.t("grid", "a branch is not a text")).toBe("a branch is not a text");
    expect(i18n.t("Delete: are you sure?", "Delete: are you sure?")).toBe("Delete: are you sure?");
  });

  it("chooses the plural form by count and the language's rules", () => {
    const i18n = createI18n(en);
    expect(i18n.t("grid.allMode", { count: 1 })).toBe("Pay the matching invoice");
    expect(i18n.t("grid.allMode", { count: 0 })).toBe("Pay all 0 matching invoices");
    expect(i18n.t("grid.allMode", { count: 12 })).toBe("Pay all 12 matching invoices");
  });

  it("changes language, telling its listeners, and falls back to English per key", async () => {
    const i18n = createI18n(en);
    addMessages(i18n, "es", es);
    const heard: string[] = [];
    const listener = (language: string) => heard.push(language);
    i18n.on("languageChanged", listener);
    await i18n.changeLanguage("es");
    expect(i18n.t("grid.allMode", { count: 2 })).toBe("Pagar las 2 facturas");
    expect(i18n.t("only.english")).toBe("English only");
    i18n.off("languageChanged", listener);
    await i18n.changeLanguage("en");
    expect(heard).toEqual(["es"]);
    expect(i18n.t("grid.selected", { count: 1 })).toBe("1 selected");
  });

  it("is the server's engine too: an export's labels and a validation message in the reader's language, English for an unknown one", () => {
    expect(translator("es")("actions.ok", "OK")).not.toBe(translator("en")("actions.ok", "OK-default"));
    expect(translator("xx")("actions.ok", "fallback")).toBe(translator("en")("actions.ok", "fallback"));
    expect(translator("en")("no.such.key", "the fallback")).toBe("the fallback");
    expect(translateValues("en")("no.such.key", { defaultValue: "at most {{limit}}", limit: 3 })).toBe("at most 3");
  });
});
