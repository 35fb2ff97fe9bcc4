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

function messagesOf(language: string): Messages | null {
  const file = path.join(localesDir, `${language}.json`);
  // a language code is a file name here: only plain codes are looked up
  return /^[a-z]{2}$/.test(language) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) as Messages : null;
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
