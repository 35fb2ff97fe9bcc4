/**
 * The first load of /invoices as Chromium downloads it (issue 11): the script and style bytes on the
 * wire with gzip, within the budget; and how the server sends the built client — brotli or gzip
 * written at build time, hashed files cached for good, the shell revalidated, the CSP on both.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientDir } from "../../src/server/paths.js";
import { contentSecurityPolicy } from "../../src/server/http/security-headers.js";
import { firstLoadFiles, firstLoadSize } from "../../scripts/bundle-size.js";
import { baseUrl, cspViolations, login, newPage, useBrowser } from "./browser.js";

/**
 * The budget this branch holds, in gzip bytes. Issue 11 asks for 350 KB. It was 545 KB (541.1 KB
 * measured when issue 17's pages merged; the history is in git). Lowered to 446 KB when the first load
 * became one chunk for what the entry imports (rolldown's `$initial` tag: 18 files instead of 71, each
 * costing its response headers and compressing alone), antd's App gave way to dialogs and notices loaded
 * on first use, and Typography and Input's variants left the first load: measured 437.1 KB (418.5 KB in
 * the build's count; the rest is response headers). Lowered to 436 KB when antd's form engine (which
 * its ConfigProvider brought whole for one provider) and the ResizeObserver polyfill left: 427.7 KB.
 * Lowered to 413 KB when the resource declarations left the shell (it knows their outlines; a page loads
 * the declarations it renders) and so did the resources' fields, values and statuses in the locale (they
 * load with their declarations): 410.0 KB (387.4 KB in the build's count, /invoices's declaration and
 * English texts included). Lowered to 368 KB when the list drew its own table and pagination
 * (grid/DataTable.tsx, Pager.tsx): antd's Table and Pagination (rc-table, rc-tree, rc-pagination, their
 * hooks and styles) left the first load and the column picker became a Dropdown (antd's Popover left):
 * 365.9 KB (349.9 KB in the build's count). Both together, 348 KB: 345.9 KB (325.8 KB in the build's count), under
 * issue 11's 350 KB.
 * Re-set to 380 KB by issue 28: the budget holds the packages the project was specified with
 * (@refinedev/simple-rest with axios, i18next with react-i18next), which the savings above had dropped;
 * room for them is found elsewhere (icons, antd parts, dashboards' code), never by dropping them.
 * Measured 385.2 KB with them (370.5 KB in the build's count, 22 files); 368.0 KB (361.5 KB, 8 files)
 * once the list page and its static imports became one chunk (14 files before) and the declarations'
 * documents and activities relations another, antd's Breadcrumb loaded with the first record page and
 * the color picker's copy of @ant-design/fast-color gave way to antd's (vite.config.ts).
 * Raise it only with its reason here.
 */
const budget = 380 * 1024;

const { browser } = useBrowser();

describe("first load of /invoices", () => {
  it("downloads script and style within the gzip budget, and the build's own count agrees", async () => {
    const page = await newPage(browser());
    await login(page, "ap@acme.test", "/invoices");
    await page.locator("tr[data-row-key]").first().waitFor();

    // a reload with an empty cache, taking gzip only: what a first visit downloads
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "gzip" } });
    const assets = new Map<string, { url: string; encoding?: string }>();
    const sizes = new Map<string, number>();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      if (type === "Script" || type === "Stylesheet") {
        const headers = response.headers as Record<string, string>;
        assets.set(requestId, { url: response.url, encoding: headers["content-encoding"] ?? headers["Content-Encoding"] });
      }
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => sizes.set(requestId, encodedDataLength));
    await page.reload({ waitUntil: "networkidle" });
    await page.locator("tr[data-row-key]").first().waitFor();

    const downloaded = [...assets.keys()].reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0);
    expect(assets.size).toBeGreaterThan(0);
    // each file with a gzip copy came as gzip (the smallest have none: not worth a second file)
    const fetched = [...assets.values()].map((a) => ({ file: new URL(a.url).pathname, encoding: a.encoding }));
    expect(fetched.filter((a) => fs.existsSync(path.join(clientDir, `${a.file}.gz`)) && a.encoding !== "gzip")).toEqual([]);
    console.log(`first load of /invoices: ${(downloaded / 1024).toFixed(1)} KB of script and style with gzip (budget ${budget / 1024} KB)`);
    expect(downloaded).toBeLessThanOrEqual(budget);

    // every file the browser fetched is one the manifest count follows (and so the count is not short)
    const counted = new Set(firstLoadFiles(clientDir).map((file) => `/${file}`));
    expect(fetched.filter((a) => !counted.has(a.file))).toEqual([]);
    expect(firstLoadSize(clientDir).gzip).toBeLessThanOrEqual(budget);
    expect(cspViolations(page)).toEqual([]);
  });
});

describe("serving the built client", () => {
  const anAsset = () => `/${firstLoadFiles(clientDir).find((file) => file.endsWith(".js"))!}`;

  it("sends the brotli or gzip copy written at build time, as the browser accepts, cached for good", async () => {
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(new URL(anAsset(), baseUrl()), { headers: { "accept-encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
    }
    const plain = await fetch(new URL(anAsset(), baseUrl()), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(path.basename(anAsset())).toMatch(/-[\w-]{8}\.js$/);
  });

  it("has the shell revalidated on every load, at / and at a client route", async () => {
    for (const url of ["/", "/invoices"]) {
      const response = await fetch(new URL(url, baseUrl()), { headers: { "accept-encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
      expect(await response.text()).toContain('<div id="root">');
    }
  });
});
