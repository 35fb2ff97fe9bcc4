/**
 * Reading a pain.001.001.03 message back, independently of the writer: the element order of the
 * schema (ISO 20022 pain.001.001.03 XSD, the elements the writer may use, in their sequence), the
 * totals of the group header and of each payment-information block, and every IBAN and BIC checked
 * with ibantools.
 */
import { DOMParser } from "@xmldom/xmldom";
import { isValidBIC, isValidIBAN } from "ibantools";
import { money } from "../../src/framework/money.js";

const ns = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03";
/** each parent's children in the XSD's sequence (optional ones may be absent; none may come out of order) */
const sequences: Record<string, string[]> = {
  CstmrCdtTrfInitn: ["GrpHdr", "PmtInf"],
  GrpHdr: ["MsgId", "CreDtTm", "Authstn", "NbOfTxs", "CtrlSum", "InitgPty", "FwdgAgt"],
  PmtInf: ["PmtInfId", "PmtMtd", "BtchBookg", "NbOfTxs", "CtrlSum", "PmtTpInf", "ReqdExctnDt", "PoolgAdjstmntDt", "Dbtr", "DbtrAcct", "DbtrAgt", "DbtrAgtAcct", "UltmtDbtr", "ChrgBr", "ChrgsAcct", "ChrgsAcctAgt", "CdtTrfTxInf"],
  CdtTrfTxInf: ["PmtId", "PmtTpInf", "Amt", "XchgRateInf", "ChrgBr", "ChqInstr", "UltmtDbtr", "IntrmyAgt1", "IntrmyAgt1Acct", "IntrmyAgt2", "IntrmyAgt2Acct", "IntrmyAgt3", "IntrmyAgt3Acct", "CdtrAgt", "CdtrAgtAcct", "Cdtr", "CdtrAcct", "UltmtCdtr", "InstrForCdtrAgt", "InstrForDbtrAgt", "Purp", "RgltryRptg", "Tax", "RltdRmtInf", "RmtInf"],
  PmtId: ["InstrId", "EndToEndId"],
  FinInstnId: ["BIC", "ClrSysMmbId", "Nm", "PstlAdr", "Othr"],
  DbtrAcct: ["Id", "Tp", "Ccy", "Nm"],
};
const required: Record<string, string[]> = {
  GrpHdr: ["MsgId", "CreDtTm", "NbOfTxs", "InitgPty"],
  PmtInf: ["PmtInfId", "PmtMtd", "ReqdExctnDt", "Dbtr", "DbtrAcct", "DbtrAgt", "CdtTrfTxInf"],
  CdtTrfTxInf: ["PmtId", "Amt", "Cdtr"],
  PmtId: ["EndToEndId"],
};

export interface AuditedTransfer { endToEndId: string; amount: string; currency: string; iban: string | null; bic: string | null; name: string }
export interface AuditedBlock { id: string; nbOfTxs: number; ctrlSum: string; serviceLevel: string | null; executionDate: string; debtorIban: string | null; debtorBic: string | null; transfers: AuditedTransfer[] }
export interface AuditedPain001 { nbOfTxs: number; ctrlSum: string; blocks: AuditedBlock[]; problems: string[] }

const children = (element: Element) => Array.from(element.childNodes).filter((n): n is Element => n.nodeType === 1);
const child = (element: Element, name: string) => children(element).find((c) => c.localName === name);
const path = (element: Element, ...names: string[]): Element | undefined => names.reduce<Element | undefined>((e, n) => (e ? child(e, n) : undefined), element);
const text = (element: Element | undefined) => element?.textContent ?? null;

