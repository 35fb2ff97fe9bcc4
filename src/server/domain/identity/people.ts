/** Display names of embedded contacts (relations carry first_name and last_name). */
import type { Row } from "../../resources/context.js";

export function contactName(contact: unknown): string | null {
  if (!contact || typeof contact !== "object") return null;
  const { first_name: first, last_name: last } = contact as Row;
  const name = [first, last].filter((part) => typeof part === "string" && part !== "").join(" ");
  return name || null;
}
