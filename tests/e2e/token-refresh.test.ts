/**
 * Issue 28: an access token the server refuses (expired, or never issued) is refreshed once and the
 * request repeated, and two tabs of one browser share that one refresh. Refresh tokens rotate and one
 * presented twice revokes the whole sign-in (docs/api.md): two refreshes would sign both tabs out.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright";
import { navigate, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

const isRefresh = (url: string, body: string | null) => url.endsWith("/oauth/token") && (body ?? "").includes("refresh_token");

/** The status of GET /api/users/current with the token the tab holds now. */
const currentUserStatus = (page: Page) => page.evaluate(async () => {
  const response = await fetch("/api/users/current", { headers: { Authorization: `Bearer ${localStorage.getItem("outlay.accessToken") ?? ""}` } });
  return response.status;
});

describe("token refresh", () => {
  it("two tabs whose access token is refused refresh once between them, repeat their requests and stay signed in", async () => {
    const first = await signedIn("ap@acme.test", "/invoices");
    await first.locator("tr[data-row-key]").first().waitFor();
    const second = await first.context().newPage();
    await second.goto("/vendors");
    await second.locator("tr[data-row-key]").first().waitFor();

    const refreshes: string[] = [];
    const refused: string[] = [];
    first.context().on("request", (request) => {
      if (isRefresh(request.url(), request.postData())) refreshes.push(request.url());
    });
    first.context().on("response", (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    // the refresh's answer takes a second on the wire, so that the other tab's request is refused while it is under way
    await first.context().route("**/oauth/token", async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fulfill({ response });
    });
    // the tabs share localStorage: a token the server does not know stands for an expired one in both
    await first.evaluate(() => localStorage.setItem("outlay.accessToken", "expired-or-unknown"));

    // both tabs ask at once; each request is refused, then repeated with the one new token
    await Promise.all([navigate(first, "/vendors"), navigate(second, "/invoices")]);
    // their rows arrive: the requests were repeated with the new token
    await first.locator("tr[data-row-key]").first().waitFor();
    await second.locator("tr[data-row-key]").first().waitFor();

    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refreshes).toHaveLength(1);
    for (const page of [first, second]) {
      expect(new URL(page.url()).pathname).not.toBe("/login");
      expect(await currentUserStatus(page)).toBe(200);
    }
    expect(await first.evaluate(() => localStorage.getItem("outlay.accessToken"))).not.toBe("expired-or-unknown");
  });
});
