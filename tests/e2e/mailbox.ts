/** The mail the app delivered during the browser tests (global-setup.ts drops each message into a folder). */
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

/** A message body as sent (quoted-printable soft breaks and escapes undone). */
const decoded = (data: string) => data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first match of `pattern` in the newest message to `to`, waiting for it to arrive. */
export async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  const dir = process.env.OUTLAY_E2E_MAILDIR!;
  let found = "";
  await expect.poll(() => {
    const files = fs.readdirSync(dir).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { to: string[]; data: string };
      if (!mail.to.some((recipient) => recipient.includes(to))) continue;
      found = pattern.exec(decoded(mail.data))?.[0] ?? "";
      if (found) return found;
    }
    return "";
  }, { timeout: 15_000 }).not.toBe("");
  return found;
}
