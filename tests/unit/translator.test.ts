import { describe, expect, it } from "vitest";
import { Translator } from "../../src/framework/translator.js";

const en = { grid: { selected: "{{count}} selected", allMode_one: "Pay the matching invoice", allMode_other: "Pay all {{count}} matching invoices" }, only: { english: "English only" } };
const es = { grid: { selected: "{{count}} seleccionadas", allMode_one: "Pagar la factura", allMode_other: "Pagar las {{count}} facturas" } };

describe("the translator (the i18next subset the client uses)", () => {
  it("looks up dotted keys, fills {{values}} and falls back to the default value, else the key", () => {
    const i18n = new Translator(en);
    expect(i18n.t("grid.selected", { count: 3 })).toBe("3 selected");
    expect(i18n.t("grid.nothing", "Nothing")).toBe("Nothing");
    expect(i18n.t("grid.nothing", { defaultValue: "Hello {{name}}", name: "Ana" })).toBe("Hello Ana");
    expect(i18n.t("grid.nothing")).toBe("grid.nothing");
    expect(i18n.t("grid", "a branch is not a text")).toBe("a branch is not a text");
  });

  it("chooses the plural form by count and the language's rules", () => {
    const i18n = new Translator(en);
    expect(i18n.t("grid.allMode", { count: 1 })).toBe("Pay the matching invoice");
    expect(i18n.t("grid.allMode", { count: 0 })).toBe("Pay all 0 matching invoices");
    expect(i18n.t("grid.allMode", { count: 12 })).toBe("Pay all 12 matching invoices");
  });

  it("changes language, telling its listeners, and falls back to English per key", async () => {
    const i18n = new Translator(en);
    i18n.addResourceBundle("es", es);
    const heard: string[] = [];
    const stop = i18n.on("languageChanged", (language) => heard.push(language));
    await i18n.changeLanguage("es");
    expect(i18n.t("grid.allMode", { count: 2 })).toBe("Pagar las 2 facturas");
    expect(i18n.t("only.english")).toBe("English only");
    stop();
    await i18n.changeLanguage("en");
    expect(heard).toEqual(["es"]);
    expect(i18n.t("grid.selected", { count: 1 })).toBe("1 selected");
  });
});
