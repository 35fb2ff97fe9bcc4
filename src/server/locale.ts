/**
 * The client's texts on the server (locales/<language>.json, the files the client bundles), for
 * what the server writes for a person to read: an export's headings and labels, a mail's words. The
 * same engine as the client's, i18next (framework/i18n.ts): one instance holding every language asked
 * for so far, English the fallback for a language or a key that is missing.
 */
import fs from "node:fs";
import path from "node:path";
import { addMessages, createI18n, fallbackLanguage, type Messages } from "../framework/i18n.js";
import type { TranslateValues } from "../framework/validation-messages.js";
import { localesDir } from "./paths.js";

export type Translate = (key: string, fallback: string) => string;

function messagesOf(language: string): Messages | null {
  const file = path.join(localesDir, `${language}.json`);
  // a language code is a file name here: only plain codes are looked up
  return /^[a-z]{2}$/.test(language) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) as Messages : null;
}

const i18n = createI18n(messagesOf(fallbackLanguage) ?? {});
/** the languages whose file was looked for (read once), and those that have one */
const looked = new Map<string, boolean>([[fallbackLanguage, true]]);

/** i18next's `t` fixed to `language` (English when there is no file for it). */
function fixedT(language: string) {
  if (!looked.has(language)) {
    const own = messagesOf(language);
    if (own) addMessages(i18n, language, own);
    looked.set(language, own !== null);
  }
  return i18n.getFixedT(looked.get(language) ? language : fallbackLanguage);
}

export function translator(language: string): Translate {
  const t = fixedT(language);
  return (key, fallback) => t(key, { defaultValue: fallback });
}

/** With values to interpolate (`{{limit}}`): a validation message (server/validation.ts). */
export const translateValues = (language: string): TranslateValues => {
  const t = fixedT(language);
  return (key, values) => t(key, values);
};
