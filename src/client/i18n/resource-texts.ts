/**
 * A resource's own texts in a language: its fields, values and statuses in the locale file, loaded with its
 * declaration (texts.ts). The build serves this module as one module per resource and language, and the
 * locale files without those texts (scripts/locale-split.ts); unbuilt (unit tests), the whole locale
 * files are in place, so there is nothing to add.
 */
import type { Messages } from "../../framework/i18n.js";

export const resourceTexts = (_language: string, _name: string): Promise<Messages> => Promise.resolve({});
