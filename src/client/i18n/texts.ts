/**
 * The messages of each language as loaded so far: its locale file's shell part, then the resources' own
 * texts merged in as their declarations load (declarations.ts), given to i18next with addResourceBundle — in English, the fallback, and in the
 * language in use; a language chosen later takes them for every resource loaded by then (index.ts).
 */
import { addMessages, type Messages } from "../../framework/i18n.js";
import { resourceTexts } from "./resource-texts.js";
import { english, i18n } from "./translator.js";

const messages = new Map<string, Messages>([["en", english]]);
/** the resources whose texts the pages loaded so far need */
const wanted = new Set<string>();
/** `<language>/<resource>`: the texts merged */
const merged = new Set<string>();

function merge(language: string, name: string, texts: Messages): void {
  const base = messages.get(language) ?? {};
  const section = base[name];
  const next = { ...base, [name]: { ...(typeof section === "object" ? section : {}), ...texts } };
  messages.set(language, next);
  addMessages(i18n, language, next);
}

async function addTexts(language: string, name: string): Promise<void> {
  const key = `${language}/${name}`;
  if (merged.has(key)) return;
  const texts = await resourceTexts(language, name);
  if (merged.has(key)) return;
  merged.add(key);
  merge(language, name, texts);
}

/** A language's own messages, once loaded (index.ts), before its resources' texts. */
export function setMessages(language: string, base: Messages): void {
  messages.set(language, base);
  addMessages(i18n, language, base);
}

/** The own texts of the resources `names`, in English and in the language in use. */
export async function loadTexts(names: readonly string[]): Promise<void> {
  for (const name of names) wanted.add(name);
  const languages = [...new Set(["en", i18n.language])];
  await Promise.all(languages.flatMap((language) => names.map((name) => addTexts(language, name))));
}

/** The own texts in `language` of every resource loaded so far (before switching to it). */
export async function loadTextsIn(language: string): Promise<void> {
  await Promise.all([...wanted].map((name) => addTexts(language, name)));
}
