/**
 * The set-based writes of src/server/db/bulk.ts send each column as one text[] parameter read back
 * by `unnest`: every value must reach its column as the row said — text that looks like array or
 * JSON syntax, nulls and the word NULL, jsonb, timestamps, numbers — the returned ids follow the
 * rows' order, and thousands of rows go in one statement.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { insertRows, updateFromValues } from "../../src/server/db/bulk.js";
import { useApp } from "./harness.js";

const h = useApp();
let acme: number;
beforeAll(async () => {
  acme = await h.companyId("Acme Corp");
});

const awkward = ["plain", "", "NULL", "null", 'a "quoted", {braced} value', "back\\slash \\\\ and \\x41", "new\nline\ttab", "ünïcødé — €", "  spaced  ", "{}", "[1,2]", "'single'"];

describe("bulk writes", () => {
  it("insertRows writes every value as given and returns the rows in insert order", async () => {
    const sentAt = new Date("2026-03-04T05:06:07.123Z");
    const rows = awkward.map((text, n) => ({
      company_id: acme, to: `bulk${n}@example.test`, subject: text, text: n % 3 === 0 ? null : text, status: "sent", sent_at: n % 2 ? sentAt : null,
      attachments: JSON.stringify([{ filename: text, size: n }]), related_type: "Bulk", related_id: n, attempts: n,
    }));
    const inserted = await insertRows(h.database.db, "mail_messages", rows, ["id", "related_id"]);
    expect(inserted.map((r) => r.related_id)).toEqual(rows.map((r) => r.related_id));
    const read = await h.database.db.selectFrom("mail_messages").select(["id", "subject", "text", "sent_at", "attachments", "attempts"])
      .where("id", "in", inserted.map((r) => r.id as number)).orderBy("id").execute();
    expect(read.map((r) => r.subject)).toEqual(awkward);
    expect(read.map((r) => r.text)).toEqual(rows.map((r) => r.text));
    expect(read.map((r) => (r.sent_at ? new Date(r.sent_at).toISOString() : null))).toEqual(rows.map((r) => (r.sent_at ? sentAt.toISOString() : null)));
    expect(read.map((r) => r.attachments)).toEqual(awkward.map((text, n) => [{ filename: text, size: n }]));
    expect(read.map((r) => Number(r.attempts))).toEqual(rows.map((r) => r.attempts));
  });

  it("updateFromValues sets each row from its own values, only in the company", async () => {
    const inserted = await insertRows(h.database.db, "mail_messages", awkward.map((_, n) => ({ company_id: acme, to: `upd${n}@example.test`, subject: "before", status: "sent" })));
    const ids = inserted.map((r) => r.id as number);
    await updateFromValues(h.database.db, "mail_messages", acme, ids.map((id, n) => ({ id, subject: awkward[n], attempts: n * 2 })),
      { subject: "text", attempts: "integer" }, sql`subject = v.subject, attempts = v.attempts`);
    // another company's id is not touched
    await updateFromValues(h.database.db, "mail_messages", acme + 1000, [{ id: ids[0], subject: "other company" }], { subject: "text" }, sql`subject = v.subject`);
    const read = await h.database.db.selectFrom("mail_messages").select(["subject", "attempts"]).where("id", "in", ids).orderBy("id").execute();
    expect(read).toEqual(awkward.map((subject, n) => ({ subject, attempts: n * 2 })));
  });

  it("thousands of rows in one statement, their ids in order", async () => {
    const rows = Array.from({ length: 2_000 }, (_, n) => ({ company_id: acme, to: `many${n}@example.test`, subject: `many ${n}`, status: "sent", related_type: "Many", related_id: n }));
    const inserted = await insertRows(h.database.db, "mail_messages", rows, ["id", "related_id"]);
    expect(inserted.map((r) => r.related_id)).toEqual(rows.map((r) => r.related_id));
    const ids = inserted.map((r) => r.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("sends a column with one value for all rows once, nulls and JSON included, and rows with nothing but such columns", async () => {
    const rows = [0, 1, 2].map((n) => ({ company_id: acme, to: "same@example.test", subject: `varies ${n}`, text: null, status: "sent", attachments: JSON.stringify([{ filename: "a {b}.pdf" }]), related_id: 7 }));
    const inserted = await insertRows(h.database.db, "mail_messages", rows, ["id", "subject", "text", "attachments", "related_id"]);
    expect(inserted.map(({ id: _id, ...row }) => row)).toEqual(rows.map((r) => ({ subject: r.subject, text: null, attachments: [{ filename: "a {b}.pdf" }], related_id: 7 })));
    const same = await insertRows(h.database.db, "mail_messages", [1, 2, 3].map(() => ({ company_id: acme, to: "twin@example.test", subject: "twin", status: "sent" })), ["id", "subject"]);
    expect(same.map((r) => r.subject)).toEqual(["twin", "twin", "twin"]);
    expect(new Set(same.map((r) => r.id)).size).toBe(3);
  });

  it("refuses an unknown column and an array column (unnest would flatten it)", async () => {
    await expect(insertRows(h.database.db, "mail_messages", [{ company_id: acme, nope: 1 }])).rejects.toThrow("mail_messages has no column nope");
    await expect(insertRows(h.database.db, "invoices", [{ company_id: acme, purchase_order_ids: [1] }])).rejects.toThrow("invoices.purchase_order_ids is an array column");
  });
});
