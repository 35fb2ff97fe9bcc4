/**
 * The client's texts on the server (locales/<language>.json, the files the client bundles), for
 * what the server writes for a person to read: an export's headings and labels, a mail's words. The
 * same engine as the client's, i18next (framework/i18n.ts): one instance holding every language asked
 * for so far, English the fallback for a language or a key that is missing.
 */
import fs from "node:fs";
import path from "node:path";
import { addMessages as addBundle, createI18n, fallbackLanguage, type Messages } from "../framework/i18n.js";
import type { TranslateValues } from "../framework/validation-messages.js";
import { localesDir } from "./paths.js";

export type Translate = (key: string, fallback: string) => string;

/** Messages added to a language's file by a registry beyond the repository's (a fixture entity's, in tests). */
const added = new Map<string, Messages>();

function merged(base: Messages, more: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const mine = out[key];
    out[key] = typeof value === "object" && typeof mine === "object" ? merged(mine, value) : value;
  }
  return out;
}

function messagesOf(language: string): Messages | null {
  const file = path.join(localesDir, `${language}.json`);
  // a language code is a file name here: only plain codes are looked up
  const own = /^[a-z]{2}$/.test(language) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) as Messages : null;
  const more = added.get(language);
  return own && more ? merged(own, more) : own ?? more ?? null;
}

/** Add messages to a language (a fixture entity's locale files); every translator reads them from now on. */
export function addMessages(language: string, messages: Messages): void {
  added.set(language, merged(added.get(language) ?? {}, messages));
  files.clear();
  const all = messagesOf(language);
  if (all) addBundle(i18n, language, all);
  looked.set(language, all !== null);
}

/** A language's own messages (no English fallback), read once. */
const files = new Map<string, Messages | null>();

/** Whether the language's locale file (with added messages) has the key: boot checks of declared labels. */
export function hasMessage(language: string, key: string): boolean {
  if (!files.has(language)) files.set(language, messagesOf(language));
  let node: string | Messages | undefined | null = files.get(language);
  for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
  return typeof node === "string";
}

const i18n = createI18n(messagesOf(fallbackLanguage) ?? {});
/** the languages whose file was looked for (read once), and those that have one */
const looked = new Map<string, boolean>([[fallbackLanguage, true]]);

/** i18next's `t` fixed to `language` (English when there is no file for it). */
function fixedT(language: string) {
  if (!looked.has(language)) {
    const own = messagesOf(language);
    if (own) addBundle(i18n, language, own);
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