export function auditPain001(xml: string): AuditedPain001 {
  const problems: string[] = [];
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const root = doc.documentElement as unknown as Element;
  if (root.localName !== "Document" || root.namespaceURI !== ns) problems.push(`root is ${root.localName} in ${String(root.namespaceURI)}`);
  const walk = (element: Element) => {
    const names = children(element).map((c) => c.localName!);
    for (const c of children(element)) if (c.namespaceURI !== ns) problems.push(`${c.localName} outside the namespace`);
    const order = sequences[element.localName!];
    if (order) {
      const positions = names.map((n) => order.indexOf(n));
      if (positions.some((p) => p < 0)) problems.push(`${element.localName} has unknown children ${names.join(",")}`);
      if (positions.some((p, i) => i > 0 && p < positions[i - 1])) problems.push(`${element.localName} children out of order: ${names.join(",")}`);
    }
    for (const name of required[element.localName!] ?? []) if (!names.includes(name)) problems.push(`${element.localName} lacks ${name}`);
    children(element).forEach(walk);
  };
  walk(root);
  const initiation = child(root, "CstmrCdtTrfInitn")!;
  const header = child(initiation, "GrpHdr")!;
  const blocks: AuditedBlock[] = children(initiation).filter((c) => c.localName === "PmtInf").map((info) => {
    const transfers = children(info).filter((c) => c.localName === "CdtTrfTxInf").map((tx) => {
      const amount = path(tx, "Amt", "InstdAmt")!;
      const iban = text(path(tx, "CdtrAcct", "Id", "IBAN"));
      const bic = text(path(tx, "CdtrAgt", "FinInstnId", "BIC"));
      if (iban && !isValidIBAN(iban)) problems.push(`creditor IBAN ${iban} is not valid`);
      if (bic && !isValidBIC(bic)) problems.push(`creditor BIC ${bic} is not valid`);
      if (!/^\d+(\.\d{1,2})?$/.test(amount.textContent ?? "")) problems.push(`amount ${String(amount.textContent)} is not a decimal with two places`);
      return { endToEndId: text(path(tx, "PmtId", "EndToEndId"))!, amount: amount.textContent!, currency: amount.getAttribute("Ccy")!, iban, bic, name: text(path(tx, "Cdtr", "Nm"))! };
    });
    const debtorIban = text(path(info, "DbtrAcct", "Id", "IBAN"));
    const debtorBic = text(path(info, "DbtrAgt", "FinInstnId", "BIC"));
    if (debtorIban && !isValidIBAN(debtorIban)) problems.push(`debtor IBAN ${debtorIban} is not valid`);
    if (debtorBic && !isValidBIC(debtorBic)) problems.push(`debtor BIC ${debtorBic} is not valid`);
    const block = {
      id: text(child(info, "PmtInfId"))!, nbOfTxs: Number(text(child(info, "NbOfTxs"))), ctrlSum: text(child(info, "CtrlSum"))!,
      serviceLevel: text(path(info, "PmtTpInf", "SvcLvl", "Cd")), executionDate: text(child(info, "ReqdExctnDt"))!, debtorIban, debtorBic, transfers,
    };
    if (block.nbOfTxs !== transfers.length) problems.push(`block ${block.id} NbOfTxs ${block.nbOfTxs} ≠ ${transfers.length} transfers`);
    const sum = transfers.reduce((t, x) => t.plus(x.amount), money(0));
    if (!sum.eq(block.ctrlSum)) problems.push(`block ${block.id} CtrlSum ${block.ctrlSum} ≠ ${sum.toFixed(2)}`);
    return block;
  });
  const nbOfTxs = Number(text(child(header, "NbOfTxs")));
  const ctrlSum = text(child(header, "CtrlSum"))!;
  const all = blocks.flatMap((b) => b.transfers);
  if (nbOfTxs !== all.length) problems.push(`group NbOfTxs ${nbOfTxs} ≠ ${all.length}`);
  if (!all.reduce((t, x) => t.plus(x.amount), money(0)).eq(ctrlSum)) problems.push(`group CtrlSum ${ctrlSum} ≠ the transfers' sum`);
  return { nbOfTxs, ctrlSum, blocks, problems };
}
