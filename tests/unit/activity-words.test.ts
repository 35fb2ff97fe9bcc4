/** An audit row in words (src/framework/activity-words.ts): who did what, statuses by label, internal fields left out. */
import { describe, expect, it } from "vitest";
import en from "../../locales/en.json" with { type: "json" };
import invoices from "../../resources/invoices.js";
import { activitySentence } from "../../src/framework/activity-words.js";
import { createI18n, type Messages } from "../../src/framework/i18n.js";

const english = createI18n(en as Messages);
const words = { translate: (key: string, params: Record<string, unknown>, fallback: string) => english.t(key, { ...params, defaultValue: fallback }), show: (_: string, v: unknown) => String(v ?? "") };
const say = (row: Record<string, unknown>) => activitySentence(row, invoices, words);

describe("activities in words", () => {
  it("names the submit, the approval and a status change by their labels, and hides internal fields", () => {
    expect(say({ event: "update", user_name: "Ana Ruiz", changes: { status: ["PENDING", "PENDING"], submitted_by_id: [null, 7] } })).toBe("Ana Ruiz submitted the invoice for approval");
    expect(say({ event: "update", user_name: "Ana Ruiz", changes: { status: ["PENDING", "APPROVED"] } })).toBe("Ana Ruiz approved the invoice");
    expect(say({ event: "update", user_name: "Ana Ruiz", changes: { status: ["APPROVED", "PAID"] } })).toBe("Ana Ruiz changed the status from Approved to Paid");
    expect(say({ event: "update", user_name: "Ana Ruiz", changes: { amount: ["100.00", "120.00"], notes: [null, "rush"], created_by_id: [null, 7] } }))
      .toBe("Ana Ruiz changed Amount from 100.00 to 120.00; Notes set to rush");
    expect(say({ event: "create", user_name: null })).toBe("Someone created the invoice");
    expect(say({ event: "update", user_name: "Ana Ruiz", changes: { vendor_id: [1, 2] } })).toBe("Ana Ruiz updated the invoice");
  });
});
