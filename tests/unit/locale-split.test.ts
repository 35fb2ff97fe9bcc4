/**
 * The locale files split at build time (scripts/locale-split.ts): the shell keeps every text but the
 * resources' fields, values and statuses, which load with their declarations (i18n/texts.ts).
 */
import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { resources } from "../../resources/index.js";
import { localeSplit, resourcePart, shellPart, textsId } from "../../scripts/locale-split.js";
import { loadTexts, loadTextsIn, setMessages } from "../../src/client/i18n/texts.js";
import { i18n } from "../../src/client/i18n/translator.js";
import type { Messages } from "../../src/framework/i18n.js";

vi.mock("../../src/client/i18n/resource-texts.js", () => ({
  resourceTexts: (language: string, name: string) =>
    Promise.resolve(name === "demo" ? { fields: { amount: language === "es" ? "Importe" : "Amount" } } : {}),
}));

const read = (language: string) => JSON.parse(fs.readFileSync(`locales/${language}.json`, "utf8")) as Messages;
const languages = ["en", "es"];

describe("the locale split", () => {
  it("loses no text: the shell's part and each resource's own make the whole file", () => {
    for (const language of languages) {
      const whole = read(language);
      const shell = shellPart(whole);
      const joined: Messages = { ...shell };
      for (const { name } of resources) {
        const own = resourcePart(whole, name);
        if (Object.keys(own).length) joined[name] = { ...(shell[name] as Messages | undefined), ...own };
      }
      expect(joined, language).toEqual(whole);
    }
  });

  it("keeps the titles and the pages' own texts in the shell, the fields, values and statuses out", () => {
    const shell = shellPart(read("en")) as Record<string, Messages>;
    expect(shell.invoices).toHaveProperty("titles");
    expect(shell.documents).toHaveProperty("ui");
    for (const part of ["fields", "values", "statuses"]) expect(shell.invoices).not.toHaveProperty(part);
    expect(resourcePart(read("es"), "invoices")).toHaveProperty("fields.amount");
  });

  it("serves each resource's texts as a module per language, and the locale files without them", () => {
    const load = localeSplit().load as (id: string) => string | undefined;
    const index = load(`${process.cwd()}/src/client/i18n/resource-texts.ts`)!;
    for (const language of languages) expect(index).toContain(JSON.stringify(textsId(language, "invoices")));
    const texts = load(`\0${textsId("es", "invoices")}`)!;
    expect(JSON.parse(texts.replace(/^export default /, "").replace(/;\s*$/, ""))).toEqual(resourcePart(read("es"), "invoices"));
    expect(JSON.parse(load(`${process.cwd()}/locales/en.json`)!)).toEqual(shellPart(read("en")));
  });
});

describe("texts loaded with a declaration", () => {
  it("merge into the language's messages, in English and in a language chosen later", async () => {
    setMessages("en", { demo: { titles: { list: "Demos" } } });
    await loadTexts(["demo"]);
    expect(i18n.t("demo.fields.amount")).toBe("Amount");
    expect(i18n.t("demo.titles.list")).toBe("Demos");
    setMessages("es", { demo: { titles: { list: "Demostraciones" } } });
    await loadTextsIn("es");
    await i18n.changeLanguage("es");
    expect(i18n.t("demo.fields.amount")).toBe("Importe");
    expect(i18n.t("demo.titles.list")).toBe("Demostraciones");
  });
});
