/**
 * `npm run bench:first-row [-- --runs N]`: the first invoice row after navigation, warm, in Chromium
 * (issue 11: ≤ 0.8 s). Serves the built client (`npm run build:client` first) and the API on a fresh
 * seeded PGlite database, signs in once, then reloads /invoices N times and reports the time from
 * navigation start to the first table row in the DOM (median and each run), the bytes of script and
 * style it downloaded, and the requests (API and scripts) of the last run with their start and end.
 */
import { parseArgs } from "node:util";
import { chromium } from "playwright";
import { setup } from "../e2e/global-setup.js";
import { demoPassword } from "../../src/server/seed/demo.js";

const { values: flags } = parseArgs({ options: { runs: { type: "string", default: "7" } } });
const runs = Number(flags.runs);
const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const teardown = await setup();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args });
try {
  const context = await browser.newContext({ baseURL: process.env.OUTLAY_E2E_URL, viewport: { width: 1400, height: 900 } });
  // the moment the first row enters the DOM, in the page's own clock (0 = navigation start)
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector("tbody tr[data-row-key]")) return;
      (window as unknown as { firstRow: number }).firstRow = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto("/invoices");
  await page.getByLabel("Email").fill("ap@acme.test");
  await page.getByLabel("Password").fill(demoPassword);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.locator("tbody tr[data-row-key]").first().waitFor();

  const times: number[] = [];
  let requests: string[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { firstRow?: number }).firstRow !== undefined);
    times.push(await page.evaluate(() => (window as unknown as { firstRow: number }).firstRow));
    requests = await page.evaluate(() => performance.getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.startsWith("/api/") || /\.js$/.test(e.name))
      .map((e) => `${Math.round(e.startTime)}–${Math.round((e as PerformanceResourceTiming).responseEnd)} ms  ${new URL(e.name).pathname}${new URL(e.name).search}`));
    bytes = await page.evaluate(() => performance.getEntriesByType("resource")
      .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`first invoice row, warm: median ${Math.round(sorted[Math.floor(runs / 2)]!)} ms (runs: ${times.map(Math.round).join(", ")} ms)`);
  console.log(`script and style of the last load: ${(bytes / 1024).toFixed(1)} KB as sent (cached files count as sent)`);
  console.log(`requests of the last load (start–end):\n  ${requests.join("\n  ")}`);
} finally {
  await browser.close();
  await teardown();
}
