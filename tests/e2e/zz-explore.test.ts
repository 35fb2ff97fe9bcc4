import { test } from "vitest";
import { navigate, screenshot, useSignedIn } from "./browser.js";
const { signedIn } = useSignedIn();
const shots: [string, string[]][] = [
  ["admin@acme.test", ["/invoices/new", "/purchase_orders/new", "/budgets/new", "/vendors/new"]],
  ["staff@acme.test", ["/purchase_orders/requests/new", "/expense", "/expense_report/new"]],
  ["receiving@acme.test", ["/log_new_receipt", "/inbound_receipts/add"]],
  ["admin@globex.test", ["/invoices/new", "/invoices"]],
];
test("explore", async () => {
  for (const [email, paths] of shots) {
    const page = await signedIn(email, "/");
    await page.waitForTimeout(1500);
    await screenshot(page, `x-${email.split("@")[0]}-home`);
    for (const p of paths) {
      await navigate(page, p);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `test-results/screenshots/x-${email.split("@")[0]}${p.replace(/\//g, "_")}.png`, fullPage: true });
    }
  }
}, 300_000);
