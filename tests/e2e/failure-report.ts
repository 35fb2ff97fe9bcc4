/**
 * When a browser test fails, print what each open page showed: its URL, its visible text and its
 * recent failed requests and errors. A failure on the CI machine can then be read from the log alone.
 */
import { afterEach } from "vitest";
import { openPages } from "./browser.js";

afterEach(async (context) => {
  if (context.task.result?.state !== "fail") return;
  for (const [page, trail] of openPages) {
    const text = await page.locator("body").innerText({ timeout: 2_000 }).catch((error: Error) => `(unreadable: ${error.message})`);
    console.log([
      `── page at ${page.url()} when "${context.task.name}" failed`,
      `text: ${text.replace(/\s+/g, " ").slice(0, 1_500)}`,
      ...trail.map((line) => `  ${line}`),
    ].join("\n"));
  }
});
