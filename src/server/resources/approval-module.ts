/**
 * The approval part of a server module: what the approval engine (src/server/domain/approvals) cannot
 * read from the resource's `approval` declaration — the facts its workflow triggers compare, the
 * record's own checks, and what an approval or a rejection does beyond the status. Types only: the
 * generic engine carries it from the module to the approval engine and never calls it.
 */
import type { DB } from "../db/connect.js";
import type { Ctx, Row } from "./context.js";

/** What the workflow triggers compare, read from a record. */
export interface Facts {
  amount: string;
  subsidiaryId?: number | null;
  vendorId?: number | null;
  accountIds?: number[];
  /** department and location names (DEPARTMENT / LOCATION steps name them; no tables of their own) */
  department?: string | null;
  location?: string | null;
  /** linked to at least one purchase order (INVOICE_PO; VENDOR_PO looks for records without one) */
  poLinked?: boolean;
  /** the vendor requires purchase orders (po_not_required false): read by the engine when a VENDOR_PO step asks */
  vendorRequiresPo?: boolean;
}

export interface ApprovalBehaviour {
  /** the values the triggers compare */
  facts(record: Row, trx: DB, ctx: Ctx): Promise<Facts>;
  /** on a table shared by several types (payments), whether the record is of this type */
  owns?(record: Row): boolean;
  /** the record's own checks before a submit or an approval (e.g. GL coding) */
  check?(record: Row, action: "submit" | "approve", trx: DB, ctx: Ctx): Promise<void> | void;
  /** the contacts the record is for (an expense report's employee, a card's holder): they never approve it,
   *  whatever the workflow's allow_self_approval (segregation.ts) */
  beneficiaries?(record: Row, trx: DB, ctx: Ctx): Promise<number[]> | number[];
  /** the record's own submitter columns, set when its chain (re)starts */
  submitted?(ctx: Ctx): Row;
  /** the record's own columns that follow its status, set in the same update (a purchase order's approval_status) */
  statusColumns?(status: string): Row;
  /** what follows the record's status in other tables (e.g. an expense report's items) */
  moved?(record: Row, status: string, trx: DB): Promise<void>;
  /** which of the declared approved statuses the record ends in (required when the declaration names several) */
  approvedStatus?(record: Row): string;
  /** what the record's approval does beyond its status (e.g. the invoice's ledger entry), in the approving transaction */
  onApproved?(trx: DB, ctx: Ctx, record: Row): Promise<unknown>;
  /** after a rejection, in its transaction: undo what the record holds (e.g. a payment run's reservations) */
  onRejected?(trx: DB, ctx: Ctx, record: Row): Promise<void>;
}
