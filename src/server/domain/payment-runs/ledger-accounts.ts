/**
 * The ledger accounts a payment posts to: Accounts Payable (2000) and the bank (1000), found by
 * number as the demo chart of accounts and the seeded journal do. When originating accounts carry
 * their own GL account (payment_methods.account_id), the bank account should come from it.
 */
import type { DB } from "../../db/connect.js";
import { conflict } from "../../http/errors.js";

export const payableAccountNumber = "2000";
export const bankAccountNumber = "1000";

export async function paymentAccounts(trx: DB, companyId: number): Promise<{ payable: number; bank: number }> {
  const rows = await trx.selectFrom("accounts").select(["id", "number"]).where("company_id", "=", companyId)
    .where("number", "in", [payableAccountNumber, bankAccountNumber]).execute();
  const id = (number: string) => rows.find((r) => r.number === number)?.id as number | undefined;
  const payable = id(payableAccountNumber);
  const bank = id(bankAccountNumber);
  if (payable === undefined || bank === undefined) {
    throw conflict(`The chart of accounts needs account ${payableAccountNumber} (Accounts Payable) and ${bankAccountNumber} (bank) to post payments.`);
  }
  return { payable, bank };
}
