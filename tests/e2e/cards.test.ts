/**
 * Cards in the browser (docs/cards.md): a card issued, blocked for a while and unblocked by its buttons;
 * purchases tried through the card-network simulator listed on the card, a declined one with its reason;
 * the program's statement closed, submitted for payment and paid. A card holder's own transactions,
 * a receipt attached to one by the camera.
 */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { navigate, screenshot, useSignedIn } from "./browser.js";
import { png } from "./files.js";
import { confirmDialog, typeDate } from "./forms.js";
import { expectPlainWords } from "./page-text.js";

const { signedIn } = useSignedIn();

interface Card { id: number; last4: string; card_program_id: number; per_transaction_max: string | null }

describe("cards with the card-network simulator", () => {
  it("issue, block and unblock a card, try purchases, close a statement and pay it", async () => {
    const api = await apiAs("admin@acme.test");
    // the oldest approved card of the credit program (status-actions.test.ts issues the newest)
    const cards = (await api.get<{ data: Card[] }>("/api/virtual_cards?status=APPROVED&card_program.name=Corporate%20Virtual&_sort=id&_order=asc&_end=1")).body.data;
    const card = cards[0];
    const page = await signedIn("admin@acme.test", `/vcards/${card.id}`);

    await page.getByRole("button", { name: "Issue Card" }).click();
    await page.getByRole("button", { name: "Block Temporarily" }).click();
    await page.getByRole("button", { name: "Unblock" }).click();
    await page.getByRole("button", { name: "Block Temporarily" }).waitFor();

    const tryPurchase = async (vendor: string, amount: string) => {
      await page.getByRole("button", { name: "Try a Purchase (Simulator)" }).click();
      const dialog = page.locator(".ant-modal", { hasText: "Try a Purchase (Simulator)" });
      await dialog.getByLabel("Vendor", { exact: true }).fill(vendor);
      await dialog.getByLabel("Amount", { exact: true }).fill(amount);
      await dialog.getByRole("button", { name: "OK" }).click();
      await page.getByText(vendor, { exact: true }).first().waitFor();
    };
    await page.getByText("Credit", { exact: true }).first().waitFor();
    await screenshot(page, "cards-card-issued");
    await tryPurchase("Blue Bottle Coffee", "42.50");
    // above the card's per-transaction maximum (or its limit): declined with the reason
    await tryPurchase("Too Big Electronics", "99999.00");
    await page.getByText(/^(Above the per-transaction maximum|Over the available balance)/).first().waitFor();
    await page.getByText("Transactions", { exact: true }).evaluate((heading) => heading.scrollIntoView({ block: "start" }));
    await page.locator(".ant-modal-wrap").first().waitFor({ state: "hidden" });
    await screenshot(page, "cards-simulator-card");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "cards-simulator-card-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    const transactions = (await api.get<{ data: { vendor_name: string; transaction_status: string }[] }>(`/api/card_transactions?virtual_card_id=${card.id}`)).body.data;
    expect(transactions.map((t) => [t.vendor_name, t.transaction_status]).sort()).toEqual([["Blue Bottle Coffee", "CLEARED"], ["Too Big Electronics", "declined"]]);

    // the program's statement closed today on the card settings screen, then submitted and paid
    const today = new Date().toISOString().slice(0, 10);
    await page.goto("/vcards/card_program_settings/");
    const program = page.locator("tr[data-row-key]", { hasText: "Corporate Virtual" });
    await program.locator(".ant-checkbox-input").check();
    await page.getByRole("button", { name: "Close Statement" }).click();
    await typeDate(page, "Close Date", today);
    await page.locator(".ant-modal", { hasText: "Close Statement" }).getByRole("button", { name: "OK" }).click();
    await page.locator(".ant-modal-confirm", { hasText: "Refused: 0." }).getByRole("button", { name: "OK" }).click();
    const [statement] = (await api.get<{ data: { id: number }[] }>(`/api/statements?card_program_id=${card.card_program_id}&close_date=${today}`)).body.data;
    await page.goto(`/statements/${statement.id}`);
    await page.getByRole("button", { name: "Submit for Payment" }).click();
    await page.getByRole("button", { name: "Pay Statement" }).click();
    await confirmDialog(page, "Pay this statement's balance now?");
    await page.getByText("Paid", { exact: true }).first().waitFor();
    await page.locator(".ant-modal-confirm").waitFor({ state: "detached" });
    await screenshot(page, "cards-statement-paid");
    expect((await api.get<{ data: { status: string; current_balance: string } }>(`/api/statements/${statement.id}`)).body.data).toMatchObject({ status: "PAID", current_balance: "0.00" });
  }, 120_000);
});

describe("a card holder's own card transactions", () => {
  it("the employee opens My Card Transactions from the menu, opens one and attaches its receipt by the camera", async () => {
    const page = await signedIn("staff@acme.test", "/dashboard");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel("Search menu and records").fill("My Card Tr");
    await page.locator(".ant-menu-item", { hasText: "My Card Transactions" }).first().click();
    await page.waitForURL((url) => url.pathname === "/my_vcard_transactions");
    const first = page.locator("tbody tr[data-row-key]").first();
    await first.waitFor();
    await expectPlainWords(page, "my card transactions");
    await screenshot(page, "my-card-transactions-1440");
    await first.locator("a").first().click();
    await page.waitForURL(/\/my_vcard_transactions\/\d+$/);
    const camera = page.locator("input[type=file][capture=environment]");
    await expect.poll(() => camera.count()).toBe(1);
    await camera.setInputFiles({ name: "taxi.png", mimeType: "image/png", buffer: png });
    await page.getByText("taxi.png").first().waitFor();
    await expectPlainWords(page, "my card transaction with its receipt");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await screenshot(page, "my-card-transaction-390");
    // another holder's transaction is not theirs to open
    const api = await apiAs("admin@acme.test");
    const staffContact = (await (await apiAs("staff@acme.test")).get<{ data: { contact: { id: number } } }>("/api/users/current")).body.data.contact.id;
    const others = (await api.get<{ data: { id: number; virtual_card: { contact_id: number } }[] }>("/api/card_transactions?_end=50")).body.data;
    // a linked account's transactions have no card
    const other = others.find((t) => t.virtual_card && t.virtual_card.contact_id !== staffContact)!;
    expect((await (await apiAs("staff@acme.test")).get(`/api/my_card_transactions/${other.id}`)).status).toBe(404);
    // My Cards lists the holder's card, linked to the card's page, which staff may open (readVCards;
    // without that key the number shows as text: tests/unit/cell-links.test.ts)
    await page.setViewportSize({ width: 1440, height: 900 });
    await navigate(page, "/my_vcards");
    const card = page.locator("tbody tr[data-row-key]").first();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/\*{4} \d{4}/);
    await card.locator("a").first().click();
    await page.waitForURL(/\/vcards\/\d+$/);
    await page.locator("[data-head]").waitFor();
    await expectPlainWords(page, "the holder's card");
  });
});
