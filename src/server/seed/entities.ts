/**
 * Demo data of further entities, per company, after its vendors, purchase orders and invoices.
 * Each seeder adds its rows consistently with what exists (same company, real ids, balances that agree).
 */
import type { DB } from "../db/connect.js";
import { adminSeed } from "./admin.js";
import { captureSeed } from "./capture.js";
import { checksSeed } from "./checks.js";
import { expensesSeed } from "./expenses.js";
import { chartSeed, journalSeed } from "./ledger.js";
import { payablesSeed } from "./payables.js";
import { reimbursementSeed } from "./reimbursement.js";
import { seedPurchasing } from "./purchasing.js";
import { scansSeed } from "./scans.js";
import type { Random } from "./random.js";

export interface SeedContext {
  companyId: number;
  currency: string;
  country: string;
  random: Random;
  /** login e-mail → user id (all demo users) */
  users: ReadonlyMap<string, number>;
  /** login e-mail → contact id in this company */
  contactIds: ReadonlyMap<string, number>;
  vendorIds: readonly number[];
  subsidiaryIds: readonly number[];
  purchaseOrderIds: readonly number[];
  invoiceIds: readonly number[];
}

export type EntitySeed = (db: DB, context: SeedContext) => Promise<void>;

/**
 * in order: the chart of accounts before the payment methods that link to it, the journal after what it posts,
 * the capture after the scans it reads, the checks after the payments they pay
 */
export const entitySeeds: readonly EntitySeed[] = [chartSeed, payablesSeed, reimbursementSeed, seedPurchasing, expensesSeed, adminSeed, journalSeed, scansSeed, captureSeed, checksSeed];
