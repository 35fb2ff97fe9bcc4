/** i18next with the bundled locale files (locales/*.json at the repository root). */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";

export const languages = { en: "English", es: "Español" } as const;
export type Language = keyof typeof languages;

const storageKey = "outlay.language";
const isLanguage = (value: string | null): value is Language => value !== null && value in languages;
const stored = globalThis.localStorage?.getItem(storageKey) ?? null;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: isLanguage(stored) ? stored : "en",
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function setLanguage(language: string): void {
  if (!isLanguage(language)) return;
  localStorage.setItem(storageKey, language);
  void i18n.changeLanguage(language);
}

/** BCP 47 locale for number formatting. */
export const numberLocale = () => (i18n.language === "es" ? "es-ES" : "en-US");
