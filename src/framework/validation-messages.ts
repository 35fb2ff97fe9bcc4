/**
 * A schema rule broken, in plain words: one table for the server's 422 messages (server/validation.ts)
 * and the forms' own checks (client ajv, pages/form/messages.ts), translated with the locale files
 * (`validation.*`). A pattern is never shown as a regular expression: the property's `x-message`
 * (a locale key) names its rule, else a known pattern's key, else a generic sentence.
 */
export interface RuleError {
  /** ajv's keyword: required, pattern, maxLength… */
  keyword: string;
  params: Readonly<Record<string, unknown>>;
  /** the property's own `x-message`, when it declares one */
  message?: string;
}

export type TranslateValues = (key: string, values: Record<string, unknown>) => string;

/** The patterns the schemas use, by what they ask for. */
const patternKeys: Readonly<Record<string, string>> = {
  "^[A-Z]{3}$": "currencyCode",
  "^[A-Z]{2}$": "countryCode",
  "^[0-9]{4}$": "fourDigits",
  "^\\d{9}$": "nineDigits",
  "^https?://\\S+$": "url",
};

/** Keywords with a message of their own (`validation.<keyword>`); the texts are in the locale files. */
const keywords = new Set(["required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
  "minItems", "maxItems", "uniqueItems", "enum", "const", "multipleOf", "additionalProperties"]);
const formats = new Set(["money", "decimal", "date", "date-time", "email"]);

const limitOf: Readonly<Record<string, string>> = {
  minimum: "limit", maximum: "limit", exclusiveMinimum: "limit", exclusiveMaximum: "limit", minLength: "limit", maxLength: "limit",
  minItems: "limit", maxItems: "limit", multipleOf: "multipleOf",
};

/** The locale key and values of a broken rule's message. */
export function ruleMessage({ keyword, params, message }: RuleError): { key: string; values: Record<string, unknown> } {
  const plain = (key: string, values: Record<string, unknown> = {}) => ({ key: `validation.${key}`, values });
  switch (keyword) {
    case "pattern":
      return message ? { key: message, values: {} } : plain(patternKeys[String(params.pattern)] ?? "pattern");
    case "x-sign":
      return plain(params.sign === "positive" ? "positive" : "nonNegative");
    case "x-currency":
      return plain("currencyUnknown");
    case "format":
      return plain(formats.has(String(params.format)) ? `formats.${String(params.format)}` : "format");
    case "type": {
      const types = ([] as unknown[]).concat(params.type ?? "").join(",");
      // a whole number too reads "must be a number": what was typed is not a number at all
      return plain(["number", "boolean", "string"].find((t) => types.includes(t) || (t === "number" && types.includes("integer"))) ?? "invalid");
    }
    default:
      if (!keywords.has(keyword)) return plain("invalid");
      return plain(keyword, limitOf[keyword] ? { limit: params[limitOf[keyword]] } : {});
  }
}

/** The message of a broken rule in the translator's language. */
export function ruleText(error: RuleError, translate: TranslateValues): string {
  const { key, values } = ruleMessage(error);
  return translate(key, values);
}

/** Every key `ruleMessage` can give (the locale files must have each). */
export const ruleKeys = [
  ...[...keywords, "pattern", "format", "number", "boolean", "string", "invalid", "positive", "nonNegative", "currencyUnknown", ...Object.values(patternKeys)].map((k) => `validation.${k}`),
  ...[...formats].map((f) => `validation.formats.${f}`),
];
