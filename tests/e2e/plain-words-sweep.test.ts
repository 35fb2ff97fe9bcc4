/**
 * Issue 17, plain words everywhere: each demo role opens every list page of its side menu (the
 * entries the client builds from the declarations and the user's keys) and the first page of rows
 * reads in plain words — no raw id, no code where a label exists, no untranslated key (page-text.ts).
 * One browser, one page per role, moved from list to list in the app.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { resources } from "../../resources/index.js";
import { pages } from "../../resources/pages/index.js";
import { routesOf } from "../../src/framework/resource.js";
import type { Principal } from "../../src/framework/permissions.js";
import { menuGroups } from "../../src/client/registry.js";
import { apiAs } from "./api.js";
import { navigate, useSignedIn } from "./browser.js";
import { textProblems, visibleText } from "./page-text.js";

const { signedIn } = useSignedIn();

/** The demo users of seed/demo.ts: a card-holding employee, a purchaser, an approver, accounts payable, the administrator. */
const users = ["staff@acme.test", "po@acme.test", "approver@acme.test", "ap@acme.test", "admin@acme.test"];

/**
 * A list an earlier role has read is not read again (the cells are the same, only buttons differ by
 * role): the narrower roles go first, the administrator reads the rest, halving the sweep.
 */
const swept = new Set<string>();

/** Paths that are a resource's list (its own or a view's), not a dashboard or a custom page. */
const listPaths = new Set(resources.flatMap((r) => routesOf(r).filter((route) => route.page === "list").map((route) => route.path)));

/** The list pages in the user's side menu. */
async function menuLists(email: string): Promise<string[]> {
  const principal = (await (await apiAs(email)).get<{ data: Principal }>("/api/users/current")).body.data;
  return menuGroups(resources, pages, principal).flatMap((g) => g.entries.map((e) => e.path)).filter((path) => listPaths.has(path));
}

/** A list has loaded: its first rows (table or phone cards) or its empty state, nothing spinning. */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const content = document.querySelector(".ant-layout-content");
    if (!content || content.querySelector(".ant-spin-spinning, .ant-skeleton")) return false;
    return content.querySelector("tbody tr[data-row-key], .ant-table-placeholder, .ant-list-item, .ant-empty, .ant-result") !== null;
  }, undefined, { timeout: 15_000 });
}

describe("every list page of every demo role reads in plain words", () => {
  it.each(users)("%s", async (email) => {
    const menu = await menuLists(email);
    expect(menu.length).toBeGreaterThan(3);
    const paths = menu.filter((path) => !swept.has(path));
    const page = await signedIn(email, menu[0]);
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    for (const path of paths) {
      await navigate(page, path);
      await loaded(page);
      for (const problem of textProblems(await visibleText(page))) problems.push(`${path}: ${problem.kind}: ${problem.text}`);
    }
    expect([...new Set(problems)]).toEqual([]);
    // only once read clean: a retried role reads its lists again
    for (const path of paths) swept.add(path);
  }, 180_000);
});
