/**
 * i18next (framework/i18n.ts) with the locale files (locales/*.json at the repository root). English is the fallback and
 * ships with the app (its resources' own texts load with their declarations: texts.ts); any other language, with antd's and dayjs's matching locales, loads when it is chosen (or
 * at sign-in, from the contact's language: providers/auth.ts), so the
 * first load carries one language (issue 11). `ready` settles once the stored language is in place.
 */
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import type { Locale } from "antd/es/locale";
import { numberLocaleOf } from "../../framework/cell-text.js";
// antd/es: the ES modules (antd/locale/* are CommonJS, whose default would be the module, not the locale)
import enUS from "antd/es/locale/en_US";
import type { Messages } from "../../framework/i18n.js";
import { loadTextsIn, setMessages } from "./texts.js";
import { i18n } from "./translator.js";

export const languages = { en: "English", es: "Español" } as const;
export type Language = keyof typeof languages;

const storageKey = "outlay.language";
const isLanguage = (value: string | null): value is Language => value !== null && value in languages;
const stored = globalThis.localStorage?.getItem(storageKey) ?? null;

/** The other languages: their messages, antd's locale and dayjs's (month and day names), fetched on demand. */
const loaders: Record<Exclude<Language, "en">, () => Promise<[Record<string, unknown>, Locale, unknown]>> = {
  es: () => Promise.all([import("../../../locales/es.json").then((m) => m.default), import("antd/es/locale/es_ES").then((m) => m.default), import("dayjs/locale/es")]),
};
const antdLocales = new Map<string, Locale>([["en", enUS]]);

export { i18n };

/** The language in use; a component using it renders again when it changes (react-i18next's binding, under I18nextProvider: App.tsx). */
export const useLanguage = (): string => useTranslation(undefined, { useSuspense: false }).i18n.language;

async function load(language: Language): Promise<void> {
  if (antdLocales.has(language) || language === "en") return;
  const [messages, antd] = await loaders[language]();
  setMessages(language, messages as Messages);
  antdLocales.set(language, antd);
}

async function switchTo(language: Language): Promise<void> {
  await load(language);
  // the texts of the resources whose pages were opened, in that language too
  await loadTextsIn(language);
  dayjs.locale(language);
  await i18n.changeLanguage(language);
}

export const ready: Promise<void> = isLanguage(stored) && stored !== "en" ? switchTo(stored).catch(() => undefined) : Promise.resolve();

export function setLanguage(language: string): Promise<void> {
  if (!isLanguage(language)) return Promise.resolve();
  localStorage.setItem(storageKey, language);
  return switchTo(language);
}

/** antd's locale for the current language (loaded with it). */
export const antdLocale = (): Locale => antdLocales.get(i18n.language) ?? enUS;

/** The signed-in company's currency: its number convention applies where the language has none (cell-text.ts). */
let companyCurrency = "";
export const setCompanyCurrency = (currency: string) => {
  companyCurrency = currency;
};

/** BCP 47 locale for number formatting. */
export const numberLocale = () => numberLocaleOf(i18n.language, companyCurrency);
