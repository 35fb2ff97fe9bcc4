/**
 * The app's translator, in the browser and on the server (an export's labels, server/locale.ts): the
 * part of i18next the app used, in a few lines, so that the first load does not carry i18next (issue 11). Messages are the nested locale files (locales/*.json); a key
 * is a dotted path. `{{name}}` takes a value; with a `count`, `key_one` or `key_other` is chosen by
 * the language's plural rules when the file has them; a missing key gives the default value, else
 * the key; the language in use falls back to English per key.
 */
export type Messages = { [key: string]: string | Messages };
export type Values = Record<string, unknown> & { defaultValue?: string; count?: number };

const fallbackLanguage = "en";

function lookUp(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const interpolate = (text: string, values: Values) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));

export class Translator {
  language = fallbackLanguage;
  private readonly bundles = new Map<string, Messages>();
  private readonly listeners = new Set<(language: string) => void>();

  constructor(english: Messages) {
    this.bundles.set(fallbackLanguage, english);
  }

  addResourceBundle(language: string, messages: Messages): void {
    this.bundles.set(language, messages);
  }

  /** `t(key, defaultValue)` or `t(key, { defaultValue, count, …values })`, as i18next's. */
  t = (key: string, options?: string | Values): string => {
    const values: Values = typeof options === "string" ? { defaultValue: options } : options ?? {};
    const find = (k: string) => lookUp(this.bundles.get(this.language), k) ?? lookUp(this.bundles.get(fallbackLanguage), k);
    const plural = values.count === undefined ? undefined : find(`${key}_${new Intl.PluralRules(this.language).select(values.count)}`) ?? find(`${key}_other`);
    return interpolate(plural ?? find(key) ?? values.defaultValue ?? key, values);
  };

  async changeLanguage(language: string): Promise<void> {
    this.language = language;
    for (const listener of this.listeners) listener(language);
  }

  /** Called with the new language after each change; returns the way to stop. */
  on(_event: "languageChanged", listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
