import { describe, expect, it } from "vitest";
import { sepaText, writePain001, type Pain001Block } from "../../src/server/domain/payments/bank-files/pain001.js";
import { auditPain001 } from "../support/pain001-audit.js";

const wires: Pain001Block = {
  id: "PR-1-WIRE-2", kind: "wire", execution_date: "2026-12-08", debtor_name: "Acme Corp", debtor_iban: null, debtor_account_number: "4001234567",
  debtor_bic: null, debtor_currency: "USD",
  transfers: [
    { end_to_end_id: "PAY-1", amount: "1200.5", currency: "USD", creditor_name: "Müller & Söhne <GmbH>", creditor_iban: null, creditor_account_number: "987654321",
      creditor_bic: null, creditor_routing: "026009593", creditor_country: "US", remittance: "INV-1, INV-2" },
    { end_to_end_id: "PAY-2", amount: "99.99", currency: "USD", creditor_name: "Globex Supplies", creditor_iban: "DE89370400440532013000", creditor_account_number: null,
      creditor_bic: "COBADEFFXXX", creditor_routing: null, creditor_country: "DE", remittance: "" },
  ],
};

describe("pain.001 writer", () => {
  it("writes wires with the group and block totals, a US bank by routing number, a foreign one by BIC, in the schema's element order", () => {
    const xml = writePain001({ message_id: "PR-1-WIRE", created_at: new Date("2026-12-07T10:00:00Z"), initiating_party: "Acme Corp", blocks: [wires] });
    const audited = auditPain001(xml);
    expect(audited.problems).toEqual([]);
    expect(audited).toMatchObject({ nbOfTxs: 2, ctrlSum: "1300.49" });
    expect(audited.blocks[0]).toMatchObject({ nbOfTxs: 2, ctrlSum: "1300.49", serviceLevel: null, executionDate: "2026-12-08" });
    expect(audited.blocks[0].transfers.map((t) => [t.endToEndId, t.amount, t.currency, t.iban, t.bic])).toEqual([
      ["PAY-1", "1200.50", "USD", null, null], ["PAY-2", "99.99", "USD", "DE89370400440532013000", "COBADEFFXXX"],
    ]);
    expect(xml).toContain("<ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>026009593</MmbId>");
    expect(xml).toContain("<ChrgBr>SHAR</ChrgBr>");
    // the SEPA character set: accents dropped, < > & gone, never an XML injection
    expect(audited.blocks[0].transfers[0].name).toBe("Muller Sohne GmbH");
  });

  it("keeps text to the SEPA character set and the schema's lengths", () => {
    expect(sepaText("Café «Zürich» & Co.", 70)).toBe("Cafe Zurich Co.");
    expect(sepaText("x".repeat(200), 140)).toHaveLength(140);
  });

  it("the audit finds a wrong control sum and an invalid IBAN", () => {
    const xml = writePain001({ message_id: "M", created_at: new Date(), initiating_party: "A", blocks: [wires] })
      .replace("<CtrlSum>1300.49</CtrlSum>", "<CtrlSum>1300.50</CtrlSum>").replace("DE89370400440532013000", "DE89370400440532013001");
    const problems = auditPain001(xml).problems.join("\n");
    expect(problems).toContain("CtrlSum");
    expect(problems).toContain("DE89370400440532013001 is not valid");
  });
});
