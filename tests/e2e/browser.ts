/** Debian's Chromium driven by the `playwright` package through executablePath (it downloads no browser on install: it has no install script). */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright";
import { afterAll, beforeAll } from "vitest";
import { demoPassword } from "../../src/server/seed/demo.js";

export const baseUrl = () => process.env.OUTLAY_E2E_URL!;
export const screenshotDir = path.resolve("test-results/screenshots");

const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function useBrowser(): { browser: () => Browser } {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args });
  });
  afterAll(async () => browser?.close());
  return { browser: () => browser };
}

const violations = new WeakMap<Page, string[]>();

/** The open pages and what each went through lately (failed requests, errors), for the failure report. */
export const openPages = new Map<Page, string[]>();
const remember = (trail: string[], line: string) => {
  trail.push(line);
  if (trail.length > 15) trail.shift();
};

/** Console messages and uncaught errors of a page that report a Content-Security-Policy violation (the server's policy: src/server/http/security-headers.ts). */
export const cspViolations = (page: Page): string[] => violations.get(page) ?? [];

/** A test file's browser and its signed-in pages (`signedIn(email, path)`), closed after the file's tests. */
export function useSignedIn(): { browser: () => Browser; signedIn: (email: string, path?: string) => Promise<Page> } {
  const { browser } = useBrowser();
  const opened: Page[] = [];
  afterAll(async () => {
    for (const page of opened) await page.context().close();
  });
  const signedIn = async (email: string, path = "/") => {
    const page = await newPage(browser());
    opened.push(page);
    await login(page, email, path);
    return page;
  };
  return { browser, signedIn };
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  // a violation the page catches (an eval inside a try) leaves no console message of its own: log every one
  await context.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) =>
    console.error(`Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`)));
  const page = await context.newPage();
  const seen: string[] = [];
  violations.set(page, seen);
  const report = (text: string) => {
    if (/Content Security Policy|unsafe-eval|unsafe-inline/i.test(text)) seen.push(text);
  };
  // a blocked eval is thrown (an uncaught error), a blocked resource is logged
  page.on("console", (message) => report(message.text()));
  page.on("pageerror", (error) => report(`${error.name}: ${error.message}`));
  const trail: string[] = [];
  openPages.set(page, trail);
  page.on("close", () => openPages.delete(page));
  page.on("console", (message) => {
    if (message.type() === "error") remember(trail, `console: ${message.text().slice(0, 300)}`);
  });
  page.on("pageerror", (error) => remember(trail, `uncaught: ${error.message.slice(0, 300)}`));
  page.on("response", (response) => {
    if (response.status() >= 400) remember(trail, `${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return page;
}

export async function login(page: Page, email: string, path = "/"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(demoPassword);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}

/**
 * Client-side navigation (what a click on a link does): the session and the loaded bundle are reused.
 * Resolves once the content area was replaced (the shell remounts it per path), so that what is read
 * next is the new page and not the previous one.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    document.querySelector(".ant-layout-content > *")?.setAttribute("data-left", "");
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, url);
  await page.waitForFunction(() => !document.querySelector("[data-left]"));
}
