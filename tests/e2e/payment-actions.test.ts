/**
 * A payment's record actions in the browser (issue 5, after payment): the show page offers what the
 * payment's status and the user's keys allow; failing with a return code and reissuing lead to the
 * new payment; the check downloads as a PDF; a user without the pay keys sees no action buttons.
 */
import { describe, expect, it } from "vitest";
import { apiAs } from "./api.js";
import { screenshot, useSignedIn } from "./browser.js";

const { signedIn } = useSignedIn();

/** A PROCESSING check payment of Acme (the demo data has some). */
async function processingCheck(): Promise<{ id: number; payment_number: string }> {
  const api = await apiAs("ap@acme.test");
  // of a vendor that is approved: a payment to a vendor awaiting approval is not reissued (409)
  const list = await api.get<{ data: { id: number; payment_number: string; vendor_id: number }[] }>("/api/payments?status=PROCESSING&payment_type=check&record_type=DEBIT&_end=50");
  const active = new Set((await api.get<{ data: { id: number }[] }>("/api/vendors?status=ACTIVE&_end=1000")).body.data.map((v) => v.id));
  const payment = list.body.data.find((p) => active.has(p.vendor_id));
  expect(payment).toBeDefined();
  return payment!;
}

describe("payment record actions", () => {
  it("fail with a return code, then reissue: the new payment is shown, in flight again; the check downloads", async () => {
    const payment = await processingCheck();
    const page = await signedIn("ap@acme.test", `/payments/${payment.id}`);
    await page.getByRole("button", { name: "Mark Cleared" }).waitFor();
    expect(await page.getByRole("button", { name: "Reissue" }).count()).toBe(0);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Print Check" }).click();
    const fileName = (await download).suggestedFilename();
    // named by the check's number (issued by the run, or by this print), then the payment's (check-print.ts)
    const [check] = (await (await apiAs("ap@acme.test")).get<{ data: { check_number: number }[] }>(`/api/checks?payment_id=${payment.id}&status=ISSUED`)).body.data;
    expect(fileName).toBe(`check-${check.check_number}-${payment.payment_number.replace(/[^\w.-]+/g, "_")}.pdf`);

    await page.getByRole("button", { name: "Mark Failed (Return)" }).click();
    await page.getByRole("textbox", { name: "Return Code" }).fill("R01");
    await page.getByRole("button", { name: "OK" }).click();
    await page.getByRole("button", { name: "Reissue" }).waitFor();
    expect(await page.getByText("Failed", { exact: true }).count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Reissue" }).click();
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((url) => url.pathname !== `/payments/${payment.id}`);
    await page.getByRole("heading", { name: `Payment ${payment.payment_number}-R` }).waitFor();
    await page.getByText("Processing (Reissued)").first().waitFor();
    await screenshot(page, "payment-reissued");
  });

  it("a user without the pay keys sees the payment but no transition buttons", async () => {
    const payment = await processingCheck();
    const page = await signedIn("approver@acme.test", `/payments/${payment.id}`);
    await page.getByRole("button", { name: "Print Check" }).waitFor();
    for (const name of ["Mark Cleared", "Mark Failed (Return)", "Void", "Reissue"]) expect(await page.getByRole("button", { name, exact: true }).count()).toBe(0);
  });
});
