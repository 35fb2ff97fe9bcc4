/**
 * Statuses in the browser (issue 9): a create or edit form offers no status (the server owns it);
 * a record's declared transitions are buttons of its show page that move it.
 */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

describe("server-owned statuses", () => {
  it("the payment method form has no status field", async () => {
    const page = await signedIn("admin@acme.test", "/payment_methods/new");
    await page.getByLabel("Payment Type", { exact: true }).first().waitFor();
    expect(await page.getByLabel("Status", { exact: true }).count()).toBe(0);
  });

  it("an approved card is issued by its Issue Card button, which then gives way to the ACTIVE card's actions", async () => {
    const api = await apiAs("admin@acme.test");
    const [card] = (await api.get<{ data: { id: number }[] }>("/api/virtual_cards?status=APPROVED&_end=1")).body.data;
    const page = await signedIn("admin@acme.test", `/vcards/${card.id}`);
    await page.getByRole("button", { name: "Issue Card" }).click();
    await page.getByRole("button", { name: "Block Temporarily" }).waitFor();
    expect(await page.getByRole("button", { name: "Issue Card" }).count()).toBe(0);
    expect((await api.get<{ data: { status: string } }>(`/api/virtual_cards/${card.id}`)).body.data.status).toBe("ACTIVE");
  });
});
