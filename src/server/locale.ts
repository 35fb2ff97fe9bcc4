/**
 * The client's texts on the server (locales/<language>.json, the files the client bundles), for
 * what the server writes for a person to read: an export's headings and labels. The same translator
 * as the client's (framework/translator.ts): English is the fallback for a language or a key that is
 * missing.
 */
import fs from "node:fs";
import path from "node:path";
import { Translator, type Messages } from "../framework/translator.js";
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

/** Add messages to a language (a fixture entity's locale files); read by every translator made after. */
export function addMessages(language: string, messages: Messages): void {
  added.set(language, merged(added.get(language) ?? {}, messages));
  translators.clear();
  files.clear();
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

/** One translator per language, its file read once. */
const translators = new Map<string, Translator>();

function translatorOf(language: string): Translator {
  let known = translators.get(language);
  if (!known) {
    known = new Translator(messagesOf("en") ?? {});
    const own = language === "en" ? null : messagesOf(language);
    if (own) {
      known.addResourceBundle(language, own);
      void known.changeLanguage(language);
    }
    translators.set(language, known);
  }
  return known;
}

export function translator(language: string): Translate {
  const chosen = translatorOf(language);
  return (key, fallback) => chosen.t(key, fallback);
}

/** With values to interpolate (`{{limit}}`): a validation message (server/validation.ts). */
export const translateValues = (language: string): TranslateValues => translatorOf(language).t;
