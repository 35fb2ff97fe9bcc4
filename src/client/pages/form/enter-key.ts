/**
 * Enter in a record form's field never submits it: a clerk presses Enter to accept a date or a
 * picked option, and the browser's implicit submission saved half-typed records (an empty $0.00
 * order). Called on the form's wrapper after the field's own handlers ran (bubbling), so a date
 * picker still takes the typed date; only the browser's default, the submission, is prevented.
 * Buttons and multi-line texts keep their Enter.
 */
import type { KeyboardEvent } from "react";

export function keepEnterInField(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLInputElement && target.type !== "submit" && target.type !== "button") event.preventDefault();
}
