import { describe, expect, it } from "vitest";
import { addendaInfo, alpha, cents, entryHash, numeric, writeNacha, type NachaEntry } from "../../src/server/domain/payments/nacha.js";
import { auditNacha } from "../support/nacha-audit.js";

const entry = (n: number, extra: Partial<NachaEntry> = {}): NachaEntry => ({
  routing: n % 2 ? "021000021" : "121000248", account_number: `12345${n}`, account_type: "checking", amount: `${n}00.5${n % 10}`,
  id_number: `PAY-${String(n).padStart(5, "0")}`, name: `Vendor ${n}`, invoice_numbers: [`INV-${n}`], ...extra,
});

const file = (batches: { sec: "CCD" | "PPD"; entries: NachaEntry[] }[]) => writeNacha({
  immediate_destination: " 021000021", immediate_origin: " 123456789", destination_name: "JPMorgan Chase Bank", origin_name: "Acme Corp",
  created_at: new Date("2026-11-23T15:04:00Z"),
  batches: batches.map((b) => ({ ...b, company_name: "ACME CORP", company_id: "1234567890", entry_description: "VENDOR PAY", effective_date: "2026-11-24" })),
});

describe("NACHA writer", () => {
  it("94-character records, blocking factor 10, totals and entry hash that recompute from the entries", () => {
    const written = file([{ sec: "CCD", entries: [entry(1), entry(2, { account_type: "savings" })] }, { sec: "PPD", entries: [entry(3)] }]);
    const audit = auditNacha(written.content);
    expect(audit.lines.every((l) => l.length === 94)).toBe(true);
    expect(audit.lines.length % 10).toBe(0);
    expect(audit.lines.length).toBe(20); // 1 + (5, 6, 7, 6, 7, 8) + (5, 6, 7, 8) + 9 = 13 → padded to 20
    expect(audit.file).toMatchObject({ batchCount: 2, blockCount: 2, count: audit.computed.count, hash: audit.computed.hash, credit: audit.computed.credit });
    expect(audit.computed.credit).toBe(cents("100.51") + cents("200.52") + cents("300.53"));
    for (const batch of audit.batches) expect([batch.controlCount, batch.controlHash, batch.controlCredit]).toEqual([batch.count, batch.hash, batch.credit]);
    expect(audit.batches.map((b) => b.sec)).toEqual(["CCD", "PPD"]);
    expect(audit.entries.map((e) => e.transactionCode)).toEqual(["22", "32", "22"]);
    expect(audit.entries.map((e) => e.trace)).toEqual(["021000020000001", "021000020000002", "021000020000003"]);
    expect(written.traceNumbers).toEqual([["021000020000001", "021000020000002"], ["021000020000003"]]);
    expect(audit.entries[0]).toMatchObject({ idNumber: "PAY-00001", addenda: ["INV-1"] });
    expect(audit.lines.at(-1)).toBe("9".repeat(94));
  });

  it("the file header carries destination, origin, creation date and time, record size and blocking factor", () => {
    const [header] = file([{ sec: "CCD", entries: [entry(1)] }]).content.split("\n");
    expect(header.slice(0, 40)).toBe("101 021000021 1234567892611231504A094101");
    expect(header.slice(40, 63)).toBe(alpha("JPMorgan Chase Bank", 23));
  });

  it("the File ID Modifier and the first trace sequence are the caller's (unique per origin and day, per company)", () => {
    const written = writeNacha({
      immediate_destination: " 021000021", immediate_origin: " 123456789", destination_name: "B", origin_name: "A", created_at: new Date("2026-11-23T15:04:00Z"),
      file_id_modifier: "C", trace_sequence_start: 9_999_999,
      batches: [{ sec: "CCD", company_name: "ACME", company_id: "1234567890", entry_description: "VENDOR PAY", effective_date: "2026-11-24", entries: [entry(1), entry(2)] }],
    });
    expect(written.content.split("\n")[0][33]).toBe("C");
    // 7 digits: the sequence wraps after 9,999,999
    expect(written.traceNumbers).toEqual([["021000029999999", "021000020000000"]]);
  });

  it("entry hash keeps the last 10 digits of the sum of the 8-digit routing prefixes", () => {
    expect(entryHash(["021000021", "121000248"])).toBe("0014200026");
    expect(entryHash(Array.from({ length: 200 }, () => "999999999"))).toBe(String((99999999n * 200n) % 10_000_000_000n).padStart(10, "0"));
  });

  it("an entry carries one addenda record: the invoice numbers that fit in 80 characters, never split, and a count of the rest", () => {
    const numbers = Array.from({ length: 30 }, (_, i) => `INV-2026-${String(i).padStart(4, "0")}`);
    const info = addendaInfo(numbers)!;
    // 5 numbers of 13 characters and their commas take 69; a sixth would leave no room for the count
    expect(info).toBe(`${numbers.slice(0, 5).join(",")},+25 MORE`);
    expect(info.length).toBeLessThanOrEqual(80);
    expect(addendaInfo(numbers.slice(0, 5))).toBe(numbers.slice(0, 5).join(","));
    expect(addendaInfo(["", "  "])).toBeNull();
    const audit = auditNacha(file([{ sec: "CCD", entries: [entry(1, { invoice_numbers: numbers })] }]).content);
    expect(audit.entries[0].addenda).toEqual([info]);
    expect(audit.file.count).toBe(2);
  });

  it("refuses numbers that do not fit and amounts with fractions of a cent", () => {
    expect(() => numeric(12345678901, 10)).toThrow();
    expect(() => cents("1.005")).toThrow();
    expect(() => file([{ sec: "CCD", entries: [entry(1, { routing: "12345" })] }])).toThrow();
    expect(alpha("Müller & Söhne GmbH", 22)).toBe("MULLER & SOHNE GMBH   ");
  });
});
