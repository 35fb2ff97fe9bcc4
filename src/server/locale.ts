/**
 * The client's texts on the server (locales/<language>.json, the files the client bundles), for
 * what the server writes for a person to read: an export's headings and labels. English is the
 * fallback for a language or a key that is missing, as in the client.
 */
import fs from "node:fs";
import path from "node:path";
import { localesDir } from "./paths.js";

type Messages = { [key: string]: string | Messages };
export type Translate = (key: string, fallback: string) => string;

const loaded = new Map<string, Messages | null>();

function messagesOf(language: string): Messages | null {
  if (!loaded.has(language)) {
    const file = path.join(localesDir, `${language}.json`);
    // a language code is a file name here: only plain codes are looked up
    loaded.set(language, /^[a-z]{2}$/.test(language) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) as Messages : null);
  }
  return loaded.get(language)!;
}

const lookUp = (messages: Messages | null, key: string): string | undefined => {
  let node: string | Messages | undefined = messages ?? undefined;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
};

export function translator(language: string): Translate {
  const own = messagesOf(language);
  const english = messagesOf("en");
  return (key, fallback) => lookUp(own, key) ?? lookUp(english, key) ?? fallback;
}
