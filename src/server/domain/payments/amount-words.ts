/**
 * A check's amount in words, as banks print it: "One thousand two hundred thirty-four and 56/100".
 * Exact: the amount is a decimal string, rounded to cents by money.ts.
 */
import { money, round } from "../../../framework/money.js";

const ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
  "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const scales = ["", "thousand", "million", "billion", "trillion"];

/** 0–999 in words ("" for 0). */
function hundreds(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ones[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) words.push(tens[Math.floor(rest / 10)] + (rest % 10 ? `-${ones[rest % 10]}` : ""));
  else if (rest > 0) words.push(ones[rest]);
  return words.join(" ");
}

/** A whole number (as a string of digits) in words. */
export function integerInWords(digits: string): string {
  const groups: number[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(Number(digits.slice(Math.max(0, end - 3), end)));
  if (groups.length > scales.length) throw new Error(`${digits} is too large to write in words`);
  const words = groups.map((g, i) => (g === 0 ? "" : `${hundreds(g)}${scales[groups.length - 1 - i] ? ` ${scales[groups.length - 1 - i]}` : ""}`)).filter(Boolean);
  return words.length ? words.join(" ") : ones[0];
}

/** "One thousand two hundred thirty-four and 56/100" for "1234.56". Negative amounts are refused. */
export function amountInWords(amount: string | number): string {
  const value = money(amount);
  if (value.isNegative()) throw new Error("a check amount cannot be negative");
  const [whole, cents] = round(value).split(".");
  const words = integerInWords(whole);
  return `${words[0].toUpperCase()}${words.slice(1)} and ${cents}/100`;
}
