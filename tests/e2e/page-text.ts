/**
 * The plain-words check any journey can call on a screen: what a person reads must not hold a raw
 * record id ("Created By 7", "Storage Key db:44"), a raw code where a label exists ("PENDING", "CHECK",
 * "ap_role") or an untranslated i18n key ("invoices.fields.amount"). Codes and their labels come from
 * the registry and locales/en.json, so a new status is checked without touching this file.
 */
import { expect } from "vitest";
import type { Page } from "playwright";
import en from "../../locales/en.json" with { type: "json" };
import { resources } from "../../resources/index.js";
import { roleNames } from "../../src/framework/roles.js";
import { propertiesOf } from "../../src/framework/schema.js";
import { statusKey, valueKey } from "../../src/framework/cell-text.js";
import { createI18n, type Messages } from "../../src/framework/i18n.js";

export interface TextProblem { kind: "raw id" | "raw code" | "untranslated key"; text: string }

const english = createI18n(en as Messages);

/**
 * Codes a person should never read as such: every status and enum code (and role name) that has a
 * label of other words, written as a code (upper case, or with an underscore). "ACH" labelled "ACH"
 * is a word; "PENDING" labelled "Pending" is a code.
 */
function rawCodes(): RegExp {
  const codes = new Map<string, string>();
  for (const resource of resources) {
    for (const status of resource.statuses?.values ?? []) codes.set(status.code, english.t(statusKey(resource.name, status.code), status.code));
    for (const [field, property] of Object.entries(propertiesOf(resource))) {
      for (const value of (property.enum ?? property.items?.enum ?? []).map(String)) {
        const label = english.t(valueKey(resource.name, field, value), value);
        if (!codes.has(value) || codes.get(value) === value) codes.set(value, label);
      }
    }
  }
  for (const role of roleNames) codes.set(role, english.t(`roles.${role}`, role));
  // codes only the locale names (computed fields' values such as an invoice's due status)
  for (const section of Object.values(en as Record<string, Messages>)) {
    const labelled = [section.statuses, ...Object.values(typeof section.values === "object" ? section.values : {})];
    for (const set of labelled) if (typeof set === "object") for (const [code, label] of Object.entries(set)) if (typeof label === "string" && !codes.has(code)) codes.set(code, label);
  }
  const codeLike = (code: string) => code.includes("_") || /^[A-Z][A-Z0-9]+(?: [A-Z0-9]+)*$/.test(code);
  // a code its own label uses as a word ("SAML" in "SAML 2.0") is a word
  const asWord = (code: string, label: string) => new RegExp(`(?<![\\w-])${code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(label);
  const raw = [...codes].filter(([code, label]) => code !== label && codeLike(code) && !asWord(code, label)).map(([code]) => code)
    .sort((a, b) => b.length - a.length).map((code) => code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // case-sensitive, whole words: "Past Due" and "New" pass, "PAST DUE" and "NEW" do not
  return new RegExp(`(?<![\\w-])(?:${raw.join("|")})(?![\\w-])`, "g");
}

let codes: RegExp | undefined;

/** A host name shaped like a key ("login.acme.test", "punchout.example.com"): an address, not a key. */
const hostName = /\.(?:com|org|net|io|dev|test|example|local)$/;
/** A file's name ("vendors.csv") is not a translation key either. */
const fileName = /\.(?:csv|xlsx|pdf|png|jpe?g|txt|zip)$/;

/** Namespaces of the locale files: a dotted word under one of them is a key that found no text. */
const namespaces = Object.keys(en).join("|");
const untranslated = new RegExp(`(?<![@\\w.-])(?:${namespaces})\\.[a-zA-Z_]+(?:\\.[\\w]+)*(?![\\w@-])`, "g");

/**
 * An id where a name belongs: a person or record label followed by a bare number (on one line and in
 * one cell: a table's cells are split by tabs, its rows by line breaks), and the internal forms.
 */
const rawIds = [
  /\b(?:created|submitted|approved|rejected|updated|requested|attached|uploaded|paid|owned) +by *:? *#?\d+\b/gi,
  // not a date or a time after the word ("User" as a record type, then the next row's 11/27/2026)
  /\b(?:user|contact|employee|approver|vendor|holder|submitter|requestor) *:? *#?\d+\b(?![/.:]\d)/gi,
  /\(ID\)/g,
  /\bdb:\d+\b/g,
  /\b[a-z]+(?:_[a-z]+)*_ids?\b/g,
];

/** Every text of the locale file. */
const texts = (messages: Messages | string): string[] =>
  typeof messages === "string" ? [messages] : Object.values(messages).flatMap((value) => texts(value as Messages | string));

/**
 * Texts the spec writes in capitals (an accrual's field "SYNC FAILED", a payment run's tag "VOID -
 * EXCLUDED"): words, though a code is in them.
 */
const capitalLabels = texts(en as Messages).filter((label) => /^[A-Z]+(?:(?: | - )[A-Z]+)+$/.test(label));

/**
 * Problems in `text` (a screen's visible text). `names` are the records' names the screen links to: a
 * code inside a longer name ("Acme HQ") is part of what someone called the record, not a raw code.
 */
export function textProblems(text: string, names: readonly string[] = []): TextProblem[] {
  codes ??= rawCodes();
  const problems: TextProblem[] = [];
  const words = [...capitalLabels, ...names.filter((name) => !name.match(codes!)?.includes(name.trim()))]
    .reduce((rest, name) => rest.split(name).join(" "), text);
  for (const pattern of rawIds) for (const match of text.matchAll(pattern)) problems.push({ kind: "raw id", text: match[0] });
  for (const match of text.matchAll(untranslated)) if (!hostName.test(match[0]) && !fileName.test(match[0])) problems.push({ kind: "untranslated key", text: match[0] });
  for (const match of words.matchAll(codes)) problems.push({ kind: "raw code", text: match[0] });
  return problems;
}

/** The visible text of the page, with each pair of a field's label and value on one line (a bare number beside "Created By" shows). */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pairs = [...document.querySelectorAll(".ant-descriptions-item-label")].map((label) =>
      `${label.textContent ?? ""}: ${label.nextElementSibling?.textContent ?? ""}`);
    return `${document.body.innerText}\n${pairs.join("\n")}`;
  });
}

/** The raw ids, codes and keys the screen shows, as `kind: text`. */
export async function plainWordProblems(page: Page): Promise<string[]> {
  const names = await page.locator(".ant-layout-content a").allInnerTexts();
  return textProblems(await visibleText(page), names.filter((name) => name.trim())).map((p) => `${p.kind}: ${p.text}`);
}

/** Fails, naming every problem, when the screen shows a raw id, code or key. */
export async function expectPlainWords(page: Page, where: string): Promise<void> {
  expect(await plainWordProblems(page), `${where} (${page.url()})`).toEqual([]);
}
