/** The approval engine's view of each approvable record type, by workflow type. */
import type { WorkflowType } from "../../../framework/resource.js";
import type { DB } from "../../db/connect.js";
import type { Ctx, Row } from "../../resources/context.js";
import { invoiceEngine } from "./invoice.js";
import { paymentRunEngine } from "./payment-run.js";

/** How the engine reads and moves one workflow type's records. */
export interface Engine {
  /** the resource declaring `approvable` with this type: its table, submittable statuses and submit permission */
  resource: string;
  /** the record's own checks before a submit or an approval (e.g. GL coding) */
  check?(record: Row, action: "submit" | "approve"): void;
  /** the values the triggers compare */
  facts(record: Row, trx: DB, ctx: Ctx): Promise<{ amount: string; subsidiaryId?: number | null; vendorId?: number | null; accountIds?: number[] }>;
  /** the record's status once every step approved */
  approvedStatus(record: Row): string;
  rejectedStatus: string;
  pendingStatus: string;
  /** what the record's approval does beyond its status (e.g. the invoice's ledger entry), in the approving transaction */
  onApproved?(trx: DB, ctx: Ctx, record: Row): Promise<unknown>;
  /** after a rejection, in its transaction: undo what the record holds (e.g. a payment run's reservations) */
  onRejected?(trx: DB, ctx: Ctx, record: Row): Promise<void>;
  /** tables onApproved / onRejected write: announced after commit like the record's own */
  writes?: readonly string[];
}

export const engines: Readonly<Partial<Record<WorkflowType, Engine>>> = { Invoice: invoiceEngine, PaymentRun: paymentRunEngine };
