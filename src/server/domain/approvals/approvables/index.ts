/** The approval engine's view of each approvable record type, by approvable type. */
import type { ApprovableType, WorkflowType } from "../../../../framework/resource.js";
import type { DB } from "../../../db/connect.js";
import type { Ctx, Row } from "../../../resources/context.js";
import { accrualEngine } from "./accrual.js";
import { creditMemoEngine } from "./credit-memo.js";
import { expenseReportEngine } from "./expense-report.js";
import type { Facts } from "./facts.js";
import { invoiceEngine } from "./invoice.js";
import { paymentMethodEngine } from "./payment-method.js";
import { paymentRunEngine } from "./payment-run.js";
import { paymentEngine } from "./payment.js";
import { purchaseOrderEngine } from "./purchase-order.js";
import { purchaseEngine } from "./purchase.js";
import { vendorEngine } from "./vendor.js";
import { virtualCardEngine } from "./virtual-card.js";

/** How the engine reads and moves one approvable type's records. */
export interface Engine {
  /** the resource that sees the record in every approval state (its table holds the records; locks, links) */
  resource: string;
  /** whose workflows apply; default: the approvable type itself */
  workflowType?: WorkflowType;
  /** on a table shared by several types (payments), whether the record is of this type */
  owns?(record: Row): boolean;
  /** the record's own checks before a submit or an approval (e.g. GL coding) */
  check?(record: Row, action: "submit" | "approve", trx: DB, ctx: Ctx): Promise<void> | void;
  /** the record's contact column naming who asked for it (OTHER steps ask that contact's manager);
   *  none, or empty on the record: the submitting user's contact */
  requester?: string;
  /** the contacts the record is for (an expense report's employee, a card's holder): they never approve it,
   *  whatever the workflow's allow_self_approval (segregation.ts) */
  beneficiaries?(record: Row, trx: DB, ctx: Ctx): Promise<number[]> | number[];
  /** the values the triggers compare */
  facts(record: Row, trx: DB, ctx: Ctx): Promise<Facts>;
  /** fields whose change by an edit restarts a pending chain (amount, coding, vendor…); a lines relation's name: any line written */
  restartOn?: readonly string[];
  /**
   * sensitive fields (bank details, limits, tax data): their change on a record in one of `statuses`
   * (approved, in use) puts it back through its workflow, like a submit; a lines relation's name: any line written
   */
  reapprove?: { fields: readonly string[]; statuses: readonly string[] };
  /** the record's own submitter columns, set when its chain (re)starts */
  submitted?(ctx: Ctx): Row;
  /** the record's own columns that follow its status, set in the same update (a purchase order's approval_status) */
  statusColumns?(status: string): Row;
  /** what follows the record's status in other tables (e.g. an expense report's items) */
  moved?(record: Row, status: string, trx: DB): Promise<void>;
  /** the record's status once every step approved */
  approvedStatus(record: Row): string;
  rejectedStatus: string;
  pendingStatus: string;
  /** what the record's approval does beyond its status (e.g. the invoice's ledger entry), in the approving transaction */
  onApproved?(trx: DB, ctx: Ctx, record: Row): Promise<unknown>;
  /** after a rejection, in its transaction: undo what the record holds (e.g. a payment run's reservations) */
  onRejected?(trx: DB, ctx: Ctx, record: Row): Promise<void>;
  /** the record's amount column, shown with its approvals (default `amount`; absent from the table: none) */
  amountColumn?: string;
}

export const engines: Readonly<Partial<Record<ApprovableType, Engine>>> = {
  Invoice: invoiceEngine,
  PurchaseOrder: purchaseOrderEngine,
  Payment: paymentEngine,
  PaymentRun: paymentRunEngine,
  CreditMemo: creditMemoEngine,
  ExpenseReport: expenseReportEngine,
  Vendor: vendorEngine,
  VirtualCard: virtualCardEngine,
  Purchase: purchaseEngine,
  PaymentMethod: paymentMethodEngine,
  Accrual: accrualEngine,
};
