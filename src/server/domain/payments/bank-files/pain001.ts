/**
 * ISO 20022 customer credit transfer initiation, pain.001.001.03 (the version the SEPA Credit Transfer
 * rulebook and most banks take), written from plain data (pure: no database). One message holds one
 * payment information block (PmtInf) per debtor account; each block holds its credit transfers.
 * - SEPA: service level SEPA, EUR only, charges SLEV, IBAN and BIC on both sides.
 * - Wires: no SEPA service level, charges SHAR; the creditor account by IBAN, else by account number,
 *   its bank by BIC, else (a US bank) by its ABA routing number (clearing system USABA).
 * Group header and every block carry the number of transactions and the control sum (the amounts' sum,
 * exact decimals). Text fields are cut to the schema's lengths; the XML is built with a DOM (xmldom),
 * so every value is escaped.
 */
import { DOMImplementation, XMLSerializer } from "@xmldom/xmldom";
import { money, round } from "../../../../framework/money.js";

type XmlElement = Element;

export const pain001Namespace = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";

export interface Pain001Transfer {
  /** our reference of the payment (EndToEndId, max 35) */
  end_to_end_id: string;
  amount: string;
  currency: string;
  creditor_name: string;
  creditor_iban: string | null;
  creditor_account_number: string | null;
  creditor_bic: string | null;
  creditor_routing: string | null;
  creditor_country: string | null;
  /** unstructured remittance information (invoice numbers), max 140 */
  remittance: string;
}

export interface Pain001Block {
  /** PmtInfId (max 35) */
  id: string;
  kind: "sepa" | "wire";
  execution_date: string;
  debtor_name: string;
  debtor_iban: string | null;
  debtor_account_number: string | null;
  debtor_bic: string | null;
  debtor_currency: string;
  transfers: Pain001Transfer[];
}

export interface Pain001Message {
  message_id: string;
  created_at: Date;
  initiating_party: string;
  blocks: Pain001Block[];
}

/** The SEPA character set (the rulebook's Latin subset): other characters become a space, then trimmed and cut. */
export function sepaText(text: string, max: number): string {
  const plain = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ").replace(/\s+/g, " ").trim();
  return plain.slice(0, max);
}

const sumOf = (transfers: readonly Pain001Transfer[]) => round(transfers.reduce((t, x) => t.plus(x.amount), money(0)));

/** The message as XML text (UTF-8). */
export function writePain001(message: Pain001Message): string {
  const doc = new DOMImplementation().createDocument(pain001Namespace, "Document", null);
  const root = doc.documentElement!;
  const add = (parent: XmlElement, name: string, text?: string, attributes: Record<string, string> = {}): XmlElement => {
    const element = doc.createElementNS(pain001Namespace, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    if (text !== undefined) element.appendChild(doc.createTextNode(text));
    parent.appendChild(element);
    return element;
  };
  const all = message.blocks.flatMap((b) => b.transfers);
  const initiation = add(root, "CstmrCdtTrfInitn");
  const header = add(initiation, "GrpHdr");
  add(header, "MsgId", sepaText(message.message_id, 35));
  add(header, "CreDtTm", message.created_at.toISOString().slice(0, 19));
  add(header, "NbOfTxs", String(all.length));
  add(header, "CtrlSum", sumOf(all));
  add(add(header, "InitgPty"), "Nm", sepaText(message.initiating_party, 70));

  for (const block of message.blocks) {
    const info = add(initiation, "PmtInf");
    add(info, "PmtInfId", sepaText(block.id, 35));
    add(info, "PmtMtd", "TRF");
    add(info, "BtchBookg", "true");
    add(info, "NbOfTxs", String(block.transfers.length));
    add(info, "CtrlSum", sumOf(block.transfers));
    if (block.kind === "sepa") add(add(add(info, "PmtTpInf"), "SvcLvl"), "Cd", "SEPA");
    add(info, "ReqdExctnDt", block.execution_date);
    add(add(info, "Dbtr"), "Nm", sepaText(block.debtor_name, 70));
    const debtorAccount = add(info, "DbtrAcct");
    account(add, add(debtorAccount, "Id"), block.debtor_iban, block.debtor_account_number);
    add(debtorAccount, "Ccy", block.debtor_currency);
    const debtorBank = add(add(info, "DbtrAgt"), "FinInstnId");
    if (block.debtor_bic) add(debtorBank, "BIC", block.debtor_bic);
    else add(add(debtorBank, "Othr"), "Id", "NOTPROVIDED");
    add(info, "ChrgBr", block.kind === "sepa" ? "SLEV" : "SHAR");
    for (const transfer of block.transfers) {
      const tx = add(info, "CdtTrfTxInf");
      const ids = add(tx, "PmtId");
      add(ids, "InstrId", sepaText(transfer.end_to_end_id, 35));
      add(ids, "EndToEndId", sepaText(transfer.end_to_end_id, 35));
      add(add(tx, "Amt"), "InstdAmt", round(money(transfer.amount)), { Ccy: transfer.currency });
      if (transfer.creditor_bic || transfer.creditor_routing) {
        const bank = add(add(tx, "CdtrAgt"), "FinInstnId");
        if (transfer.creditor_bic) add(bank, "BIC", transfer.creditor_bic);
        else {
          const member = add(bank, "ClrSysMmbId");
          add(add(member, "ClrSysId"), "Cd", "USABA");
          add(member, "MmbId", transfer.creditor_routing!);
        }
      }
      const creditor = add(tx, "Cdtr");
      add(creditor, "Nm", sepaText(transfer.creditor_name, 70));
      if (transfer.creditor_country) add(add(creditor, "PstlAdr"), "Ctry", transfer.creditor_country);
      account(add, add(add(tx, "CdtrAcct"), "Id"), transfer.creditor_iban, transfer.creditor_account_number);
      if (transfer.remittance) add(add(tx, "RmtInf"), "Ustrd", sepaText(transfer.remittance, 140));
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

type Add = (parent: XmlElement, name: string, text?: string) => XmlElement;

/** An account's identification: the IBAN, else the account number as Othr/Id. */
function account(add: Add, id: XmlElement, iban: string | null, number: string | null): void {
  if (iban) add(id, "IBAN", iban);
  else add(add(id, "Othr"), "Id", number ?? "");
}
