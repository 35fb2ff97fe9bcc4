/**
 * A Vite plugin splitting the locale files at build time (issue 11): the client's copy of each
 * locales/<language>.json keeps every text but the resources' fields, values and statuses (nine tenths
 * of their texts, read only by pages showing their records), and those become a module per resource
 * and language that loads with its declaration (src/client/i18n/resource-texts.ts, i18n/texts.ts).
 * Their titles (the menu, the trail, links) and the hand-written pages' texts (`ui`, `actions`…) stay.
 * locales/*.json stay the files people edit and the server reads.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { resources } from "../resources/index.js";
import type { Messages } from "../src/framework/i18n.js";

const localesDir = fileURLToPath(new URL("../locales/", import.meta.url));
const textsModule = fileURLToPath(new URL("../src/client/i18n/resource-texts.ts", import.meta.url));
const prefix = "virtual:outlay-texts/";
/** The module of one resource's own texts in one language. */
export const textsId = (language: string, name: string) => `${prefix}${language}-${name}`;

const names = new Set(resources.map((r) => r.name));
const languages = fs.readdirSync(localesDir).filter((file) => file.endsWith(".json")).map((file) => file.slice(0, -".json".length));
const read = (language: string) => JSON.parse(fs.readFileSync(`${localesDir}${language}.json`, "utf8")) as Messages;
const isSection = (value: Messages[string] | undefined): value is Messages => typeof value === "object";
/** the parts of a resource's section that load with its declaration */
const ownParts = new Set(["fields", "values", "statuses"]);

const pick = (section: Messages, own: boolean) => Object.fromEntries(Object.entries(section).filter(([part]) => ownParts.has(part) === own));

/** What the shell holds of a locale file: the resources' sections without their own parts. */
export function shellPart(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, names.has(key) && isSection(value) ? pick(value, false) : value]));
}

/** A resource's own texts: its fields, values and statuses. */
export function resourcePart(messages: Messages, name: string): Messages {
  const section = messages[name];
  return isSection(section) ? pick(section, true) : {};
}

/** The build's resource-texts.ts: each resource's texts in each language, imported when asked for. */
export function textsIndex(): string {
  const entries = languages.flatMap((language) => {
    const messages = read(language);
    return [...names].filter((name) => Object.keys(resourcePart(messages, name)).length)
      .map((name) => `${JSON.stringify(`${language}/${name}`)}: () => import(${JSON.stringify(textsId(language, name))})`);
  });
  return `const texts = {${entries.join(",")}};
export const resourceTexts = (language, name) => {
  const load = texts[\`\${language}/\${name}\`];
  return load ? load().then((m) => m.default) : Promise.resolve({});
};
`;
}

export function localeSplit(): Plugin {
  return {
    name: "outlay-locale-split",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      const path = id.split("?")[0]!;
      if (path === textsModule) return textsIndex();
      if (path.startsWith(`\0${prefix}`)) {
        const [language, name] = path.slice(prefix.length + 1).split(/-(.*)/s) as [string, string];
        return `export default ${JSON.stringify(resourcePart(read(language), name))};\n`;
      }
      const language = languages.find((l) => path === `${localesDir}${l}.json`);
      // JSON, which Vite's own JSON plugin then makes a module of
      return language ? JSON.stringify(shellPart(read(language))) : undefined;
    },
  };
}
