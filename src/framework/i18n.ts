/**
 * The app's one text engine, in the browser and on the server (mails, exports: server/locale.ts):
 * an i18next instance over the locale files (locales/*.json, nested; a key is a dotted path). i18next
 * does the interpolation (`{{name}}`), the plurals (`key_one`, `key_other` by the language's rules) and
 * the fallback to English per key; a missing key gives the default value, else the key.
 */
import i18next, { type i18n as I18n } from "i18next";

export type { I18n };
export type Messages = { [key: string]: string | Messages };

export const fallbackLanguage = "en";
/** the one namespace: the locale files are not split by namespace */
export const namespace = "translation";

/** A new instance with English in place (synchronously ready), in `language` when given and loaded later. */
export function createI18n(english: Messages): I18n {
  const instance = i18next.createInstance({
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    ns: [namespace],
    defaultNS: namespace,
    resources: { [fallbackLanguage]: { [namespace]: english } },
    // texts are React children or plain text (exports, mail bodies escape on their own): no HTML escaping here
    interpolation: { escapeValue: false },
    // keys may be English phrases (a declared label or confirmation) with a colon: no namespaces in keys
    nsSeparator: false,
    // a key naming a branch of the messages is not a text: the default value is used
    returnObjects: false,
    returnedObjectHandler: (key: string, _value: unknown, options: { defaultValue?: unknown }) =>
      (typeof options.defaultValue === "string" ? options.defaultValue : key),
    initAsync: false,
  });
  void instance.init();
  return instance;
}

/** A language's messages (replacing the ones it had: callers pass them merged). */
export function addMessages(instance: I18n, language: string, messages: Messages): void {
  instance.addResourceBundle(language, namespace, messages, true, true);
}
