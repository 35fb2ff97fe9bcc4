/**
 * Expense policies and the rule an expense item is checked against (docs/expenses-and-cards.md):
 * an item of an ACTIVE policy's currency breaks it when its amount is over the limit of its category,
 * over the per-diem allowance (per diem × days), or over the receipt threshold without a receipt.
 * The item's policy is its report's. The verdict is stored on the item (policy_violation).
 */
import { sql } from "kysely";
import { money, round } from "../../../framework/money.js";
import type { DB } from "../../db/connect.js";
import { unprocessable } from "../../errors.js";
import type { Row } from "../../resources/context.js";
import type { ResourceHooks } from "../../resources/modules.js";

export interface PolicyRules {
  status: string;
  currency_code: string;
  categories: readonly { category: string; limit: string }[];
  per_diems: string | null;
  receipt_required_over: string | null;
  /** warn (the default) or block */
  violation_action?: string;
}

export interface CheckedItem {
  amount: string;
  currency_code: string | null;
  category_name: string | null;
  expense_type: string;
  per_diem_days: number | null;
  receipt_attached: boolean;
}

/** Mileage and per diem are priced by rates and have no receipt to show. */
export const pricedByRate = ["mileage", "per diem"];

const key = (name: string | null | undefined) => String(name ?? "").trim().toLowerCase();

/** Why the item breaks the policy (the reasons joined by "; "), or null when it does not. */
export function policyViolation(item: CheckedItem, policy: PolicyRules | null | undefined): string | null {
  if (!policy || policy.status !== "ACTIVE" || item.currency_code !== policy.currency_code) return null;
  const amount = money(String(item.amount));
  const currency = policy.currency_code;
  const reasons: string[] = [];
  const category = key(item.category_name) ? policy.categories.find((c) => key(c.category) === key(item.category_name)) : undefined;
  if (category && amount.gt(category.limit)) reasons.push(`Over the ${category.category} limit of ${round(category.limit)} ${currency}`);
  if (item.expense_type === "per diem" && policy.per_diems !== null && item.per_diem_days) {
    const allowance = money(policy.per_diems).times(item.per_diem_days);
    if (amount.gt(allowance)) reasons.push(`Over the per diem allowance of ${round(allowance)} ${currency} for ${item.per_diem_days} days`);
  }
  if (policy.receipt_required_over !== null && !pricedByRate.includes(item.expense_type) && !item.receipt_attached && amount.gt(policy.receipt_required_over)) {
    reasons.push(`Receipt required over ${round(policy.receipt_required_over)} ${currency}`);
  }
  return reasons.length ? reasons.join("; ") : null;
}

export async function loadPolicy(trx: DB, policyId: unknown): Promise<PolicyRules | undefined> {
  if (policyId === null || policyId === undefined) return undefined;
  return (await trx.selectFrom("policies").select(["status", "currency_code", "categories", "per_diems", "receipt_required_over", "violation_action"])
    .where("id", "=", policyId as number).executeTakeFirst());
}

/** Report statuses whose items follow policy changes; approved and paid reports keep their verdict. */
const undecided = ["DRAFT", "NEW", "PENDING", "REJECTED"];

/** Re-check the items of undecided reports filed under a policy, or of one report. */
export async function recheckItems(trx: DB, where: { policyId: number } | { reportId: number }): Promise<void> {
  let query = trx.selectFrom("expense_items as i").innerJoin("expense_reports as r", "r.id", "i.expense_report_id")
    .select(["i.id", "i.amount", "i.currency_code", "i.category_name", "i.expense_type", "i.per_diem_days", "i.receipt_attached", "i.policy_violation", "r.policy_id"]);
  query = "policyId" in where
    ? query.where("r.policy_id", "=", where.policyId).where("r.status", "in", undecided)
    : query.where("r.id", "=", where.reportId);
  const items = (await query.execute()) as (CheckedItem & Row)[];
  const policies = new Map<unknown, PolicyRules | undefined>();
  for (const item of items) {
    if (!policies.has(item.policy_id)) policies.set(item.policy_id, await loadPolicy(trx, item.policy_id));
    const verdict = policyViolation(item, policies.get(item.policy_id));
    if (verdict !== item.policy_violation) {
      await trx.updateTable("expense_items").set({ policy_violation: verdict, updated_at: new Date() }).where("id", "=", item.id as number).execute();
    }
  }
}

export const policyHooks: ResourceHooks = {
  async decorate(rows, ctx) {
    const ids = rows.map((r) => r.id as number);
    const counts = ids.length
      ? await ctx.db.selectFrom("expense_reports").select(["policy_id", sql<number>`count(*)::int`.as("n")])
        .where("company_id", "=", ctx.company.id).where("policy_id", "in", ids).groupBy("policy_id").execute()
      : [];
    const byPolicy = new Map<unknown, number>(counts.map((c) => [c.policy_id, Number(c.n)]));
    for (const row of rows) {
      const categories = (row.categories as PolicyRules["categories"] | null) ?? [];
      row.departments_str = ((row.departments as string[] | null) ?? []).join(", ");
      row.categories_str = categories.map((c) => `${c.category} (${round(c.limit)})`).join(", ");
      row.reports_count = byPolicy.get(row.id) ?? 0;
    }
  },
  beforeCreate(data) {
    checkCategories(data);
  },
  beforeUpdate(data) {
    checkCategories(data);
  },
  async afterWrite(row, _ctx, trx) {
    await recheckItems(trx, { policyId: row.id as number });
  },
};

/** One limit per category: a second line for the same category would make the limit ambiguous. */
function checkCategories(data: Row): void {
  const names = ((data.categories as PolicyRules["categories"] | undefined) ?? []).map((c) => key(c.category));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw unprocessable({ categories: [`has the category ${twice} more than once`] });
}
